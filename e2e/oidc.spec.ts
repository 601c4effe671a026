/**
 * Issue 27 §2: sign in with an identity provider, end to end, at 390 px and at desktop size. The shared server has no
 * provider, so this file starts its own: the test provider (apps/api/test/oidc-provider.ts, oidc-provider with its
 * development login page) and a second Qrib server pointed at it (its own port and data folder, the same built web
 * app), once per worker, both stopped afterwards. A signed-out reader opens a shared offer, Get this offer → login →
 * 'Continue with TestID' → the provider's login page → 'Complete your account' → the offer; the profile's 'Sign-in
 * methods' then lists the provider, and the account (no password) is deleted after confirming at the provider. An identity whose address an account already has links with that account's
 * password. axe, light and dark, on each screen; 'Complete your account' once in Arabic (right to left) and Maltese.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { LANGUAGE_COOKIE_NAME, languageCookieValue } from '@qrib/shared/languages';
import { startTestProvider, type TestProvider } from '../apps/api/test/oidc-provider.ts';
import { freePort, startApiServer, stopChild, waitUntilReady, type ApiServer } from '../scripts/lib/server-process.ts';
import { expectNoSeriousA11yViolations, newAccount } from './helpers.ts';

const PROVIDER_NAME = 'TestID';
const VALLETTA = { latitude: 35.8989, longitude: 14.5146 };

let provider: TestProvider;
let server: ApiServer;
let dataDir: string;
let origin: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  provider = await startTestProvider(`${origin}/api/v1/auth/oidc/callback`);
  dataDir = mkdtempSync(path.join(tmpdir(), 'qrib-oidc-e2e-'));
  server = startApiServer({
    port,
    logFile: path.join(dataDir, 'server.log'),
    env: {
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      RECEIPT_OCR_WORKERS: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_URL: origin,
      WEB_DIST_DIR: process.env.WEB_DIST_DIR,
      SIGNUPS_PER_HOUR: '1000',
      LOGIN_ATTEMPTS_PER_USERNAME: '100',
      LOGIN_ATTEMPTS_PER_IP: '1000',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_DISPLAY_NAME: PROVIDER_NAME,
    },
  });
  await waitUntilReady(server.baseUrl, server.process, 170_000);
});

test.afterAll(async () => {
  if (server) await stopChild(server.process);
  if (provider) await provider.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test.use({ geolocation: VALLETTA, permissions: ['geolocation'] });

async function api(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: origin });
}

/** A demo offer near Valletta, read by a shopper of its own. */
async function demoOfferId(): Promise<number> {
  const context = await api();
  expect((await context.post('/api/v1/auth/signup', { data: newAccount() })).status()).toBe(201);
  const nearby = await context.get(`/api/v1/offers/nearby-offers?latitude=${VALLETTA.latitude}&longitude=${VALLETTA.longitude}&radiusKm=10`);
  expect(nearby.status()).toBe(200);
  const { data } = (await nearby.json()) as { data: { offers: { offerId: number }[] }[] };
  await context.dispose();
  const offerId = data.flatMap((business) => business.offers)[0]?.offerId;
  if (offerId === undefined) throw new Error('the demo has no offer near Valletta');
  return offerId;
}

let logins = 0;
/** A provider account of its own: its login name. */
function providerAccount(claims: { email: string; name: string }): string {
  logins += 1;
  const login = `person${Date.now().toString(36)}${process.pid}x${logins}`;
  provider.accounts.set(login, { ...claims, email_verified: true });
  return login;
}

/** At the provider's own pages: its login form as `login`, then its consent, until the browser is back at Qrib. */
async function signInAtProvider(page: Page, login: string) {
  await page.waitForURL((url) => url.origin === provider.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any');
  await page.locator('button[type="submit"]').click();
  for (let step = 0; step < 3; step += 1) {
    await page.waitForLoadState();
    if (new URL(page.url()).origin !== provider.issuer) return;
    const submit = page.locator('button[type="submit"]');
    if ((await submit.count()) === 0) break;
    await submit.click();
  }
  await page.waitForURL((url) => url.origin === origin);
}

async function expectAccessibleInLightAndDark(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousA11yViolations(page);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a signed-out reader of a shared offer signs up with the provider and lands on the offer; the profile lists it', async ({ page }) => {
  const offerId = await demoOfferId();
  const account = newAccount();
  const login = providerAccount({ email: account.email, name: account.name });

  await page.goto(`${origin}/o/${offerId}`);
  await page.getByRole('link', { name: 'Get this offer' }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fviewoffer%2F${offerId}$`));
  const continueWith = page.getByRole('button', { name: `Continue with ${PROVIDER_NAME}` });
  await expect(continueWith).toBeVisible();
  await expectAccessibleInLightAndDark(page);
  await continueWith.click();
  await signInAtProvider(page, login);

  await expect(page).toHaveURL(/\/oidc\/complete/);
  await expect(page.getByRole('heading', { name: 'Complete your account' })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  await expectAccessibleInLightAndDark(page);
  // Once in Arabic (right to left) and in Maltese: the same screen in the reader's language.
  for (const code of ['ar', 'mt'] as const) {
    await page.context().addCookies([{ name: LANGUAGE_COOKIE_NAME, value: languageCookieValue(code), url: origin }]);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', code === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { name: catalogs[code].oidc.completeTitle })).toBeVisible();
    await expect(page.getByRole('button', { name: catalogs[code].oidc.createAccount })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
  await page.context().addCookies([{ name: LANGUAGE_COOKIE_NAME, value: languageCookieValue('en'), url: origin }]);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Complete your account' })).toBeVisible();

  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Phone').fill(account.phone);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(new RegExp(`/viewoffer/${offerId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto(`${origin}/profile`);
  const methods = page.getByTestId('sign-in-methods');
  await expect(methods.getByRole('heading', { name: 'Sign-in methods' })).toBeVisible();
  await expect(methods).toContainText(`${PROVIDER_NAME} · ${account.email}`);
  await expect(methods).toContainText('No password set');
  await methods.scrollIntoViewIfNeeded();
  await expectAccessibleInLightAndDark(page);

  // No password to type: deleting the account is confirmed by signing in again at the provider (it asks anew).
  const deletion = page.getByTestId('delete-account');
  await expect(deletion.getByLabel('Password')).toHaveCount(0);
  await methods.getByRole('button', { name: `Confirm with ${PROVIDER_NAME}` }).click();
  await signInAtProvider(page, login);
  await expect(page).toHaveURL(/\/profile$/);
  const provided = deletion.getByTestId('delete-account-provider');
  await expect(provided).toContainText(`Confirmed at ${PROVIDER_NAME}`);
  await provided.scrollIntoViewIfNeeded();
  await expectAccessibleInLightAndDark(page);
  await deletion.getByLabel(`Type your username, ${account.username}, to confirm`).fill(account.username);
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('an identity with the address of an existing account links to it with that account’s password, and signs in', async ({ page }) => {
  const account = newAccount();
  const context = await api();
  expect((await context.post('/api/v1/auth/signup', { data: account })).status()).toBe(201);
  await context.dispose();
  const login = providerAccount({ email: account.email, name: account.name });

  await page.goto(`${origin}/login`);
  await page.getByRole('button', { name: `Continue with ${PROVIDER_NAME}` }).click();
  await signInAtProvider(page, login);

  await expect(page).toHaveURL(/\/oidc\/link/);
  await expect(page.getByRole('heading', { name: `Link ${PROVIDER_NAME} to your account` })).toBeVisible();
  await expectAccessibleInLightAndDark(page);
  await page.getByLabel('Password').fill('not-the-password-2026');
  await page.getByRole('button', { name: 'Link and log in' }).click();
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Link and log in' }).click();
  await expect(page).not.toHaveURL(/\/oidc\//);

  await page.goto(`${origin}/profile`);
  const methods = page.getByTestId('sign-in-methods');
  await expect(methods).toContainText(`${PROVIDER_NAME} · ${account.email}`);
  await expect(methods).not.toContainText('No password set');
});
