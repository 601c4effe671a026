/**
 * Redemption at the till end to end (issue 13's browser test): a shopper gets a code on a phone-sized page (the
 * mobile project; the desktop project runs it at desktop size too), the shop's owner redeems it by typing it on
 * /redeem in a browser context of their own, and then the shopper's code turns Redeemed, their bell says so, the
 * offer's 'x left' has dropped by one and the owner's Conversions have risen by one. A receipt sent from the redeemed
 * code names it, and the purchase is still counted once.
 */
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { createLimitedOfferByApi, expectNoSeriousA11yViolations, registerBusinessByApi, signUpByApi } from './helpers.ts';

const SHOP = 'Flow Test Deli';
const TITLE = 'Half-price qassatat at the deli';

test('a shopper’s code redeemed at the till turns Redeemed, rings their bell, counts down the offer and counts as a conversion', async ({ page, browser, baseURL }) => {
  // The shop's owner, in a browser of their own, with a limited offer and no conversion yet this week.
  const ownerContext = await browser.newContext({ baseURL });
  const owner = await ownerContext.newPage();
  await signUpByApi(owner);
  await registerBusinessByApi(owner, SHOP);
  const offerId = await createLimitedOfferByApi(owner.request, { title: TITLE, description: 'Ricotta or pea qassatat, fresh every morning' });
  await owner.goto('/');
  const conversions = owner.getByTestId('metric-conversions').getByTestId('metric-value');
  await expect(conversions).toHaveText('0');

  // The shopper, on a phone-sized page, gets a code.
  await signUpByApi(page);
  await page.goto(`/viewoffer/${offerId}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByTestId('units-left')).toHaveText('5 left');
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page).toHaveURL(/\/codes\/\d+$/);
  const codeScreen = page.url();
  const code = page.getByTestId('claim-code');
  await expect(code).toHaveText(/^[2-9A-HJKMNP-Z]{4} [2-9A-HJKMNP-Z]{4}$/);
  const shown = (await code.textContent()) ?? '';
  await expect(page.getByTestId('claim-status')).toHaveText('Active');

  // The owner types it at the till.
  await owner.goto('/redeem');
  await owner.getByRole('textbox', { name: 'Customer’s code' }).fill(shown);
  await owner.getByRole('button', { name: 'Redeem', exact: true }).click();
  const result = owner.getByTestId('redemption-result');
  await expect(result.getByRole('heading', { name: 'Redeemed' })).toBeVisible();
  await expect(result).toContainText(TITLE);
  await expect(result).toContainText('4 left');

  // The shopper's code screen turns Redeemed by itself (it asks again while the code is active).
  await expect(page.getByTestId('claim-status')).toContainText('Redeemed', { timeout: 20_000 });
  await expectNoSeriousA11yViolations(page);
  // Their bell says who redeemed what.
  await page.reload();
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' }).first();
  await bell.click();
  await expect(page.getByText(`${SHOP} redeemed your code for ${TITLE}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The offer has one unit fewer.
  await page.goto(`/viewoffer/${offerId}`);
  await expect(page.getByTestId('units-left')).toHaveText('4 left');

  // The owner's Conversions rose by one.
  await owner.goto('/');
  await expect(conversions).toHaveText('1');

  // The shopper sends the receipt from the redeemed code: it names the code, so the purchase still counts once.
  await page.goto(codeScreen);
  await page.getByRole('link', { name: 'Upload the receipt for this purchase' }).click();
  await expect(page).toHaveURL(/\/receipt-upload\?vendorId=\d+&offerId=\d+&claimId=\d+$/);
  await expect(page.getByLabel('Shop').locator('option:checked')).toHaveText(`${SHOP} (code redeemed)`);
  await page.getByRole('button', { name: /Tap to add your receipt/ }).click();
  const photo = await sharp(randomBytes(60 * 90 * 3), { raw: { width: 60, height: 90, channels: 3 } }).png().toBuffer();
  await page.getByRole('dialog', { name: 'Select Upload Option' }).getByTestId('receipt-gallery-input').setInputFiles([{ name: 'till.png', mimeType: 'image/png', buffer: photo }]);
  await page.getByRole('button', { name: 'Save & Upload' }).click();
  await expect(page.getByText('Upload successful!')).toBeVisible();
  const receipts = (await (await page.request.get('/api/v1/me/receipts')).json()) as { data: { claimId: number | null }[] };
  expect(receipts.data[0]?.claimId).toEqual(expect.any(Number));
  await ownerContext.close();
});
