/**
 * Issue 27's "no dead ends" end to end, at 390 px and at desktop size: with the server unreachable (every API request
 * fails in the browser's own network layer) 'Get code' says 'No connection' and a heart whose save failed is shown
 * not saved, with the message and Try again; an offer opened from a link with no position known asks for it and shows
 * the distance; a code redeemed at the till reads 'Redeemed on …' on the offer page and in My codes; an unknown offer
 * says why and leads on (offers nearby, Browse offers), as empty Saved and My codes do; the same in Maltese and in
 * Arabic (right to left). axe, light and dark, on each.
 */
import { expect, request as playwrightRequest, test, type Page, type TestInfo } from '@playwright/test';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { LANGUAGE_COOKIE_NAME, languageCookieValue, type LanguageCode } from '@qrib/shared/languages';
import { MESSAGES } from '@qrib/shared/messages';
import { expectNoSeriousA11yViolations, setDarkMode, signUpByApi } from './helpers.ts';

/** The demo owner (apps/api/src/db/seed.ts), whose shop in Valletta has 'Ftira Friday' (no limit of units). */
const JOSEPH = { username: 'joseph', password: 'joseph2026pass' } as const;
const VALLETTA = { latitude: 35.8989, longitude: 14.5146 };
const OFFER_TITLE = 'Ftira Friday';

test.use({ geolocation: VALLETTA, permissions: ['geolocation'] });

/** The id of the demo's 'Ftira Friday', as the signed-in shopper of `page` finds it nearby. */
async function demoOfferId(page: Page): Promise<number> {
  const query = new URLSearchParams({ latitude: String(VALLETTA.latitude), longitude: String(VALLETTA.longitude), radiusKm: '10' });
  const response = await page.request.get(`/api/v1/offers/nearby-offers?${query.toString()}`);
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { offers: { offerId: number; title: string }[] }[] };
  const offer = data.flatMap((business) => business.offers).find((candidate) => candidate.title === OFFER_TITLE);
  if (!offer) throw new Error(`${OFFER_TITLE} is not near Valletta`);
  return offer.offerId;
}

/** axe in light and drawn dark (the class the app puts on <html>), without a reload: the state on screen stays. */
async function expectAccessibleDrawnDark(page: Page) {
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

test('server unreachable: Get code says No connection, the heart is shown unsaved with the message, and both work again once it is back', async ({ page }) => {
  await signUpByApi(page);
  const offerId = await demoOfferId(page);
  // Opened as from a shared link on a device that knows no position yet (signed up through the API, the browser has
  // stored nothing): the page asks for it and shows the distance.
  expect(page.url()).toBe('about:blank');
  await page.goto(`/viewoffer/${offerId}`);
  await expect(page.getByRole('heading', { level: 1, name: OFFER_TITLE })).toBeVisible();
  await expect(page.getByTestId('offer-distance')).toHaveText(/(m|km) away$/i);
  const heart = page.getByRole('button', { name: `Save ${OFFER_TITLE}` });
  await expect(heart).toBeEnabled();

  // The server becomes unreachable: every API request fails as the browser fails it without a network.
  await page.route('**/api/v1/**', (route) => route.abort('failed'));
  await page.getByRole('button', { name: 'Get code' }).click();
  const claim = page.getByTestId('claim-action');
  await expect(claim.getByRole('alert')).toHaveText('No connection — try again');
  await expect(page.getByText('Failed to fetch')).toHaveCount(0);

  await heart.click();
  const notice = page.getByTestId('favorite-failed');
  await expect(notice).toHaveText(new RegExp(`^Not saved: “${OFFER_TITLE}”\\. No connection — try again`));
  await expect(page.getByRole('button', { name: `Save ${OFFER_TITLE}` })).toHaveAttribute('aria-pressed', 'false');
  await expectAccessibleDrawnDark(page);

  // Back: Try again saves it, and Get code opens the code.
  await page.unroute('**/api/v1/**');
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Remove ${OFFER_TITLE} from saved` })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page).toHaveURL(/\/codes\/\d+$/);
});

test('a code redeemed at the till reads “Redeemed on …” on the offer page and in My codes', async ({ page, baseURL }) => {
  await signUpByApi(page);
  const offerId = await demoOfferId(page);
  await page.goto(`/viewoffer/${offerId}`);
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page).toHaveURL(/\/codes\/\d+$/);
  const code = (await page.getByTestId('claim-code').textContent()) ?? '';

  // joseph redeems it at his till, signed in on a device of his own.
  const joseph = await playwrightRequest.newContext({ baseURL });
  try {
    expect((await joseph.post('/api/v1/auth/login', { data: JOSEPH })).status()).toBe(200);
    const redeemed = await joseph.post('/api/v1/vendors/me/redemptions', { data: { code } });
    expect(redeemed.status(), await redeemed.text()).toBe(200);
  } finally {
    await joseph.dispose();
  }

  // English the Maltese way, on Malta's clock: '27 Nov 2026, 10:41'.
  const redeemedOn = /^Redeemed on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/;
  await page.goto(`/viewoffer/${offerId}`);
  await expect(page.getByTestId('claim-redeemed')).toHaveText(redeemedOn);
  await expect(page.getByRole('link', { name: 'Show my code' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, true);
  await expect(page.getByTestId('claim-redeemed')).toHaveText(redeemedOn);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/codes');
  await expect(page.getByTestId('code-when').first()).toHaveText(redeemedOn);
  await setDarkMode(page, false);
});

test('an unknown offer says why and leads on; empty Saved and My codes lead to the offers', async ({ page }) => {
  await signUpByApi(page);
  await page.goto('/viewoffer/987654321');
  await expect(page.getByRole('heading', { level: 1, name: MESSAGES.offerNotFound })).toBeVisible();
  await expect(page.getByText('It may have ended, sold out or been taken down by the shop, or the link is not right.')).toBeVisible();
  // The position is known (granted), so offers nearby are suggested.
  const nearby = page.getByRole('region', { name: 'Offers nearby' });
  await expect(nearby.getByRole('link', { name: /View Offer/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, true);
  await expect(nearby.getByRole('link', { name: /View Offer/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, false);
  await page.getByRole('link', { name: 'Browse offers' }).click();
  await expect(page).toHaveURL(/\/$/);

  for (const screen of ['/saved', '/codes']) {
    await page.goto(screen);
    const browse = page.getByRole('link', { name: 'Browse offers' });
    await expect(browse).toBeVisible();
    await expectAccessibleDrawnDark(page);
    await browse.click();
    await expect(page).toHaveURL(/\/$/);
  }
});

/** Shows `page` in `code` from its next load, as the language menu would (the cookie). */
async function readIn(page: Page, testInfo: TestInfo, code: LanguageCode) {
  await page.context().addCookies([{ name: LANGUAGE_COOKIE_NAME, value: languageCookieValue(code), url: testInfo.project.use.baseURL ?? 'http://localhost:3100' }]);
}

test('in Maltese and in Arabic: the offer that is not there, and No connection on Get code', async ({ page }, testInfo) => {
  await signUpByApi(page);
  const offerId = await demoOfferId(page);
  for (const code of ['mt', 'ar'] as const) {
    const words = catalogs[code].deadEnds;
    await readIn(page, testInfo, code);
    await page.goto('/viewoffer/987654321');
    await expect(page.locator('html')).toHaveAttribute('dir', code === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { level: 1, name: catalogs[code].messages.offerNotFound })).toBeVisible();
    await expect(page.getByRole('link', { name: words.browseOffers })).toBeVisible();
    await expect(page.getByRole('region', { name: words.offersNearby })).toBeVisible();
    await expectAccessibleDrawnDark(page);

    await page.goto(`/viewoffer/${offerId}`);
    await expect(page.getByRole('heading', { level: 1, name: OFFER_TITLE })).toBeVisible();
    await page.route('**/api/v1/**', (route) => route.abort('failed'));
    await page.getByRole('button', { name: catalogs[code].codes.getCode }).click();
    await expect(page.getByTestId('claim-action').getByRole('alert')).toHaveText(words.noConnection);
    await expectAccessibleDrawnDark(page);
    await page.unroute('**/api/v1/**');
  }
});
