/** Test helpers: a fresh database per test file, the real app per test, sign-up through the real endpoint. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { LOGIN_ATTEMPTS_PER_IP, LOGIN_ATTEMPTS_PER_USERNAME, signupResponseSchema, vendorResponseSchema } from '@qrib/shared';
import { buildApp, type App } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { vendors } from '../src/db/schema.ts';
import { bodyOf } from './client.ts';
import { databaseUrlWithName, uniqueDatabaseName, withAdminClient } from './database-template.ts';
import { makePng, multipartBody } from './fixtures.ts';

export { api, bodyOf, nearbyBusinessesResponseSchema } from './client.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/**
 * Test files run in parallel (vitest.config.ts), each in a process of its own: the folders a config names by default
 * are one set per process, so no file (nor another run of the suite) writes where a file running beside it reads.
 */
const workerTmp = (name: string) => path.join(tmpdir(), `${name}-${process.pid}`);

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    nodeEnv: 'test',
    host: '127.0.0.1',
    port: 0,
    logLevel: 'silent',
    dataDir: workerTmp('qrib-test-data'),
    databaseUrl: undefined,
    jwtSecret: TEST_JWT_SECRET,
    cookieSecure: true,
    seedDemo: false,
    testClock: undefined,
    // Issue 29 §1: the pair kept in the test database, as a server without VAPID_* keys has.
    vapid: undefined,
    vapidSubject: 'mailto:push@qrib.test',
    // Issue 29 §1: no background pusher unless a test asks for one (test/push-service.ts runs a local push service).
    pushSending: false,
    pushAllowedHosts: [],
    pushRetryBaseMs: 50,
    pushConcurrency: 16,
    trustProxy: false,
    signupsPerHour: 1000,
    loginAttemptsPerUsername: LOGIN_ATTEMPTS_PER_USERNAME,
    loginAttemptsPerIp: LOGIN_ATTEMPTS_PER_IP,
    // Issue 25: failed logins past the threshold take turns; 2 s turns would make a test of ten concurrent ones last 20 s.
    loginDelayMs: 50,
    webDistDir: path.join(tmpdir(), 'qrib-no-web-build'),
    geocoderUrl: undefined,
    mapStyleUrl: undefined,
    publicOrigin: 'http://localhost:3000',
    // createTestApp gives each app a folder of its own; this one is only for a config built without an app.
    storage: { driver: 'local', rootDir: workerTmp('qrib-test-uploads') },
    // Off by default: tests read right after writing, and on PostgreSQL a cache hears a change moments after its
    // commit (the triggers' NOTIFY). The cache has its own tests.
    nearbyCacheEntries: 0,
    // No OCR workers unless a test asks for them: tesseract starts only where receipts are verified.
    receiptOcrWorkers: 0,
    adminUsernames: [],
    // Issue 15: no SMTP server and no background mailer unless a test asks for them (test/mail.ts starts a real one).
    smtpUrl: undefined,
    mailFrom: 'Qrib <no-reply@qrib.test>',
    mailOutboxDir: workerTmp('qrib-test-outbox'),
    mailSending: false,
    mailRetryBaseMs: 50,
    apiDocs: 'admin',
    uploadBytesInFlight: 256 * 1024 * 1024,
    storageSweepGraceMs: 60 * 60_000,
    // Issue 27: no identity provider unless a test starts one (test/routes/oidc.test.ts).
    oidc: undefined,
    ...overrides,
  };
}

export interface TestDatabase {
  database: Database;
  /** Another connection to the same database, as a second API replica would have. */
  openReplica(): Promise<{ database: Database; close(): Promise<void> }>;
  drop(): Promise<void>;
}

/** A new database cloned from the migrated template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    const dump = new Blob([readFileSync(template.dumpPath)]);
    const database = await openDatabase({ kind: 'pglite', dump });
    // PGlite lives in one process: a "replica" shares the same instance.
    return { database, openReplica: async () => ({ database, close: async () => undefined }), drop: () => database.close() };
  }
  // Named after this run's template, so the run's end can drop what a crashed file left (test/global-setup.ts).
  const name = uniqueDatabaseName(template.name);
  await withAdminClient(template.url, (client) =>
    client.query(`CREATE DATABASE "${name}" TEMPLATE "${template.name}"`),
  );
  const url = databaseUrlWithName(template.url, name);
  const database = await openDatabase({ kind: 'postgres', url });
  return {
    database,
    openReplica: async () => {
      const replica = await openDatabase({ kind: 'postgres', url });
      return { database: replica, close: () => replica.close() };
    },
    drop: async () => {
      await database.close();
      await withAdminClient(template.url, (client) => client.query(`DROP DATABASE IF EXISTS "${name}"`));
    },
  };
}

/** Signs up through the real endpoint and returns the session cookie for later requests. */
export async function signUp(app: App, overrides: Record<string, unknown> = {}) {
  const body = signupBody(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: body });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.body}`);
  const json = bodyOf(response, signupResponseSchema);
  return { ...body, userId: json.user.id, token: json.token, cookies: { auth_token: json.token } };
}

/**
 * Registers a business for a signed-up account through the real endpoint and approves it (issue 14: a registration
 * is PENDING until an admin approves it), so shoppers see it; answers its vendorId. The approval is a direct UPDATE
 * through the app's database, no admin and no record: tests of the approval itself use `registerPendingBusiness`
 * (or buildPendingShop) and the admin API.
 */
export async function registerBusiness(
  app: App,
  account: { email: string; phone: string; username: string; cookies: Record<string, string> },
  fields: Record<string, string | number> = {},
): Promise<number> {
  const vendorId = await registerPendingBusiness(app, account, fields);
  await app.db.update(vendors).set({ status: 'ACTIVE', statusChangedAt: sql`now()` }).where(eq(vendors.id, vendorId));
  return vendorId;
}

/** Registers a business through the real endpoint and leaves it as registration does: PENDING. Answers its vendorId. */
export async function registerPendingBusiness(
  app: App,
  account: { email: string; phone: string; username: string; cookies: Record<string, string> },
  fields: Record<string, string | number> = {},
): Promise<number> {
  const body = multipartBody(
    {
      businessName: `Shop of ${account.username}`,
      businessType: 'OTHER',
      businessAddress: 'Triq San Pawl, Valletta',
      locationLatitude: 35.8989,
      locationLongitude: 14.5146,
      primaryContactName: 'Owner',
      contactEmail: account.email,
      contactPhone: account.phone,
      ...fields,
    },
    [{ field: 'documents', filename: 'licence.png', contentType: 'image/png', content: await makePng(8, 8) }],
  );
  const response = await app.inject({ method: 'POST', url: '/api/v1/vendors/', ...body, cookies: account.cookies });
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.body}`);
  return bodyOf(response, vendorResponseSchema).data.vendorId;
}

/** The real app on a test database; unless the test brings its own storage, uploads go to a temporary folder removed on close. */
export async function createTestApp(database: Database, overrides: Partial<Config> = {}): Promise<App> {
  const ownUploads = overrides.storage ? undefined : mkdtempSync(path.join(tmpdir(), 'qrib-uploads-'));
  const removeUploads = async () => {
    if (ownUploads) rmSync(ownUploads, { recursive: true, force: true });
  };
  const storage = ownUploads ? { storage: { driver: 'local' as const, rootDir: ownUploads } } : {};
  try {
    const app = await buildApp({ config: testConfig({ ...storage, ...overrides }), database, closeDatabase: false, logger: false });
    app.addHook('onClose', removeUploads);
    return app;
  } catch (error) {
    await removeUploads();
    throw error;
  }
}

let counter = 0;
/** A valid sign-up body with a unique username and email. */
/** What `useTestApp` hands its file: the file's database, and the app (and uploads folder) of the running test. */
export interface TestApp {
  testDb: TestDatabase;
  app: App;
  uploads: string;
}

/**
 * The usual lifecycle of an API test file: one test database for the file, a fresh app for each test, closed
 * afterwards. With `uploadsPrefix`, each test's app stores files in its own temporary folder, removed after
 * the test (otherwise `uploads` is ''). `use` receives the current values whenever they change, so a file keeps
 * plain variables: `useTestApp({}, (made) => ({ testDb, app } = made))`. Hooks the file adds after this call
 * run after these (the database exists) and their after-hooks before these (the app is still open).
 */
export function useTestApp(options: { uploadsPrefix?: string }, use: (made: TestApp) => void) {
  const made = {} as TestApp;
  beforeAll(async () => {
    made.testDb = await createTestDatabase();
    use(made);
  });
  afterAll(async () => {
    await made.testDb.drop();
  });
  beforeEach(async () => {
    made.uploads = options.uploadsPrefix ? mkdtempSync(path.join(tmpdir(), options.uploadsPrefix)) : '';
    made.app = await createTestApp(
      made.testDb.database,
      made.uploads ? { storage: { driver: 'local', rootDir: made.uploads } } : {},
    );
    use(made);
  });
  afterEach(async () => {
    await made.app.close();
    if (made.uploads) rmSync(made.uploads, { recursive: true, force: true });
  });
}

export function signupBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const suffix = `${process.pid}${counter}`;
  return {
    name: 'Maria Borg',
    email: `maria${suffix}@example.com`,
    phone: '+356 7912 3456',
    username: `maria${suffix}`,
    password: 'secret123',
    ...overrides,
  };
}

/** Reads one Set-Cookie header of an inject response into its attributes. */
export function parseSetCookie(header: string | string[] | undefined, name: string) {
  const headers = Array.isArray(header) ? header : header ? [header] : [];
  const line = headers.find((value) => value.startsWith(`${name}=`));
  if (!line) return undefined;
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  const value = pair.slice(name.length + 1);
  const flags = new Map(
    attributes.map((attribute) => {
      const [key = '', ...rest] = attribute.split('=');
      return [key.toLowerCase(), rest.join('=')] as const;
    }),
  );
  return { value, flags };
}
