/**
 * Issue 28 §2: opening hours and open now. An owner sets the shop's hours with the Shop profile's editor (a text the
 * API cannot read is refused under the field first); a shopper then sees "Open · closes HH:MM" on the home card, the
 * category screen, the search, the offer page and the shop page (with the week and the hours as written), while a
 * second shop without hours says "Hours not given" and disappears under the Open now chip, on the home and on the
 * search. The hours are chosen from the clock (open since an hour ago, closing in three hours, every day), so the
 * test does not depend on the time it runs. axe in light and dark at both sizes; the shopper's walk once in Arabic,
 * the owner's editor once in Maltese.
 */
import { expect, test, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { enOwner } from '@qrib/shared/i18n/en-owner';
import { LANGUAGE_COOKIE_NAME, languageCookieValue, type LanguageCode } from '@qrib/shared/languages';
import {
  approveBusinessByApi,
  createLimitedOfferByApi,
  expectNoSeriousA11yViolations,
  isMobile,
  newAccount,
  openNavigation,
  registerBusinessByApi,
  setDarkMode,
  signUpByApi,
} from './helpers.ts';

const editor = enOwner.hoursEditor;
const en = catalogs.en;

/** Ċirkewwa, where no other test puts a shop (each project a little apart): this test's shops are the nearest. */
const spotFor = (testInfo: TestInfo) => ({ latitude: isMobile(testInfo) ? 35.988 : 35.984, longitude: 14.329 });
test.use({ permissions: ['geolocation'] });

/** The hour in Malta `hours` from now, 'HH:00'. */
function maltaHourFromNow(hours: number): string {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Malta', hour: '2-digit', hourCycle: 'h23' }).format(new Date(Date.now() + hours * 3_600_000));
  return `${hour.padStart(2, '0')}:00`;
}

async function expectAxeLightAndDark(page: Page, ready: Locator) {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, true);
  await expect(ready).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, false);
  await expect(ready).toBeVisible();
}

/** A second shop at the spot, by another owner, with one offer and no hours; answers the offer's title. */
async function openShopWithoutHours(browser: Browser, baseURL: string, spot: { latitude: number; longitude: number }, suffix: string) {
  const owner = await browser.newContext({ baseURL });
  try {
    const api = owner.request;
    expect((await api.post('/api/v1/auth/signup', { data: newAccount() })).status()).toBe(201);
    const licence = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888888' } }).png().toBuffer();
    const registered = await api.post('/api/v1/vendors/', {
      multipart: {
        businessName: `Ċirkewwa Kiosk ${suffix}`,
        businessType: 'RESTAURANT',
        businessAddress: 'Triq iċ-Ċirkewwa, Mellieħa',
        locationLatitude: String(spot.latitude),
        locationLongitude: String(spot.longitude),
        primaryContactName: 'Pawlu Vella',
        contactEmail: 'kiosk@example.com',
        contactPhone: '+356 2100 0001',
        documents: { name: 'licence.png', mimeType: 'image/png', buffer: licence },
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    await approveBusinessByApi(baseURL, ((await registered.json()) as { data: { vendorId: number } }).data.vendorId);
    const title = `Ferry snack ${suffix}`;
    await createLimitedOfferByApi(api, { title, description: 'For the crossing to Gozo' });
    return title;
  } finally {
    await owner.close();
  }
}

const cardTitled = (page: Page, title: string) => page.getByTestId('offer-card').filter({ has: page.getByRole('heading', { name: title }) });

test('an owner sets the hours with the editor; shoppers see the shop open and filter open now', async ({ page, browser, baseURL }, testInfo) => {
  const spot = spotFor(testInfo);
  await page.context().setGeolocation(spot);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const opens = maltaHourFromNow(-1);
  const closes = maltaHourFromNow(3);
  const hoursText = `Mo-Su ${opens}-${closes}`;
  const openText = en.openStatus.openClosesAt.replace('{{time}}', closes);

  // The owner: a shop at the spot with one offer.
  await signUpByApi(page);
  const shopName = `Il-Ħanut tal-Ħinijiet ${suffix}`;
  const vendorId = await registerBusinessByApi(page, shopName);
  const moved = await page.request.patch('/api/v1/vendors/me', { data: { locationLatitude: spot.latitude, locationLongitude: spot.longitude } });
  expect(moved.status(), await moved.text()).toBe(200);
  const openTitle = `Ftira tal-ġurnata ${suffix}`;
  const openOfferId = await createLimitedOfferByApi(page.request, { title: openTitle, description: 'Fresh every morning' });
  const closedTitle = await openShopWithoutHours(browser, baseURL ?? '', spot, suffix);

  // The Shop profile's editor: a text the API cannot read is refused under the field.
  await page.goto('/');
  await openNavigation(page, testInfo);
  const menu = isMobile(testInfo) ? page.getByRole('dialog') : page.getByTestId('sidebar');
  await menu.getByRole('link', { name: 'Shop profile', exact: true }).click();
  const text = page.getByLabel(editor.textLabel);
  await expect(text).toHaveValue('');
  await text.fill('Mo-Fr 08:00-19:00; Xx 10:00-12:00');
  await expect(page.getByTestId('hours-not-rows')).toContainText(editor.notRows);
  await page.getByRole('button', { name: enOwner.shopProfile.save }).click();
  const refusal = en.messages.openingHoursInvalid.split('(')[0]?.trim() ?? '';
  await expect(page.getByTestId('shop-profile-form').getByText(refusal)).toBeVisible();
  await expect(text).toHaveAttribute('aria-invalid', 'true');

  // Rows: every day, open since an hour ago, closing in three hours.
  await text.fill('');
  await page.getByRole('button', { name: editor.addRow }).click();
  const row = page.getByTestId('hours-row');
  await row.getByLabel(en.openStatus.days.sa, { exact: true }).check();
  await row.getByLabel(en.openStatus.days.su, { exact: true }).check();
  await row.getByLabel(editor.opens, { exact: true }).fill(opens);
  await row.getByLabel(editor.closes, { exact: true }).fill(closes);
  await expect(text).toHaveValue(hoursText);
  await page.getByRole('button', { name: enOwner.shopProfile.save }).click();
  await expect(page.getByTestId('shop-profile-form').getByText(enOwner.shopProfile.saved)).toBeVisible();
  const saved = (await (await page.request.get('/api/v1/vendors/me')).json()) as { data: { openingHours: string | null } };
  expect(saved.data.openingHours).toBe(hoursText);
  // Drawn again (the theme switch reloads it), the editor reads its rows back from the saved text.
  await expectAxeLightAndDark(page, row.getByLabel(editor.closes, { exact: true }));
  await expect(row.getByLabel(editor.closes, { exact: true })).toHaveValue(closes);

  // The editor in Maltese: the rows read back from the saved text.
  await page.context().addCookies([{ name: LANGUAGE_COOKIE_NAME, value: languageCookieValue('mt'), url: baseURL ?? '' }]);
  await page.goto('/shop-profile');
  const mt = catalogs.mt.hoursEditor;
  await expect(page.getByRole('group', { name: mt.title })).toBeVisible();
  await expect(page.getByLabel(mt.textLabel)).toHaveValue(hoursText);
  await expect(page.getByTestId('hours-row').getByLabel(catalogs.mt.openStatus.days.su, { exact: true })).toBeChecked();
  await expect(page.getByTestId('hours-row').getByLabel(mt.closes, { exact: true })).toHaveValue(closes);
  await expectNoSeriousA11yViolations(page);

  // A shopper, in English.
  await page.context().clearCookies();
  await signUpByApi(page);
  await page.goto('/');
  const openCard = cardTitled(page, openTitle);
  const closedCard = cardTitled(page, closedTitle);
  await expect(openCard.getByTestId('open-status')).toHaveText(openText);
  await expect(closedCard.getByTestId('open-status')).toHaveText(en.openStatus.unknown);
  await expectAxeLightAndDark(page, openCard);

  const chip = page.getByRole('button', { name: en.openStatus.chip });
  await expect(chip).toHaveAttribute('aria-pressed', 'false');
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(closedCard).toHaveCount(0);
  await expect(openCard.getByTestId('open-status')).toHaveText(openText);
  await expect(page).toHaveURL(/\?open=1$/);
  // The theme switch reloads the home: the chip is in its URL, so it stays pressed.
  await expectAxeLightAndDark(page, openCard);
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(closedCard).toHaveCount(0);
  await chip.click();
  await expect(closedCard).toBeVisible();

  // The category screen.
  await page.goto('/real-time-local-offers?categoryId=1');
  await expect(cardTitled(page, openTitle).getByTestId('open-status')).toHaveText(openText);
  await expect(cardTitled(page, closedTitle).getByTestId('open-status')).toHaveText(en.openStatus.unknown);
  await expectAxeLightAndDark(page, cardTitled(page, openTitle));

  // The search, with its chip in the URL.
  await page.goto(`/searchoffers?q=${suffix}`);
  await expect(cardTitled(page, openTitle).getByTestId('open-status')).toHaveText(openText);
  await expect(cardTitled(page, closedTitle)).toBeVisible();
  const searchChip = page.getByRole('button', { name: en.openStatus.chip });
  await searchChip.click();
  await expect(searchChip).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/[?&]open=1(&|$)/);
  await expect(cardTitled(page, closedTitle)).toHaveCount(0);
  await expect(cardTitled(page, openTitle)).toBeVisible();
  await expectAxeLightAndDark(page, cardTitled(page, openTitle));

  // The offer page's shop section, and the shop page with its week and the hours as written.
  await page.goto(`/viewoffer/${openOfferId}`);
  await expect(page.getByTestId('shop-link').getByTestId('open-status')).toHaveText(openText);
  await expectAxeLightAndDark(page, page.getByTestId('shop-link'));
  await page.goto(`/shops/${vendorId}`);
  const hours = page.getByRole('region', { name: en.openStatus.hoursTitle });
  await expect(page.getByTestId('open-status')).toHaveText(openText);
  await expect(hours.getByRole('term')).toHaveText(`${en.openStatus.days.mo}–${en.openStatus.days.su}`);
  await expect(hours.getByRole('definition')).toHaveText(`${opens}–${closes}`);
  await expect(hours.getByTestId('shop-hours-text')).toHaveText(hoursText);
  await expectAxeLightAndDark(page, hours);

  // The shopper's walk in Arabic, right to left: the home card, the chip, the shop page.
  const code: LanguageCode = 'ar';
  const ar = catalogs[code].openStatus;
  await page.context().addCookies([{ name: LANGUAGE_COOKIE_NAME, value: languageCookieValue(code), url: baseURL ?? '' }]);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(cardTitled(page, openTitle).getByTestId('open-status')).toHaveText(ar.openClosesAt.replace('{{time}}', closes));
  await expect(cardTitled(page, closedTitle).getByTestId('open-status')).toHaveText(ar.unknown);
  await page.getByRole('button', { name: ar.chip }).click();
  await expect(cardTitled(page, closedTitle)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.goto(`/shops/${vendorId}`);
  await expect(page.getByRole('region', { name: ar.hoursTitle }).getByRole('term')).toHaveText(`${ar.days.mo}–${ar.days.su}`);
  await expectNoSeriousA11yViolations(page);
});
