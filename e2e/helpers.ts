import AxeBuilder from '@axe-core/playwright';
import { expect, request, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';

export function isMobile(testInfo: TestInfo): boolean {
  return testInfo.project.name === 'mobile';
}

let counter = 0;
export function newAccount() {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${process.pid}${counter}`;
  return {
    name: 'Carmen Spiteri',
    email: `carmen${suffix}@example.com`,
    phone: '+356 9912 3456',
    username: `carmen${suffix}`,
    password: 'valletta2026',
  };
}

/** Fills the sign-up form already on screen with `account` and sends it. */
export async function submitSignupForm(page: Page, account: ReturnType<typeof newAccount>) {
  await page.getByLabel('Full name').fill(account.name);
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Phone').fill(account.phone);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

export async function signUpThroughForm(page: Page, account = newAccount()) {
  await page.goto('/signup');
  await submitSignupForm(page, account);
  await expect(page).toHaveURL(/\/$/);
  return account;
}

export async function logInThroughForm(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/**
 * What the app's own fetch carries on a write: the browser marks it same-origin, and the API refuses cookie-borne or
 * sign-in writes from another site (apps/api/src/plugins/auth.ts isCrossSite). `page.request` is no browser fetch, so
 * the helpers below say it themselves.
 */
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' } as const;

/**
 * Signs `account` up through the API in the page's browser context (`page.request` shares its cookies, so the session
 * cookie lands where the page will read it), for tests whose subject is not the sign-up form; answers the account.
 * The page stays where it was: the test opens the screen it needs (after signUpThroughForm it was on the home).
 */
export async function signUpByApi(page: Page, account = newAccount()) {
  const { name, email, phone, username, password } = account;
  const response = await page.request.post('/api/v1/auth/signup', { headers: SAME_ORIGIN, data: { name, email, phone, username, password } });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

/** Logs in through the API in the page's browser context, as signUpByApi signs up; the test then opens its screen. */
export async function logInByApi(page: Page, username: string, password: string) {
  const response = await page.request.post('/api/v1/auth/login', { headers: SAME_ORIGIN, data: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Opens the mobile menu, or does nothing on desktop where the sidebar is always there. */
export async function openNavigation(page: Page, testInfo: TestInfo) {
  if (isMobile(testInfo)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  }
}

/**
 * No serious or critical axe-core violation on the page as it settles: colour transitions (a theme switch
 * fades links' colours) finish first, so contrast is measured on the colours people read, not halfway.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  await page.evaluate(async () => {
    // Transitions only (a spinner's animation never finishes), and at most a second.
    const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    const settled = Promise.all(transitions.map((transition) => transition.finished.catch(() => undefined)));
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 1_000))]);
  });
  // The same rules on the same page, at a third of the cost (measured: 0.9 s -> 0.33 s a call, where the calls took a
  // third of the suite's time): legacy mode runs axe in the page itself instead of opening a second page to finish
  // the run (that is for cross-origin iframes, and Qrib's pages have none), and only violations keep their nodes.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.map((node) => node.target) }));
  expect(serious).toEqual([]);
}

/** The demo admin the server seeds (apps/api/src/db/seed.ts DEMO_ACCOUNTS.admin). */
export const DEMO_ADMIN = { username: 'rita', password: 'rita2026pass' } as const;
/**
 * The demo shopper the server seeds (DEMO_ACCOUNTS.shopper): verified and over a month old, so established (issue 24,
 * ADR 016) and her reviews are live at once, unlike a new account's. She is one account shared by specs that run at
 * the same time: draw her pages dark with the class, never by changing her stored Dark Mode.
 */
export const DEMO_SHOPPER = { username: 'maria', password: 'maria2026pass', displayName: 'Maria B.' } as const;

/**
 * Approves a registered business as the demo admin would in the console (issue 14: a registration is PENDING and
 * shoppers see none of it until then), signed in through the API in a request context of its own.
 */
export async function approveBusinessByApi(baseURL: string, vendorId: number) {
  const admin = await request.newContext({ baseURL });
  try {
    const login = await admin.post('/api/v1/auth/login', { data: DEMO_ADMIN });
    expect(login.status()).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const decided = await admin.post(`/api/v1/admin/vendors/${vendorId}/decision`, {
      headers: { authorization: `Bearer ${token}` },
      data: { status: 'ACTIVE' },
    });
    expect(decided.status(), await decided.text()).toBe(200);
  } finally {
    await admin.dispose();
  }
}

/**
 * Registers a business (in Mosta, with a small licence image) for the signed-in account of `page`, through the API,
 * and approves it as the demo admin (shoppers see it); answers its vendorId.
 */
export async function registerBusinessByApi(page: Page, businessName: string): Promise<number> {
  const { vendorId, origin } = await registerPending(page, businessName);
  await approveBusinessByApi(origin, vendorId);
  return vendorId;
}

/**
 * Registers a business as registerBusinessByApi does but leaves it PENDING, as every registration is until an admin
 * decides (shoppers see none of it); answers its vendorId.
 */
export async function registerPendingBusinessByApi(page: Page, businessName: string): Promise<number> {
  return (await registerPending(page, businessName)).vendorId;
}

/** The registration itself, and the server's origin (from the answer: the page may not have opened a screen yet). */
async function registerPending(page: Page, businessName: string) {
  const licence = await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();
  const response = await page.request.post('/api/v1/vendors/', {
    multipart: {
      businessName,
      businessType: 'Other',
      businessAddress: 'Triq il-Kbira, Mosta',
      locationLatitude: '35.9097',
      locationLongitude: '14.4256',
      primaryContactName: 'Carmen Spiteri',
      contactEmail: 'kiosk@example.com',
      contactPhone: '+356 9912 3456',
      documents: { name: 'licence.png', mimeType: 'image/png', buffer: licence },
    },
  });
  expect(response.status()).toBe(201);
  const { data } = (await response.json()) as { data: { status: string; vendorId: number } };
  expect(data.status).toBe('PENDING');
  return { vendorId: data.vendorId, origin: new URL(response.url()).origin };
}

/**
 * A LIMITED offer of `units` (five unless said), running from yesterday for 30 days, made through the API by the
 * owner signed in on `request`; answers its id.
 */
export async function createLimitedOfferByApi(request: APIRequestContext, fields: { title: string; description: string; units?: number }): Promise<number> {
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const response = await request.post('/api/v1/offers/', {
    multipart: {
      title: fields.title,
      description: fields.description,
      categoryId: '1',
      discountValue: '50',
      startDate: day(-1),
      endDate: day(30),
      redemptionLimit: 'LIMITED',
      maxRedemptions: String(fields.units ?? 5),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { offerId: number } }).data.offerId;
}

/** Switches the signed-in account's Dark Mode through the API and reloads: the page is then drawn in it (or not). */
export async function setDarkMode(page: Page, on: boolean) {
  const response = await page.request.patch('/api/v1/me', { data: { preferences: { darkMode: on } } });
  expect(response.status()).toBe(200);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(on ? /(^|\s)dark(\s|$)/ : /^(?!.*\bdark\b).*$/);
}

/**
 * axe in light, then in the signed-in account's Dark Mode (a reload), then light again; `ready` waits for the screen's
 * state each time (shared by the trust and staff specs).
 */
export async function expectAccessibleLightAndDark(page: Page, ready: () => Promise<void>) {
  await ready();
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, true);
  await ready();
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, false);
  await ready();
}

/** The bell's button (the mobile and desktop shells each draw one; the visible one). */
export const notificationBell = (page: Page) => page.getByTestId('notification-bell').locator('visible=true');

/** Opens the bell's panel on a fresh page of the account and answers the notification that says `text`. */
export async function notificationSaying(page: Page, text: string) {
  await page.goto('/');
  await notificationBell(page).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  return panel.getByTestId('notification').filter({ hasText: text });
}

/**
 * The newest mail to `address` (and whose subject holds `subjectIncludes`) that the server wrote to its outbox: the
 * e2e server runs without SMTP_URL, so the background mailer writes every mail as an .eml file under
 * `${E2E_DATA_DIR}/outbox` within seconds (playwright.config.ts). Polls until one is there; answers its subject,
 * its plain text and every link in it (absolute, as mailed).
 */
export async function readMailTo(address: string, { subjectIncludes }: { subjectIncludes?: string } = {}) {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '.e2e-data', 'outbox');
  const wanted = address.toLowerCase();
  const find = async () => {
    const names = await readdir(outbox).catch(() => [] as string[]);
    // The file names start with the time they were written: newest first.
    for (const name of names.filter((entry) => entry.endsWith('.eml')).sort().reverse()) {
      const raw = await readFile(path.join(outbox, name));
      if (!raw.toString('utf8').toLowerCase().includes(wanted)) continue;
      const mail = await simpleParser(raw);
      const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((field) => field.value.map((entry) => entry.address?.toLowerCase()));
      const subject = mail.subject ?? '';
      if (!to.includes(wanted) || (subjectIncludes !== undefined && !subject.includes(subjectIncludes))) continue;
      const text = mail.text ?? '';
      return { subject, text, links: [...new Set(text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [])] };
    }
    return undefined;
  };
  let found: Awaited<ReturnType<typeof find>>;
  await expect
    .poll(async () => {
      found = await find();
      return found !== undefined;
    }, { message: `a mail to ${address}${subjectIncludes ? ` about '${subjectIncludes}'` : ''} in ${outbox}`, timeout: 20_000 })
    .toBe(true);
  if (!found) throw new Error(`no mail to ${address}`);
  return found;
}

/** The path and query of a mailed link, to open it on the test server whatever PUBLIC_URL the mail was built with. */
export function pathOfLink(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/**
 * Holds back the app's entry script, so what shows meanwhile is index.html's own shell (and what its inline scripts
 * draw); call the answer to let it load.
 */
export async function holdAppCode(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
