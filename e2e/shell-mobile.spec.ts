import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signUpByApi } from './helpers.ts';

test.beforeEach(async ({ page }) => {
  await signUpByApi(page);
  await page.goto('/');
});

test('mobile: top bar, slide-over menu with close button and backdrop, the shopper\'s five bottom tabs', async ({ page }) => {
  await expect(page.getByTestId('sidebar')).toBeHidden();
  const tabs = page.getByRole('navigation', { name: 'Quick navigation' });
  await expect(tabs.getByRole('link')).toHaveText(['Home', 'Search', 'Saved', 'Receipts', 'Profile']);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // A real modal: the page behind it is inert and does not scroll.
  await expect(page.getByTestId('content')).toHaveAttribute('inert', '');
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  await menu.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toBeVisible();
  await page.getByTestId('menu-backdrop').click({ position: { x: 370, y: 400 } });
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: 'List your business' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/ven-reg$/);

  await tabs.getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/searchoffers$/);
  await expect(tabs.getByRole('link', { name: 'Search' })).toHaveAttribute('aria-current', 'page');
});

