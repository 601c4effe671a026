/**
 * The README's two screenshots, taken by walking the README's tour: the demo shopper's home on a phone
 * (docs/images/shopper-home.png), then the shopper gets a code on Joseph's offer and the demo owner redeems it at
 * the till (docs/images/till.png). The real server on the embedded database in a throwaway DATA_DIR, seeded with
 * the demo data, driven in Debian's Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium; never
 * `playwright install`). The server is stopped and its data removed at the end, whatever happens.
 *
 * Run: npm run build && node --import tsx scripts/readme-screenshots.ts
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../apps/api/src/db/seed.ts';
import { demoServerEnv, freePort, startApiServer, stopChild, waitUntilReady } from './lib/server-process.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const imagesDir = path.join(repoRoot, 'docs/images');
/** The demo data's nearest shop to here is the demo owner's, in Valletta (as in e2e/shopper-home.spec.ts). */
const VALLETTA = { latitude: 35.8989, longitude: 14.5146 };
const DEMO_SHOP = "Joseph's Pastizzeria";

async function logIn(page: Page, account: { username: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Waits until every image on the page has been decoded (the offer cards' photos), so the picture is complete. */
async function imagesLoaded(page: Page) {
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0), undefined, { timeout: 20_000 });
}

async function saveScreenshot(page: Page, name: string) {
  const file = path.join(imagesDir, name);
  await page.screenshot({ path: file, type: 'png' });
  console.log(`${path.relative(repoRoot, file)}: ${Math.round(statSync(file).size / 1024)} KB`);
}

async function takeScreenshots(browser: Browser, baseURL: string) {
  // The shopper, on a phone: the home with the nearest offers first.
  const shopperContext = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    geolocation: VALLETTA,
    permissions: ['geolocation'],
    serviceWorkers: 'block',
  });
  const shopper = await shopperContext.newPage();
  await logIn(shopper, DEMO_ACCOUNTS.shopper);
  const cards = shopper.getByTestId('offer-card');
  await cards.first().waitFor();
  await shopper.getByTestId('current-place').filter({ hasText: 'Valletta' }).waitFor();
  await imagesLoaded(shopper);
  // From the categories down, so the nearest offer's card is whole on the phone's screen.
  await shopper.getByRole('heading', { name: 'Nearby Offer Categories' }).evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
  await saveScreenshot(shopper, 'shopper-home.png');

  // Tour step 2: the shopper gets a code on the demo owner's offer.
  await cards.filter({ hasText: DEMO_SHOP }).first().getByRole('link', { name: /View Offer/ }).click();
  await shopper.getByRole('button', { name: 'Get code' }).click();
  await shopper.waitForURL(/\/codes\/\d+$/);
  const code = (await shopper.getByTestId('claim-code').textContent()) ?? '';
  if (!/^\S{4} \S{4}$/.test(code)) throw new Error(`no code on the code screen: '${code}'`);

  // Tour steps 3 and 4: the owner signs in at a desktop and redeems it at the till.
  const ownerContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, serviceWorkers: 'block' });
  const owner = await ownerContext.newPage();
  await logIn(owner, DEMO_ACCOUNTS.owner);
  await owner.goto('/redeem');
  await owner.getByRole('textbox', { name: 'Customer’s code' }).fill(code);
  await owner.getByRole('button', { name: 'Redeem', exact: true }).click();
  await owner.getByTestId('redemption-result').getByRole('heading', { name: 'Redeemed' }).waitFor();
  await imagesLoaded(owner);
  await saveScreenshot(owner, 'till.png');

  // Tour step 5: the dashboard counts it.
  await owner.goto('/');
  await owner.getByTestId('metric-conversions').waitFor();
  await shopperContext.close();
  await ownerContext.close();
}

async function main() {
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) throw new Error('apps/web/dist is missing: run `npm run build` first');
  mkdirSync(imagesDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qrib-screenshots-'));
  const port = await freePort();
  const server = startApiServer({ port, env: { ...demoServerEnv(dataDir, 'readme-screenshots-'.padEnd(48, 'x')), NODE_ENV: 'production' } });
  const baseURL = `http://localhost:${port}`;
  let browser: Browser | undefined;
  try {
    await waitUntilReady(server.baseUrl, server.process, 120_000);
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--disable-gpu', '--no-first-run'] });
    await takeScreenshots(browser, baseURL);
  } finally {
    await browser?.close();
    await stopChild(server.process);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
