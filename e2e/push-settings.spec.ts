/**
 * The profile's push section (issue 29 §1 and §3), at 390 px and desktop size: axe-clean in light and dark with
 * 'Offers nearby' open and a refusal on screen; the settings saved and read back; and one walk in Arabic (right to
 * left) and one in Maltese: a switch changed and saved, and 'Send me a test push' without a device answered in the
 * reader's language. Service workers stay blocked here (playwright.config.ts), so this browser cannot take pushes and
 * says so; turning push on and the pushes themselves: push-desktop.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { LANGUAGE_COOKIE_NAME, languageCookieValue, type LanguageCode } from '@qrib/shared/languages';
import { formatMessage } from '@qrib/shared/messages';
import { expectNoSeriousA11yViolations, setDarkMode, signUpByApi } from './helpers.ts';

const en = catalogs.en;

/** The push section of the profile, once its settings have loaded (the first switch is drawn from them). */
async function openPushSection(page: Page, code: LanguageCode = 'en') {
  await page.goto('/profile');
  const section = page.getByTestId('push-settings');
  await expect(section.getByRole('heading', { name: catalogs[code].pushSettings.title, level: 2 })).toBeVisible();
  await expect(section.getByRole('switch', { name: catalogs[code].pushSettings.newOffer })).toBeVisible();
  return section;
}

async function storedPushSettings(page: Page) {
  const response = await page.request.get('/api/v1/me/push-settings');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test('the push section, with offers nearby open and a refusal on screen, is accessible in light and dark, and what is saved stays', async ({ page }) => {
  await signUpByApi(page);
  const section = await openPushSection(page);
  // No service worker here: this browser cannot take pushes, and no device of the account does yet.
  await expect(section.getByTestId('push-this-device')).toContainText(en.pushSettings.unsupported);
  await expect(section.getByTestId('push-devices')).toHaveText(formatMessage(en.pushSettings.devices, { count: 0 }));
  await expect(section.getByRole('button', { name: en.pushSettings.turnOn })).toHaveCount(0);
  // The defaults: every kind on but nearby (a shopper has no shop: no sold-out or review switches), 3 a day, 22–08.
  for (const kind of ['newOffer', 'codeRedeemed', 'receiptDecided', 'endingTomorrow'] as const) {
    await expect(section.getByRole('switch', { name: en.pushSettings[kind] })).toHaveAttribute('aria-checked', 'true');
  }
  await expect(section.getByRole('switch', { name: en.pushSettings.soldOut })).toHaveCount(0);
  const nearby = section.getByRole('switch', { name: en.pushSettings.nearby });
  await expect(nearby).toHaveAttribute('aria-checked', 'false');
  await expect(section.getByLabel(en.pushSettings.dailyCap)).toHaveValue('3');
  await expect(section.getByLabel(en.pushSettings.quietFrom, { exact: true })).toHaveValue('22');
  await expect(section.getByLabel(en.pushSettings.quietUntil, { exact: true })).toHaveValue('8');
  await expectNoSeriousA11yViolations(page);

  // Nearby without a place is refused, under the place and by the buttons.
  await nearby.click();
  await expect(nearby).toHaveAttribute('aria-checked', 'true');
  const nearbyFields = section.getByTestId('push-nearby');
  await expect(nearbyFields.getByTestId('push-place')).toHaveText(en.pushSettings.nearbyNoPlace);
  await section.getByRole('button', { name: en.pushSettings.save }).click();
  await expect(nearbyFields.getByText(en.messages.pushNearbyPlaceRequired)).toBeVisible();
  await expect(section.getByRole('alert')).toHaveText(en.messages.pushNearbyPlaceRequired);
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);

  // A town, a distance, a category and other hours: saved, and read back after a reload.
  await nearbyFields.getByLabel(en.pushSettings.nearbyTown).selectOption('Mosta');
  await expect(nearbyFields.getByTestId('push-place')).toHaveText('Mosta');
  await nearbyFields.getByLabel(en.pushSettings.nearbyRadius).selectOption('5');
  await nearbyFields.getByRole('checkbox', { name: en.categories[1].name }).check();
  await section.getByLabel(en.pushSettings.dailyCap).selectOption('5');
  await section.getByLabel(en.pushSettings.quietFrom, { exact: true }).selectOption('23');
  await section.getByLabel(en.pushSettings.quietUntil, { exact: true }).selectOption('7');
  await section.getByRole('button', { name: en.pushSettings.save }).click();
  await expect(section.getByRole('status').filter({ hasText: en.pushSettings.saved })).toBeVisible();
  await expect(nearbyFields.getByText(en.messages.pushNearbyPlaceRequired)).toHaveCount(0);
  expect(await storedPushSettings(page)).toMatchObject({
    nearby: true,
    nearbyPlace: { label: 'Mosta' },
    nearbyRadiusKm: 5,
    nearbyCategoryIds: [1],
    dailyCap: 5,
    quietFrom: 23,
    quietUntil: 7,
  });
  await expectNoSeriousA11yViolations(page);

  // Dark (a reload): the saved settings come back, nearby open.
  await setDarkMode(page, true);
  const reloaded = await openPushSection(page);
  await expect(reloaded.getByRole('switch', { name: en.pushSettings.nearby })).toHaveAttribute('aria-checked', 'true');
  await expect(reloaded.getByTestId('push-place')).toHaveText('Mosta');
  await expect(reloaded.getByLabel(en.pushSettings.nearbyRadius)).toHaveValue('5');
  await expect(reloaded.getByRole('checkbox', { name: en.categories[1].name })).toBeChecked();
  await expect(reloaded.getByLabel(en.pushSettings.quietFrom, { exact: true })).toHaveValue('23');
  await expectNoSeriousA11yViolations(page);
  // A refusal in dark: a test push without a device.
  await reloaded.getByRole('button', { name: en.pushSettings.test }).click();
  await expect(reloaded.getByRole('alert')).toHaveText(en.messages.pushNoDevice);
  await expectNoSeriousA11yViolations(page);
});

for (const { code, kind } of [
  { code: 'ar', kind: 'endingTomorrow' },
  { code: 'mt', kind: 'receiptDecided' },
] as const) {
  test(`in ${code === 'ar' ? 'Arabic (right to left)' : 'Maltese'}: a switch saved and a test push without a device, each answered in the reader's language`, async ({
    page,
    context,
    baseURL,
  }) => {
    const catalog = catalogs[code];
    await context.addCookies([{ name: LANGUAGE_COOKIE_NAME, value: languageCookieValue(code), url: baseURL ?? 'http://localhost:3100' }]);
    await signUpByApi(page);
    const section = await openPushSection(page, code);
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    await expect(page.locator('html')).toHaveAttribute('dir', code === 'ar' ? 'rtl' : 'ltr');
    await expect(section).toContainText(catalog.pushSettings.intro);
    await expect(section.getByTestId('push-this-device')).toContainText(catalog.pushSettings.unsupported);
    await expect(section).not.toContainText(en.pushSettings.intro);

    const toggle = section.getByRole('switch', { name: catalog.pushSettings[kind] });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await section.getByRole('button', { name: catalog.pushSettings.save }).click();
    await expect(section.getByRole('status')).toHaveText(catalog.pushSettings.saved);
    expect((await storedPushSettings(page))[kind]).toBe(false);
    await expectNoSeriousA11yViolations(page);

    await section.getByRole('button', { name: catalog.pushSettings.test }).click();
    await expect(section.getByRole('alert')).toHaveText(catalog.messages.pushNoDevice);
    await expect(section.getByRole('status')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
  });
}
