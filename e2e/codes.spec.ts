/**
 * The shopper's codes (issue 13) at 390 px (mobile project) and on the desktop: a shopper opens an offer, taps
 * Get code, sees the code in large type and its QR, finds it in My codes (linked from the menu), and the code
 * screen still opens from the copy on the device when the codes cannot be fetched; axe finds nothing serious in
 * light and dark.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, openNavigation, setDarkMode, signUpByApi } from './helpers.ts';

// The shopper stands in Valletta, next door to the demo's Joseph's Pastizzeria.
test.use({ geolocation: { latitude: 35.8989, longitude: 14.5146 }, permissions: ['geolocation'] });

const CODE = /^[2-9A-HJKMNP-Z]{4} [2-9A-HJKMNP-Z]{4}$/;

test('a shopper gets a code on an offer, shows it with its QR, finds it in My codes, and opens it without the network (light and dark)', async ({ page }, testInfo) => {
  await signUpByApi(page);
  await page.goto('/');
  const card = page.getByTestId('offer-card').first();
  await expect(card).toContainText("Joseph's Pastizzeria");
  // A limited offer of the demo (Joseph's breakfast deal) shows its units left in its card's foot.
  await expect(page.getByTestId('offer-card').getByTestId('units-left').first()).toHaveText(/^\d+ left$/);
  const title = ((await card.getByRole('heading', { level: 3 }).textContent()) ?? '').trim();
  await card.getByRole('link', { name: /View Offer/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const getCode = page.getByRole('button', { name: 'Get code' });
  await expect(getCode).toBeEnabled();
  await expectNoSeriousA11yViolations(page);

  await getCode.click();
  await expect(page).toHaveURL(/\/codes\/\d+$/);
  const codeUrl = page.url();
  const code = page.getByTestId('claim-code');
  await expect(code).toHaveText(CODE);
  const shown = (await code.textContent()) ?? '';
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('code-shop')).toContainText("Joseph's Pastizzeria");
  const qr = page.getByRole('img', { name: `QR code for ${shown}` });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await expect(page.getByTestId('claim-status')).toHaveText('Active');
  await expect(page.getByTestId('code-no-reserve')).toContainText('A code does not reserve a unit');
  // The code fits the screen: large type, not cut off at 390 px.
  const box = await code.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(40);
  expect(await code.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expectNoSeriousA11yViolations(page);

  // The offer now offers the code already held.
  await page.goBack();
  await expect(page.getByRole('link', { name: 'Show my code' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get code' })).toHaveCount(0);

  // My codes, from the shopper's menu.
  await openNavigation(page, testInfo);
  await page.getByRole('link', { name: 'My codes' }).click();
  await expect(page).toHaveURL(/\/codes$/);
  const item = page.getByTestId('codes-list').getByRole('link').first();
  await expect(item).toContainText(shown);
  await expect(item).toContainText(title);
  await expect(item.getByTestId('claim-status')).toHaveText('Active');
  await expectNoSeriousA11yViolations(page);

  await setDarkMode(page, true);
  await expect(item).toContainText(shown);
  await expectNoSeriousA11yViolations(page);
  await page.goto(codeUrl);
  await expect(page.getByTestId('claim-code')).toHaveText(shown);
  await expect(page.getByRole('img', { name: `QR code for ${shown}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The codes cannot be fetched (no network at the till): the screen opens from the copy kept on the device.
  await page.route('**/api/v1/me/claims', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page.getByText('You are offline: this is the copy saved on this device.')).toBeVisible();
  await expect(page.getByTestId('claim-code')).toHaveText(shown);
  await expect(page.getByRole('img', { name: `QR code for ${shown}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, false);
  await expect(page.getByTestId('claim-code')).toHaveText(shown);
  await expectNoSeriousA11yViolations(page);
});

test('logging out forgets the codes kept on the device', async ({ page }, testInfo) => {
  await signUpByApi(page);
  await page.goto('/');
  await page.getByTestId('offer-card').first().getByRole('link', { name: /View Offer/ }).click();
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByTestId('claim-code')).toHaveText(CODE);
  const kept = () => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('qrib.claims.')));
  expect(await kept()).toHaveLength(1);
  await openNavigation(page, testInfo);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await kept()).toEqual([]);
});
