/**
 * Configuration from environment variables, validated once at boot (epic-stack style): a bad value stops
 * the process with a message naming the variable. Every variable has a safe default for local use.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { LOGIN_ATTEMPTS_PER_IP, LOGIN_ATTEMPTS_PER_USERNAME, LOGIN_DELAY_MS, MAX_RECEIPT_FILE_BYTES, MAX_RECEIPT_FILES, SIGNUPS_PER_IP_PER_HOUR } from '@qrib/shared';
import type { StorageConfig } from './storage/create-storage.ts';

/** The most file bytes one upload request may carry (a receipt's files): the least the upload budget can be. */
const MAX_UPLOAD_REQUEST_BYTES = MAX_RECEIPT_FILES * MAX_RECEIPT_FILE_BYTES;

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes'].includes(value));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // Loopback unless told otherwise: a first `npm start` (demo accounts with published passwords) is not on the network.
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  COOKIE_SECURE: booleanFlag.default(true),
  SEED_DEMO: booleanFlag.default(true),
  // Browser tests only (kernel/test-clock.ts): this process's clock may be moved through PUT /__test/clock, by whoever
  // sends TEST_CLOCK_TOKEN, from this machine, on a server that listens on loopback behind no proxy.
  TEST_CLOCK: booleanFlag.default(false),
  TEST_CLOCK_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  // false, true (= one proxy hop), a hop count, or a comma-separated list of proxy addresses/CIDRs.
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|[\d.:a-fA-F/]+(,\s*[\d.:a-fA-F/]+)*)$/, {
      error: 'must be false, true, a number of proxy hops, or a comma-separated list of proxy addresses',
    })
    .default('false'),
  SIGNUPS_PER_HOUR: z.coerce.number({ error: 'must be a number' }).int().min(1).default(SIGNUPS_PER_IP_PER_HOUR),
  LOGIN_ATTEMPTS_PER_USERNAME: z.coerce.number({ error: 'must be a number' }).int().min(1).default(LOGIN_ATTEMPTS_PER_USERNAME),
  LOGIN_ATTEMPTS_PER_IP: z.coerce.number({ error: 'must be a number' }).int().min(1).default(LOGIN_ATTEMPTS_PER_IP),
  // Issue 25: past many failed logins on an account, its attempts take turns this far apart (one at a time).
  LOGIN_DELAY_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0.01, { error: 'must be more than 0' })
    .max(60, { error: 'must be at most 60' })
    .default(LOGIN_DELAY_MS / 1000),
  WEB_DIST_DIR: z.string().min(1).optional(),
  // The app's own origin, for refusing cross-site state changes (issue 10); default http://localhost:{PORT}.
  PUBLIC_URL: z.url({ error: 'must be the origin the app is served from, e.g. https://qrib.mt' }).optional(),
  GEOCODER_URL: z.url({ error: 'must be an http(s) URL of a Nominatim-compatible service' }).optional(),
  MAP_STYLE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL of a MapLibre style JSON' }).optional(),
  STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_ENDPOINT: z.url({ error: 'must be a URL' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3, { error: 'must name a bucket' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(true),
  NEARBY_CACHE_ENTRIES: z.coerce
    .number({ error: 'must be a whole number of cells (0 turns the nearby cache off)' })
    .int({ error: 'must be a whole number of cells (0 turns the nearby cache off)' })
    .min(0, { error: 'must be 0 (off) or more' })
    .max(1_000_000, { error: 'must be at most 1000000' })
    .default(2000),
  RECEIPT_OCR_WORKERS: z.coerce
    .number({ error: 'must be a whole number of OCR workers (0 turns receipt verification off)' })
    .int({ error: 'must be a whole number of OCR workers (0 turns receipt verification off)' })
    .min(0, { error: 'must be 0 (off) or more' })
    .max(8, { error: 'must be at most 8 (each worker takes one CPU core and about 100 MB)' })
    .default(2),
  // Usernames given the platform's ADMIN role at every start (issue 14), comma-separated.
  ADMIN_USERNAMES: z
    .string()
    .regex(/^\s*[A-Za-z0-9._-]{3,30}\s*(,\s*[A-Za-z0-9._-]{3,30}\s*)*$/, {
      error: 'must be comma-separated usernames (3 to 30 letters, digits, dots, dashes or underscores each)',
    })
    .optional(),
  // Issue 15: mail. Unset SMTP_URL: every mail is written as an .eml file under DATA_DIR/outbox (the embedded default).
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, { error: 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587' })
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^[^\r\n]*<?[^\s@<>]+@[^\s@<>]+>?$/, { error: 'must be an address, e.g. Qrib <no-reply@qrib.mt>' })
    .default('Qrib <no-reply@qrib.localhost>'),
  // The mailer sends queued mails in the background; false leaves them queued (a replica that only serves requests).
  MAIL_SENDING: booleanFlag.default(true),
  // Who may read Swagger UI and the OpenAPI document at /api/docs: signed-in admins, or anyone.
  API_DOCS: z.enum(['admin', 'public'], { error: 'must be admin or public' }).default('admin'),
  MAIL_RETRY_BASE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0.01, { error: 'must be more than 0' })
    .max(3600, { error: 'must be at most 3600' })
    .default(60),
  // Issue 25: half-written uploads and export archives no export names, untouched this long, are deleted by the daily sweep.
  STORAGE_SWEEP_GRACE_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int({ error: 'must be a whole number of minutes' })
    .min(5, { error: 'must be at least 5 (a slow upload in progress must not be cut)' })
    .max(10_080, { error: 'must be at most 10080 (a week)' })
    .default(60),
  // Issue 25: bytes of uploaded files all requests together may hold (temporary files and the one being checked); a
  // request that would go over answers 503 uploadsBusy. 256 MB suits a 2-core machine with 24 GiB. An upload reserves
  // its declared length (kernel/multipart.ts), so a budget below the largest one a route takes would answer that
  // upload 503 however idle the server: the largest is a receipt's 10 files of 10 MB.
  UPLOAD_BYTES_IN_FLIGHT: z.coerce
    .number({ error: 'must be a whole number of bytes, e.g. 268435456 for 256 MB' })
    .int({ error: 'must be a whole number of bytes, e.g. 268435456 for 256 MB' })
    .min(MAX_UPLOAD_REQUEST_BYTES, { error: `must be at least ${MAX_UPLOAD_REQUEST_BYTES} (100 MB: the largest upload, a receipt of 10 files of 10 MB)` })
    .max(64 * 1024 * 1024 * 1024, { error: 'must be at most 68719476736 (64 GB)' })
    .default(256 * 1024 * 1024),
  // Issue 27: an OpenID Connect provider for 'Login with OAuth' (all four or none).
  // Issue 29 §1: the VAPID key pair pushes are signed with (RFC 8292), both or neither: without them the first replica to
  // boot makes a pair and keeps it in the database for all. VAPID_SUBJECT: who push services may contact about them.
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, { error: 'must be an uncompressed P-256 public key, base64url (87 characters)' }).optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be a P-256 private key, base64url (43 characters)' }).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, { error: 'must be a mailto: address or an https: URL' })
    .default('mailto:push@qrib.mt'),
  // Issue 29 §1: the pusher sends queued pushes in the background; false leaves them queued (a replica that only serves
  // requests; tests by default, which drain it themselves).
  PUSH_SENDING: booleanFlag.default(true),
  // Push services on this machine (host:port, comma-separated) reached over plain HTTP without the check that a
  // subscription's address is public: the tests' and the bench's local push service. Never in production.
  PUSH_ALLOWED_HOSTS: z
    .string()
    .regex(/^((localhost|127\.0\.0\.1|\[::1\]):\d{1,5})(,(localhost|127\.0\.0\.1|\[::1\]):\d{1,5})*$/, { error: 'must be loopback host:port pairs, comma-separated, e.g. 127.0.0.1:9999' })
    .optional(),
  PUSH_RETRY_BASE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0.01, { error: 'must be more than 0' })
    .max(3600, { error: 'must be at most 3600' })
    .default(30),
  // Devices a replica sends to at once.
  PUSH_CONCURRENCY: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(512, { error: 'must be at most 512' })
    .default(128),
  OIDC_ISSUER: z.url({ protocol: /^https?$/, error: 'must be the provider\'s issuer URL, e.g. https://accounts.google.com' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_DISPLAY_NAME: z.string().trim().min(1).max(40, { error: 'must be at most 40 characters' }).optional(),
}).superRefine((env, context) => {
  if (env.TEST_CLOCK) {
    if (env.TEST_CLOCK_TOKEN === undefined) context.addIssue({ code: 'custom', path: ['TEST_CLOCK_TOKEN'], message: 'is required with TEST_CLOCK' });
    if (!['127.0.0.1', '::1', 'localhost'].includes(env.HOST)) context.addIssue({ code: 'custom', path: ['HOST'], message: 'must be loopback with TEST_CLOCK' });
    if (env.TRUST_PROXY !== 'false') context.addIssue({ code: 'custom', path: ['TRUST_PROXY'], message: 'must be false with TEST_CLOCK' });
  }
  if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
    const missing = env.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY';
    context.addIssue({ code: 'custom', path: [missing], message: 'is required with the other VAPID key (both or neither)' });
  }
  const oidc = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_DISPLAY_NAME'] as const;
  if (oidc.some((name) => env[name] !== undefined)) {
    for (const name of oidc) {
      if (env[name] === undefined) context.addIssue({ code: 'custom', path: [name], message: 'is required when any OIDC_* variable is set' });
    }
  }
  if (env.STORAGE !== 's3') return;
  for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: 'is required when STORAGE=s3' });
  }
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  cookieSecure: boolean;
  seedDemo: boolean;
  /** kernel/test-clock.ts: the browser tests' injected clock and the token that moves it; undefined: none. */
  testClock: { token: string } | undefined;
  /** Fastify's trustProxy: never `true` (that would trust a client's own X-Forwarded-For). */
  trustProxy: false | number | string;
  signupsPerHour: number;
  /** Login attempts per IP and username, and per IP, in each window (the per-account limit is fixed). */
  loginAttemptsPerUsername: number;
  loginAttemptsPerIp: number;
  /** Issue 25: past LOGIN_DELAY_AFTER_FAILURES failed logins on an account, the time between two of its attempts. */
  loginDelayMs: number;
  webDistDir: string;
  geocoderUrl: string | undefined;
  /** A MapLibre style of a tile service for the map view; unset, the app draws its offline basemap (ADR 013). */
  mapStyleUrl: string | undefined;
  /** The app's own origin (scheme, host, port): a state change whose Origin differs is refused. */
  publicOrigin: string;
  storage: StorageConfig;
  /** Grid cells the nearby response cache keeps (least recently used go first); 0 turns it off. */
  nearbyCacheEntries: number;
  /** Tesseract workers reading uploaded receipts in the background; 0 leaves receipts PENDING. */
  receiptOcrWorkers: number;
  /** Usernames granted the ADMIN role when the server starts (issue 14); empty when ADMIN_USERNAMES is unset. */
  adminUsernames: string[];
  /** Issue 15: the SMTP server mails go through; undefined writes them as .eml files to `mailOutboxDir`. */
  smtpUrl: string | undefined;
  /** The From of every mail. */
  mailFrom: string;
  /** Where mails are written without SMTP_URL (DATA_DIR/outbox); files older than OUTBOX_FILE_DAYS are deleted. */
  mailOutboxDir: string;
  /** Whether this process sends queued mails (the background mailer); tests turn it on where they read mail. */
  mailSending: boolean;
  /** The first retry's wait after a failed send; each further one waits four times longer. */
  mailRetryBaseMs: number;
  /** Issue 25: how long a half-written upload or an export archive no export names is left before the daily sweep deletes it. */
  storageSweepGraceMs: number;
  /** Who may read /api/docs (Swagger UI and the OpenAPI JSON): signed-in admins only, or anyone. */
  apiDocs: 'admin' | 'public';
  /** Issue 25: bytes of uploaded files in flight across all requests of this process; more answers 503 uploadsBusy. */
  uploadBytesInFlight: number;
  /** Issue 29 §1: the configured VAPID pair (undefined: the one kept in the database) and its subject. */
  vapid: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
  /** Issue 29 §1: whether this replica sends queued pushes; the local push services it may reach; retries; width. */
  pushSending: boolean;
  pushAllowedHosts: string[];
  pushRetryBaseMs: number;
  pushConcurrency: number;
  /** Issue 27: the OpenID Connect provider of 'Login with OAuth'; undefined: the button keeps the spec's message. */
  oidc: OidcConfig | undefined;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  displayName: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * Parses the environment. `JWT_SECRET` unset: a secret is generated once and kept in `DATA_DIR/jwt-secret`
 * so restarts keep sessions (replicas sharing one database must set JWT_SECRET themselves).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    nodeEnv: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    logLevel: values.LOG_LEVEL,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    jwtSecret: values.JWT_SECRET ?? readOrCreateSecret(dataDir),
    cookieSecure: values.COOKIE_SECURE,
    seedDemo: values.SEED_DEMO,
    testClock: values.TEST_CLOCK && values.TEST_CLOCK_TOKEN ? { token: values.TEST_CLOCK_TOKEN } : undefined,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    signupsPerHour: values.SIGNUPS_PER_HOUR,
    loginAttemptsPerUsername: values.LOGIN_ATTEMPTS_PER_USERNAME,
    loginAttemptsPerIp: values.LOGIN_ATTEMPTS_PER_IP,
    loginDelayMs: Math.round(values.LOGIN_DELAY_SECONDS * 1000),
    webDistDir: path.resolve(values.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    geocoderUrl: values.GEOCODER_URL,
    mapStyleUrl: values.MAP_STYLE_URL,
    publicOrigin: new URL(values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).origin,
    storage:
      values.STORAGE === 's3'
        ? {
            driver: 's3',
            endpoint: values.S3_ENDPOINT,
            region: values.S3_REGION,
            bucket: values.S3_BUCKET ?? '',
            accessKeyId: values.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: values.S3_SECRET_ACCESS_KEY ?? '',
            forcePathStyle: values.S3_FORCE_PATH_STYLE,
          }
        : { driver: 'local', rootDir: path.join(dataDir, 'uploads') },
    nearbyCacheEntries: values.NEARBY_CACHE_ENTRIES,
    receiptOcrWorkers: values.RECEIPT_OCR_WORKERS,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    mailOutboxDir: path.join(dataDir, 'outbox'),
    mailSending: values.MAIL_SENDING,
    mailRetryBaseMs: Math.round(values.MAIL_RETRY_BASE_SECONDS * 1000),
    storageSweepGraceMs: values.STORAGE_SWEEP_GRACE_MINUTES * 60_000,
    apiDocs: values.API_DOCS,
    uploadBytesInFlight: values.UPLOAD_BYTES_IN_FLIGHT,
    vapid: values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY ? { publicKey: values.VAPID_PUBLIC_KEY, privateKey: values.VAPID_PRIVATE_KEY } : undefined,
    vapidSubject: values.VAPID_SUBJECT,
    pushSending: values.PUSH_SENDING,
    pushAllowedHosts: values.PUSH_ALLOWED_HOSTS ? values.PUSH_ALLOWED_HOSTS.split(',') : [],
    pushRetryBaseMs: Math.round(values.PUSH_RETRY_BASE_SECONDS * 1000),
    pushConcurrency: values.PUSH_CONCURRENCY,
    oidc:
      values.OIDC_ISSUER && values.OIDC_CLIENT_ID && values.OIDC_CLIENT_SECRET && values.OIDC_DISPLAY_NAME
        ? { issuer: values.OIDC_ISSUER, clientId: values.OIDC_CLIENT_ID, clientSecret: values.OIDC_CLIENT_SECRET, displayName: values.OIDC_DISPLAY_NAME }
        : undefined,
    adminUsernames: [...new Set((values.ADMIN_USERNAMES ?? '').split(',').map((name) => name.trim()).filter((name) => name !== ''))],
  };
}

/** For entry points: the configuration, or the process ends with the message naming each bad variable. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function parseTrustProxy(value: string): false | number | string {
  if (value === 'false') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value) || false;
  return value;
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
