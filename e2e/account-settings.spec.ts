/**
 * The profile's account settings (issue 15's browser test): a shopper's data export holds the receipt file they
 * uploaded, byte for byte; deleting the account frees the username for a new sign-up and leaves the shop's figures
 * as they were; the password and address change; an owner closes the business before deleting. Every new state is
 * checked with axe in light and dark, at phone size (mobile project) and desktop.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { enAccount } from '@qrib/shared/i18n/en-account';
import { MESSAGES } from '@qrib/shared/messages';
import {
  createLimitedOfferByApi,
  expectNoSeriousA11yViolations,
  logInThroughForm,
  registerBusinessByApi,
  registerPendingBusinessByApi,
  signUpByApi,
  submitSignupForm,
} from './helpers.ts';

const strings = enAccount.accountSettings;

/** axe on the page as it is, then in Dark Mode (the profile's own switch: the screen keeps its state), then light again. */
async function expectAccessibleLightAndDark(page: Page) {
  await expectNoSeriousA11yViolations(page);
  const darkMode = page.getByRole('switch', { name: 'Dark Mode' });
  await darkMode.click();
  await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
  await expectNoSeriousA11yViolations(page);
  await darkMode.click();
  await expect(page.locator('html')).not.toHaveClass(/(^|\s)dark(\s|$)/);
}

/** A fresh owner with an approved shop, in a browser context of their own. */
async function openShop(browser: Browser, baseURL: string | undefined, businessName: string) {
  const context = await browser.newContext({ baseURL });
  const owner = await context.newPage();
  await signUpByApi(owner);
  const vendorId = await registerBusinessByApi(owner, businessName);
  return { context, owner, vendorId };
}

/** Uploads a small real image as the shopper's receipt for the shop; answers the receipt's id and the bytes sent. */
async function uploadReceipt(page: Page, vendorId: number) {
  const photo = await sharp(randomBytes(48 * 64 * 3), { raw: { width: 48, height: 64, channels: 3 } }).png().toBuffer();
  const response = await page.request.post('/api/v1/file/upload-bills', {
    multipart: { vendorId: String(vendorId), files: { name: 'till.png', mimeType: 'image/png', buffer: photo } },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { data } = (await response.json()) as { data: { receiptId: number } };
  return { receiptId: data.receiptId, photo };
}

test('Download my data: the archive holds the receipt file the shopper uploaded and data.json', async ({ page, browser, baseURL }) => {
  const shop = await openShop(browser, baseURL, 'Export Test Bakery');
  await signUpByApi(page);
  const { receiptId, photo } = await uploadReceipt(page, shop.vendorId);

  await page.goto('/profile');
  const exportSection = page.getByTestId('data-export');
  await expect(exportSection.getByRole('heading', { name: strings.exportTitle })).toBeVisible();
  await expect(exportSection).toContainText(strings.exportIntro);
  await expect(exportSection).not.toContainText(strings.exportOwner);
  await expectAccessibleLightAndDark(page);

  await exportSection.getByRole('button', { name: strings.prepare }).click();
  const download = exportSection.getByRole('link', { name: /^Download \(/ });
  await expect(exportSection.getByTestId('export-preparing').or(download)).toBeVisible();
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(download).toHaveAttribute('href', /^\/api\/v1\/me\/exports\/[0-9a-f-]{36}$/);
  await expect(exportSection.getByTestId('export-expires')).toContainText('Available until');
  await expectAccessibleLightAndDark(page);

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const archive = unzipSync(new Uint8Array(await readFile(await file.path())));
  const names = Object.keys(archive);
  expect(names).toContain('data.json');
  const receiptFiles = names.filter((name) => name.startsWith(`receipts/${receiptId}/`));
  expect(receiptFiles).toHaveLength(1);
  const [receiptFile] = receiptFiles;
  expect(Buffer.from(archive[receiptFile ?? ''] ?? new Uint8Array()).equals(photo)).toBe(true);
  await shop.context.close();
});

test('Delete my account: the username signs up again and the shop’s figures do not change', async ({ page, browser, baseURL }) => {
  const shop = await openShop(browser, baseURL, 'Deletion Test Deli');
  const offerId = await createLimitedOfferByApi(shop.owner.request, { title: 'Two pastizzi for one', description: 'Ricotta or peas, every morning' });
  const account = await signUpByApi(page);
  // A view, a redemption at the till and a receipt: what the shop's figures are built from.
  await page.goto(`/viewoffer/${offerId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Two pastizzi for one' })).toBeVisible();
  const claim = await page.request.post(`/api/v1/offers/${offerId}/claims`);
  expect(claim.status()).toBe(201);
  const { code } = ((await claim.json()) as { data: { code: string } }).data;
  expect((await shop.owner.request.post('/api/v1/vendors/me/redemptions', { data: { code } })).status()).toBe(200);
  await uploadReceipt(page, shop.vendorId);
  const figures = async () => {
    const response = await shop.owner.request.get('/api/v1/vendors/me/insights?period=weekly');
    expect(response.status()).toBe(200);
    return ((await response.json()) as { data: { redemptions: { redemptions: number } } }).data;
  };
  const before = await figures();
  expect(before.redemptions.redemptions).toBe(1);

  await page.goto('/profile');
  const section = page.getByTestId('delete-account');
  await expect(section).toContainText(strings.deleteGoes);
  await expect(section).toContainText(strings.deleteKept);
  const button = section.getByRole('button', { name: strings.deleteButton });
  await section.getByLabel(strings.password).fill(account.password);
  await expect(button).toBeDisabled();
  const confirmation = section.getByLabel(`Type your username, ${account.username}, to confirm`);
  await confirmation.fill(account.username.slice(0, -1));
  await expect(button).toBeDisabled();
  await confirmation.fill(account.username);
  await expect(button).toBeEnabled();
  await expectAccessibleLightAndDark(page);
  await button.click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: strings.deleted })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect((await page.request.get('/api/v1/auth/me')).status()).toBe(401);
  await logInThroughForm(page, account.username, account.password);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // Read before the username signs up again: the new account's home shows the shop's offer nearby, which is a new
  // impression and a new shopper of the shop's own.
  expect(await figures()).toEqual(before);

  await page.goto('/signup');
  await submitSignupForm(page, account);
  await expect(page).toHaveURL(/\/$/);
  await shop.context.close();
});

test('Change password and email address: the old password no longer logs in, the new address waits for its link', async ({ page, browser, baseURL }) => {
  const account = await signUpByApi(page);
  await page.goto('/profile');
  const passwordForm = page.getByTestId('change-password');
  await passwordForm.getByLabel(strings.currentPassword).fill('not-my-password1');
  await passwordForm.getByLabel(strings.newPassword, { exact: true }).fill('gozo2027ferry');
  await passwordForm.getByLabel(strings.confirmPassword).fill('gozo2027ferry');
  await passwordForm.getByRole('button', { name: strings.changePassword }).click();
  await expect(passwordForm.getByText('The password is not correct.')).toBeVisible();
  await expectAccessibleLightAndDark(page);

  await passwordForm.getByLabel(strings.currentPassword).fill(account.password);
  await passwordForm.getByRole('button', { name: strings.changePassword }).click();
  await expect(passwordForm.getByRole('status')).toHaveText(strings.passwordChanged);
  await expectAccessibleLightAndDark(page);

  const emailForm = page.getByTestId('change-email');
  await expect(page.getByTestId('settings-email')).toHaveText(account.email);
  const newEmail = `new.${account.email}`;
  await emailForm.getByLabel(strings.newEmail).fill(newEmail);
  await emailForm.getByLabel(strings.password).fill('gozo2027ferry');
  await emailForm.getByRole('button', { name: strings.changeEmail }).click();
  await expect(emailForm.getByRole('status')).toHaveText(`We sent a link to ${newEmail}. Your address changes when you follow it.`);
  await expect(page.getByTestId('settings-pending-email')).toHaveText(`Waiting for confirmation: ${newEmail}`);
  await expect(page.getByTestId('settings-email')).toHaveText(account.email);
  await expectAccessibleLightAndDark(page);
  await page.reload();
  await expect(page.getByTestId('settings-pending-email')).toHaveText(`Waiting for confirmation: ${newEmail}`);

  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await logInThroughForm(otherPage, account.username, account.password);
  await expect(otherPage.getByRole('alert')).toBeVisible();
  await expect(otherPage).toHaveURL(/\/login$/);
  await logInThroughForm(otherPage, account.username, 'gozo2027ferry');
  await expect(otherPage).not.toHaveURL(/\/login/);
  await other.close();
});

test('An owner closes the business before deleting the account', async ({ page }) => {
  const account = await signUpByApi(page);
  await registerPendingBusinessByApi(page, 'Closing Test Kiosk');
  await page.goto('/profile');
  await expect(page.getByTestId('delete-account-blocked')).toContainText(strings.closeFirstTitle);
  await expect(page.getByTestId('delete-account')).toHaveCount(0);
  const closeSection = page.getByTestId('close-business');
  await expect(closeSection).toContainText('Shoppers no longer see Closing Test Kiosk');
  await expect(page.getByTestId('data-export')).toContainText(strings.exportOwner);
  await expectAccessibleLightAndDark(page);

  await closeSection.getByRole('button', { name: strings.closeButton }).click();
  const dialog = page.getByRole('dialog', { name: 'Close Closing Test Kiosk?' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Closing for good asks for the password, as deleting the account does: a wrong one is said under its field.
  const password = dialog.getByLabel(strings.password);
  await password.fill('not-my-password1');
  await dialog.getByRole('button', { name: strings.closeConfirm }).click();
  await expect(dialog.getByText(MESSAGES.passwordIncorrect)).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await password.fill(account.password);
  await dialog.getByRole('button', { name: strings.closeConfirm }).click();
  await expect(dialog).toBeHidden();
  await expect(closeSection.getByRole('status')).toHaveText('Closing Test Kiosk is closed. Its offers have ended.');
  await expect(page.getByTestId('delete-account')).toBeVisible();
  await expect(page.getByTestId('delete-account-blocked')).toHaveCount(0);
  const business = (await (await page.request.get('/api/v1/vendors/me')).json()) as { data: { status: string } };
  expect(business.data.status).toBe('CLOSED');
  await expectAccessibleLightAndDark(page);

  await page.reload();
  await expect(closeSection.getByRole('button', { name: strings.closeButton })).toHaveCount(0);
  await expect(page.getByTestId('delete-account')).toBeVisible();
});
