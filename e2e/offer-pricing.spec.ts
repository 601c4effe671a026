/**
 * Issue 27 (prices): the owner's offer form at 390 px and at desktop size takes 'Price before (€)' and, for Buy X get
 * Y, 'Buy' and 'Get free'; a half-given quantity is refused under the field; the offer is created with them, and the
 * owner's sheet shows the price before and the 'Buy 2, get 1 free' badge. axe, light and dark, on the form and the sheet.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerBusinessByApi, setDarkMode, signUpByApi } from './helpers.ts';

test('the owner gives a price before and Buy-X-get-Y quantities, and sees them on the offer', async ({ page }) => {
  await signUpByApi(page);
  await registerBusinessByApi(page, 'Price Before Pastizzeria');
  await page.goto('/add-offer');
  await expect(page.getByRole('heading', { name: 'Create Offer' })).toBeVisible();
  const price = page.getByLabel('Price before (€)');
  await expect(price).toBeVisible();
  await expect(page.getByLabel('Buy', { exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  // Dark from here on (switching reloads the page, so before the form is filled).
  await setDarkMode(page, true);
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Offer Title').fill('Pastizzi for the road');
  await page.getByLabel('Description').fill('Buy two pastizzi, the third is on us');
  await page.getByLabel('Category').selectOption({ label: 'Food & Dining' });
  await page.getByLabel('Discount Type').selectOption('BUYXGETY');
  await page.getByLabel('Discount Value').fill('1');
  await price.fill('0.60');
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('Start Date').fill(today);
  await page.getByLabel('End Date').fill('2099-12-31');
  await page.getByLabel('Buy', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Create Offer' }).click();
  await expect(page.getByText('Enter how many the shopper gets free, or leave both quantities empty')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Get free').fill('1');
  const created = page.waitForResponse((response) => response.url().endsWith('/api/v1/offers/') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Create Offer' }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  const { data } = (await answer.json()) as { data: { offerId: number; regularPrice: number; buyQuantity: number; getQuantity: number } };
  expect(data).toMatchObject({ regularPrice: 0.6, buyQuantity: 2, getQuantity: 1 });

  await page.goto(`/viewoffer/${data.offerId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pastizzi for the road' })).toBeVisible();
  await expect(page.getByText('Buy 2, get 1 free')).toBeVisible();
  await expect(page.getByText('€0.60')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, false);
  await expect(page.getByText('Buy 2, get 1 free')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
