import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signUpByApi } from './helpers.ts';

test.beforeEach(async ({ page }) => {
  await signUpByApi(page);
  await page.goto('/');
});

test('desktop sidebar toggles between 256 px and 80 px with a matching content margin', async ({ page }) => {
  const sidebar = page.getByTestId('sidebar');
  const content = page.getByTestId('content');
  await expect(sidebar).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  expect((await sidebar.boundingBox())?.width).toBe(256);
  await expect.poll(async () => (await content.boundingBox())?.x).toBe(256);
  await expect(sidebar.getByText('Qrib', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(80);
  await expect.poll(async () => (await content.boundingBox())?.x).toBe(80);
  // The language selector stays reachable in the collapsed sidebar.
  await expect(sidebar.getByLabel('Language')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The choice survives a reload.
  await page.reload();
  await expect.poll(async () => (await page.getByTestId('sidebar').boundingBox())?.width).toBe(80);
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256);
});

