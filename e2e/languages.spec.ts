/**
 * The reader's language beyond the interface's own strings (issue 12, Maltese and languages): category names by
 * id, distances in metres under 1 km with the reader's digits, and the choice kept with the account so that a new
 * device starts in it at sign-in, unless that device has chosen a language of its own.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import type { LanguageCode } from '@qrib/shared/languages';
import { formatMessage } from '@qrib/shared/messages';
import { expectNoSeriousA11yViolations, holdAppCode, isMobile, logInThroughForm, setDarkMode, signUpThroughForm } from './helpers.ts';

// The shopper stands in Valletta, at Joseph's Pastizzeria: the nearest card is metres away, not kilometres.
test.use({ geolocation: { latitude: 35.8989, longitude: 14.5146 }, permissions: ['geolocation'] });

async function chooseLanguage(page: Page, testInfo: TestInfo, code: LanguageCode, label: string) {
  const mobile = isMobile(testInfo);
  if (mobile) await page.getByRole('button', { name: catalogs.en.nav.openMenu }).click();
  await (mobile ? page.getByRole('dialog') : page.getByTestId('sidebar')).getByLabel(label, { exact: true }).selectOption(code);
  await expect(page.locator('html')).toHaveAttribute('lang', code);
}

test('the Arabic home names the categories and the nearest shop’s distance in Arabic, in light and dark', async ({ page }, testInfo) => {
  await signUpThroughForm(page);
  const cards = page.getByTestId('offer-card');
  const categories = page.getByRole('region', { name: catalogs.en.home.categoriesTitle });
  // In English: the API's names, and metres rather than '0.0 km Away'.
  await expect(cards.first().getByTestId('distance')).toHaveText('10 m away');
  await expect(categories.getByRole('link', { name: catalogs.en.categories[1].name })).toBeVisible();

  await chooseLanguage(page, testInfo, 'ar', catalogs.en.language.label);
  const arabicCategories = page.getByRole('region', { name: catalogs.ar.home.categoriesTitle });
  for (const id of [1, 2, 3, 4] as const) {
    await expect(arabicCategories.getByRole('link', { name: catalogs.ar.categories[id].name, exact: true })).toBeVisible();
  }
  await expect(arabicCategories).not.toContainText(catalogs.en.categories[1].name);
  // Ten metres, written with the reader's digits (Intl), in the Arabic words.
  const ten = await page.evaluate(() => new Intl.NumberFormat('ar').format(10));
  await expect(cards.first().getByTestId('distance')).toHaveText(formatMessage(catalogs.ar.messages.metresAway, { distance: ten }));
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, true);
  await expect(cards.first().getByTestId('distance')).toHaveText(formatMessage(catalogs.ar.messages.metresAway, { distance: ten }));
  await expectNoSeriousA11yViolations(page);
});

test('the language chosen while signed in goes with the account to a new device, unless that device chose its own', async ({ page, browser }, testInfo) => {
  const account = await signUpThroughForm(page);
  await chooseLanguage(page, testInfo, 'mt', catalogs.en.language.label);
  const me = await page.request.get('/api/v1/auth/me');
  expect((await me.json()).user.preferences.language).toBe('mt');
  await expect(page.getByRole('region', { name: catalogs.mt.home.categoriesTitle }).getByRole('link', { name: catalogs.mt.categories[1].name })).toBeVisible();

  // A device that has not chosen: the login page is English, the app after sign-in is in Maltese, and stays so.
  const device = await browser.newContext({ ...testInfo.project.use, geolocation: { latitude: 35.8989, longitude: 14.5146 }, permissions: ['geolocation'] });
  const newPage = await device.newPage();
  await logInThroughForm(newPage, account.username, account.password);
  await expect(newPage.locator('html')).toHaveAttribute('lang', 'mt');
  await expect(newPage.getByRole('heading', { name: catalogs.mt.home.title })).toBeVisible();
  expect((await device.cookies()).find((entry) => entry.name === 'googtrans')?.value).toBe('/en/mt');
  await expectNoSeriousA11yViolations(newPage);
  await device.close();

  // A device that chose French keeps French.
  const french = await browser.newContext({ ...testInfo.project.use, geolocation: { latitude: 35.8989, longitude: 14.5146 }, permissions: ['geolocation'] });
  await french.addCookies([{ name: 'googtrans', value: '/en/fr', url: testInfo.project.use.baseURL ?? '' }]);
  const frenchPage = await french.newPage();
  await frenchPage.goto('/login');
  await expect(frenchPage.locator('html')).toHaveAttribute('lang', 'fr');
  await frenchPage.getByLabel(catalogs.fr.auth.username, { exact: true }).fill(account.username);
  await frenchPage.getByLabel(catalogs.fr.auth.password, { exact: true }).fill(account.password);
  await frenchPage.getByRole('button', { name: catalogs.fr.auth.loginButton, exact: true }).click();
  await expect(frenchPage.getByRole('heading', { name: catalogs.fr.home.title })).toBeVisible();
  await expect(frenchPage.locator('html')).toHaveAttribute('lang', 'fr');
  await french.close();
});

test("an Arabic reader's first paint is right to left before the app's code has run", async ({ page, context }, testInfo) => {
  await context.addCookies([{ name: 'googtrans', value: '/en/ar', url: testInfo.project.use.baseURL ?? '' }]);
  const release = await holdAppCode(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.getByTestId('static-shell')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  release();
  await expect(page.getByLabel(catalogs.ar.auth.username, { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});
