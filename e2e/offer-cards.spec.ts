/**
 * The one offer card (issue 27) on every screen that lists offers: home, search, category, shop page and Saved each
 * show an offer with its price before and after ("€4.00 → €3.20"), the units left of a limited offer, and a
 * Buy-X-get-Y offer's 'Buy 2, get 1 free'; axe in light and dark on each screen.
 */
import { expect, test, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import type { LanguageCode } from '@qrib/shared/languages';
import { formatMessage } from '@qrib/shared/messages';
import { approveBusinessByApi, expectNoSeriousA11yViolations, isMobile, newAccount, setDarkMode, signUpByApi } from './helpers.ts';

// Dingli's cliffs, where no other test puts a shop: this test's shop is the shopper's nearest.
const DINGLI = { latitude: 35.8561, longitude: 14.3817 };
test.use({ geolocation: DINGLI, permissions: ['geolocation'] });

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A shop at Dingli with a limited 20%-off offer priced €4.00 before and a Buy 2, get 1 free offer; answers both titles. */
async function openShopWithPricedOffers(browser: Browser, baseURL: string) {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const owner = await browser.newContext({ baseURL });
  const api = owner.request;
  const account = newAccount();
  expect((await api.post('/api/v1/auth/signup', { data: account })).status()).toBe(201);
  const licence = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888888' } }).png().toBuffer();
  const shopName = `Dingli Cliffs Kiosk ${suffix}`;
  const registered = await api.post('/api/v1/vendors/', {
    multipart: {
      businessName: shopName,
      businessType: 'RESTAURANT',
      businessAddress: 'Triq il-Irdum, Dingli',
      locationLatitude: String(DINGLI.latitude),
      locationLongitude: String(DINGLI.longitude),
      primaryContactName: account.name,
      contactEmail: account.email,
      contactPhone: '+356 2100 0000',
      documents: { name: 'licence.png', mimeType: 'image/png', buffer: licence },
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const vendorId = ((await registered.json()) as { data: { vendorId: number } }).data.vendorId;
  await approveBusinessByApi(baseURL, vendorId);
  const priced = `Cliff-top ftira ${suffix}`;
  const buyGet = `Kinnie for friends ${suffix}`;
  const common = { categoryId: '1', startDate: day(-1), endDate: day(30) };
  const first = await api.post('/api/v1/offers/', {
    multipart: { ...common, title: priced, description: 'With tuna and capers', discountType: 'PERCENTAGE', discountValue: '20', regularPrice: '4.00', redemptionLimit: 'LIMITED', maxRedemptions: '5' },
  });
  expect(first.status(), await first.text()).toBe(201);
  const second = await api.post('/api/v1/offers/', {
    multipart: { ...common, title: buyGet, description: 'Cold from the fridge', discountType: 'BUYXGETY', discountValue: '1', buyQuantity: '2', getQuantity: '1', regularPrice: '1.20' },
  });
  expect(second.status(), await second.text()).toBe(201);
  await owner.close();
  return { shopName, vendorId, priced, buyGet };
}

const cardTitled = (page: Page, title: string) => page.getByTestId('offer-card').filter({ has: page.getByRole('heading', { name: title }) });

async function expectPricedCard(card: Locator) {
  await expect(card.getByTestId('price')).toContainText('€4.00 → €3.20');
  await expect(card.getByTestId('price').locator('s')).toHaveText('€4.00');
  await expect(card.getByTestId('units-left')).toHaveText('5 left');
  await expect(card.getByTestId('badge')).toHaveText('20%');
  await expect(card.getByRole('link', { name: /View (Offer|Details)/ })).toBeVisible();
}

/**
 * Axe on the screen as it is, then in dark (the reload draws it again: `ready` says when) and back to light; and no
 * sideways scrolling (a long shop name is cut on its card, it never widens the page past the screen).
 */
async function expectAccessibleInBothThemes(page: Page, ready: Locator) {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, true);
  await expect(ready).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, false);
  await expect(ready).toBeVisible();
}

/** The language select of the menu (phone) or the sidebar (desktop), named in the language the page is in now. */
async function chooseLanguage(page: Page, testInfo: TestInfo, from: LanguageCode, to: LanguageCode) {
  const mobile = isMobile(testInfo);
  if (mobile) await page.getByRole('button', { name: catalogs[from].nav.openMenu }).click();
  await (mobile ? page.getByRole('dialog') : page.getByTestId('sidebar')).getByLabel(catalogs[from].language.label, { exact: true }).selectOption(to);
  await expect(page.locator('html')).toHaveAttribute('lang', to);
  // The menu closes with Escape (if the new language has not closed it already).
  if (mobile) await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('home, search, category, shop page and Saved draw an offer as the same card, with its price and units left', async ({ page, browser, baseURL }, testInfo) => {
  const { shopName, vendorId, priced, buyGet } = await openShopWithPricedOffers(browser, baseURL ?? '');
  await signUpByApi(page);
  await page.goto('/');

  // Home: the shop is the nearest, its offers first.
  const home = cardTitled(page, priced);
  await expect(home).toContainText(shopName);
  await expectPricedCard(home);
  const buyGetCard = cardTitled(page, buyGet);
  await expect(buyGetCard.getByTestId('badge')).toHaveText('Buy 2, get 1 free');
  await expect(buyGetCard.getByTestId('price')).toHaveText(/€1\.20$/);
  await expect(buyGetCard.getByTestId('units-left')).toHaveCount(0);
  await expectAccessibleInBothThemes(page, home);

  // Search.
  await page.goto(`/searchoffers?q=${encodeURIComponent(priced)}`);
  const found = cardTitled(page, priced);
  await expectPricedCard(found);
  await expect(found.getByRole('link', { name: /View Details/ })).toBeVisible();
  await expectAccessibleInBothThemes(page, found);

  // The category screen (Food & Dining), nearest first: with the badge it used to lack.
  await page.goto('/cat-offer?categoryId=1');
  const inCategory = cardTitled(page, priced);
  await expectPricedCard(inCategory);
  await expect(inCategory.getByTestId('distance')).toHaveText('Distance: 10 m away');
  await expectAccessibleInBothThemes(page, inCategory);

  // The shop's page.
  await page.goto(`/shops/${vendorId}`);
  const atShop = page.getByRole('region', { name: 'Offers at this shop' }).getByTestId('offer-card').filter({ hasText: priced });
  await expectPricedCard(atShop);
  await atShop.getByRole('button', { name: `Save ${priced}` }).click();
  await expect(atShop.getByRole('button', { name: `Remove ${priced} from saved` })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessibleInBothThemes(page, atShop);

  // Saved.
  await page.goto('/saved');
  const saved = page.getByTestId('offer-card');
  await expect(saved).toHaveCount(1);
  await expectPricedCard(saved);
  await expectAccessibleInBothThemes(page, saved);

  // The home's cards right to left in Arabic, then in Maltese: the price's arrow in the reading direction, the
  // Buy-X-get-Y badge in the reader's words and digits.
  await page.goto('/');
  await expect(cardTitled(page, priced)).toBeVisible();
  let current: LanguageCode = 'en';
  for (const [code, arrow, dir] of [
    ['ar', '←', 'rtl'],
    ['mt', '→', 'ltr'],
  ] as const) {
    await chooseLanguage(page, testInfo, current, code);
    current = code;
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await expect(cardTitled(page, priced).getByTestId('price')).toContainText(arrow);
    const [two, one] = await page.evaluate((language) => [2, 1].map((count) => new Intl.NumberFormat(language).format(count)), code);
    await expect(cardTitled(page, buyGet).getByTestId('badge')).toHaveText(formatMessage(catalogs[code].pricing.buyGetFree, { buy: two ?? '', get: one ?? '' }));
    await expectNoSeriousA11yViolations(page);
  }
});
