import { expect, test } from '@playwright/test';
import { catalogs } from '@qrib/shared';
import { expectNoSeriousA11yViolations, isMobile, signUpThroughForm } from './helpers.ts';

test.beforeEach(async ({ page }) => {
  await signUpThroughForm(page);
});

test('navigation highlights the active entry and leads to the screen', async ({ page }, testInfo) => {
  if (isMobile(testInfo)) await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = isMobile(testInfo) ? page.getByRole('dialog') : page.getByTestId('sidebar');
  await nav.getByRole('link', { name: 'Search offer' }).click();
  await expect(page).toHaveURL(/\/searchoffers$/);
  await expect(page.getByPlaceholder('Find offers, deals, restaurants...')).toBeVisible();
  if (isMobile(testInfo)) {
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
  }
  await expect(nav.getByRole('link', { name: 'Search offer' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
});

test('an unknown path inside the app shows the 404 page in the shell', async ({ page }) => {
  await page.goto('/no/such/screen');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('welcome')).toBeVisible();
});

test('switching to Arabic turns the page right to left and keeps the choice', async ({ page, context }, testInfo) => {
  const mobile = isMobile(testInfo);
  const languageSelect = (label: string) =>
    (mobile ? page.getByRole('dialog') : page.getByTestId('sidebar')).getByLabel(label, { exact: true });

  if (mobile) await page.getByRole('button', { name: 'Open menu' }).click();
  await languageSelect('Language').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  const cookie = (await context.cookies()).find((entry) => entry.name === 'googtrans');
  expect(cookie?.value).toBe('/en/ar');
  await expect(page.getByTestId('welcome')).toContainText(catalogs.ar.dashboard.welcome.split('{{')[0]?.trim() ?? '');

  if (!mobile) {
    // The sidebar moves to the right-hand side and the content margin follows it.
    const sidebar = await page.getByTestId('sidebar').boundingBox();
    expect(Math.round((sidebar?.x ?? 0) + (sidebar?.width ?? 0))).toBe(1280);
    const content = await page.getByTestId('content').boundingBox();
    expect(Math.round((content?.x ?? 0) + (content?.width ?? 0))).toBe(1280 - 256);
  }
  await expectNoSeriousA11yViolations(page);

  // Back to English through the Arabic interface.
  if (mobile) await page.getByRole('button', { name: catalogs.ar.nav.openMenu }).click();
  await languageSelect(catalogs.ar.language.label).selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByTestId('welcome')).toContainText('Welcome');
});
