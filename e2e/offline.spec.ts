/**
 * The installed app offline (ADR 014): the only browser tests with a service worker (playwright.config.ts blocks
 * them everywhere else).
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, openNavigation, signUpThroughForm } from './helpers.ts';

// The shopper stands in Valletta, as in shopper-home.spec.ts.
test.use({ serviceWorkers: 'allow', geolocation: { latitude: 35.8989, longitude: 14.5146 }, permissions: ['geolocation'] });

/** Waits until the service worker controls the page, then loads it again so its answers go through the worker. */
async function loadUnderServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.reload();
  await expect(page.getByTestId('offer-card')).toHaveCount(4);
}

/** The Cache Storage caches other than the precached app shell, each with the URLs it holds. */
function runtimeCaches(page: Page) {
  return page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => !name.startsWith('workbox-precache'));
    return Promise.all(names.map(async (name) => ({ name, urls: (await (await caches.open(name)).keys()).map((request) => request.url) })));
  });
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.reload();
}

test('offline, the home still shows the last nearby offers and says so; the shopper stays signed in', async ({ page, context }) => {
  const account = await signUpThroughForm(page);
  await loadUnderServiceWorker(page);
  const offers = await page.getByTestId('offer-card').getByRole('heading', { level: 3 }).allTextContents();

  await goOffline(context, page);
  const banner = page.getByRole('status').filter({ hasText: 'You are offline' });
  await expect(banner).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('welcome')).toHaveText(`Welcome, ${account.name}`);
  await expect(page.getByTestId('offer-card').getByRole('heading', { level: 3 })).toHaveText(offers);
  await expectNoSeriousA11yViolations(page);

  // Back online: the banner goes.
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await expect(page.getByText('You are offline')).toHaveCount(0);

  // Dark, offline: the preference comes with the session answer the worker kept.
  expect((await page.request.patch('/api/v1/me', { data: { preferences: { darkMode: true } } })).status()).toBe(200);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
  await expect(page.getByTestId('offer-card')).toHaveCount(4);
  await goOffline(context, page);
  await expect(banner).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
  await expect(page.getByTestId('offer-card')).toHaveCount(4);
  await expectNoSeriousA11yViolations(page);
});

test('a new version is offered, not forced: Reload activates it', async ({ page, context }) => {
  await signUpThroughForm(page);
  await loadUnderServiceWorker(page);
  await expect(page.getByRole('button', { name: 'Reload' })).toHaveCount(0);

  // A new version: a worker at another script URL for the same scope installs and waits, as a new build's would.
  // (context.route does not see the browser's own update check of sw.js, so the bytes cannot be changed there.)
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js?version=2', { scope: '/' });
  });
  const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
  await expect(prompt).toBeVisible();
  const reload = prompt.getByRole('button', { name: 'Reload' });
  await expect(reload).toBeVisible();

  // The prompt and the banner together, light and dark.
  await context.setOffline(true);
  await expect(page.getByText('You are offline')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await context.setOffline(false);
  await expect(page.getByText('You are offline')).toHaveCount(0);

  // Nothing happens until the reader asks; then the waiting worker takes over and the page reloads under it.
  const waiting = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.scriptURL ?? null);
  expect(await waiting()).toMatch(/\/sw\.js\?version=2$/);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  await Promise.all([page.waitForEvent('load'), reload.click()]);
  await expect(page.getByTestId('offer-card')).toHaveCount(4);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js\?version=2$/);
});

test('logout empties the worker’s caches and the stored places', async ({ page }, testInfo) => {
  await signUpThroughForm(page);
  await loadUnderServiceWorker(page);
  // The pictures are kept as they load.
  for (const card of await page.getByTestId('offer-card').all()) {
    const picture = card.getByRole('img', { name: / at / });
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  }
  await expect
    .poll(async () => (await runtimeCaches(page)).flatMap((cache) => cache.urls.map((url) => new URL(url).pathname)).sort())
    .toEqual(expect.arrayContaining(['/api/v1/auth/session', '/api/v1/offers/nearby-offers', expect.stringMatching(/^\/uploads\/public\//)]));
  expect(await page.evaluate(() => localStorage.getItem('qrib.currentLocation'))).not.toBeNull();

  await page.evaluate(() => window.scrollTo(0, 0));
  await openNavigation(page, testInfo);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await runtimeCaches(page)).filter((cache) => cache.urls.length > 0)).toEqual([]);
  expect(await page.evaluate(() => ['qrib.currentLocation', 'qrib.lastFetchLocation', 'qrib.chosenPlace'].map((key) => localStorage.getItem(key)))).toEqual([
    null,
    null,
    null,
  ]);
  // The app shell stays: the login page still opens offline.
  expect(await page.evaluate(async () => (await caches.keys()).some((name) => name.startsWith('workbox-precache')))).toBe(true);
});
