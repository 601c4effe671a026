/**
 * Stamp cards (issue 29 §2), the screens: a shop starts its card on /stamp-card, its till stamps a new shopper's pass,
 * and the shopper reads the stamp (waiting for their account to be established) on /stamp-cards and on the shop's
 * page. Each screen axe-clean in light and dark at the project's size; the shopper's cards walked in Arabic (right to
 * left) and the owner's settings in Maltese. The walk across Malta days and the reward at the till:
 * stamp-clock-desktop.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { formatMessage } from '@qrib/shared/messages';
import { expectAccessibleLightAndDark, expectNoSeriousA11yViolations, registerBusinessByApi, signUpByApi } from './helpers.ts';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' } as const;
const en = catalogs.en;

test('a shop starts its stamp card; a shopper’s stamp shows on their cards and the shop’s page, in English, Arabic and Maltese', async ({ page, browser, baseURL }, testInfo) => {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  await signUpByApi(page);
  const vendorId = await registerBusinessByApi(page, `Kafè Bolla ${suffix}`);

  // The owner starts the card on its screen.
  await page.goto('/stamp-card');
  await expect(page.getByRole('heading', { name: en.stampCardSettings.title, level: 1 })).toBeVisible();
  await expect(page.getByTestId('stamp-card-state')).toHaveText(en.stampCardSettings.none);
  await page.getByLabel(en.stampCardSettings.stampsRequired, { exact: true }).fill('3');
  await page.getByLabel(en.fields.rewardText, { exact: true }).fill('A free coffee');
  await page.getByRole('button', { name: en.stampCardSettings.start }).click();
  await expect(page.getByText(en.stampCardSettings.started)).toBeVisible();
  await expectAccessibleLightAndDark(page, () => expect(page.getByTestId('stamp-card-state')).toContainText('Running since'));

  // A new shopper's pass, stamped at the till (the camera's part: redeem.spec.ts; here the till's request).
  const shopperContext = await browser.newContext(testInfo.project.use);
  const shopper = await shopperContext.newPage();
  await signUpByApi(shopper);
  const mine = (await (await shopper.request.get('/api/v1/me/stamp-cards')).json()) as { pass: string };
  const stamped = await page.request.post('/api/v1/vendors/me/stamps', { headers: SAME_ORIGIN, data: { pass: mine.pass } });
  expect(stamped.status(), await stamped.text()).toBe(201);

  await shopper.goto('/stamp-cards');
  await expect(shopper.getByRole('heading', { name: en.stampCards.title, level: 1 })).toBeVisible();
  await expect(shopper.getByRole('img', { name: en.stampCards.passQr })).toBeVisible();
  const card = shopper.getByTestId('stamp-card');
  await expect(card).toContainText(`Kafè Bolla ${suffix}`);
  await expect(card.getByTestId('stamp-progress')).toHaveText(formatMessage(en.stampCards.progress, { count: 1, total: 3 }));
  // A new account: the stamp waits for it to be established.
  await expect(card).toContainText(formatMessage(en.stampCards.provisional, { count: 1 }));
  await expectAccessibleLightAndDark(shopper, () => expect(card.getByTestId('stamp-progress')).toBeVisible());

  await shopper.goto(`/shops/${vendorId}`);
  const line = shopper.getByTestId('stamp-card-line');
  await expect(line).toContainText(formatMessage(en.stampCards.progress, { count: 1, total: 3 }));
  await expect(line).toContainText(formatMessage(en.stampCards.rewardAfter, { reward: 'A free coffee', total: 3 }));
  await expect(line).toHaveAttribute('href', '/stamp-cards');
  await expectAccessibleLightAndDark(shopper, () => expect(line).toBeVisible());

  // The shopper's cards in Arabic: right to left, translated, accessible.
  await shopperContext.addCookies([{ name: 'googtrans', value: '/en/ar', url: baseURL ?? 'http://localhost:3100' }]);
  await shopper.goto('/stamp-cards');
  await expect(shopper.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(shopper.getByRole('heading', { name: catalogs.ar.stampCards.title, level: 1 })).toBeVisible();
  await expect(card.getByTestId('stamp-progress')).toHaveText(formatMessage(catalogs.ar.stampCards.progress, { count: 1, total: 3 }));
  await expect(card).toContainText(formatMessage(catalogs.ar.stampCards.provisional, { count: 1 }));
  await expectNoSeriousA11yViolations(shopper);
  await shopperContext.close();

  // The owner's settings in Maltese.
  await page.context().addCookies([{ name: 'googtrans', value: '/en/mt', url: baseURL ?? 'http://localhost:3100' }]);
  await page.goto('/stamp-card');
  await expect(page.locator('html')).toHaveAttribute('lang', 'mt');
  await expect(page.getByRole('heading', { name: catalogs.mt.stampCardSettings.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: catalogs.mt.stampCardSettings.save })).toBeVisible();
  await expect(page.getByLabel(catalogs.mt.fields.rewardText, { exact: true })).toHaveValue('A free coffee');
  await expectNoSeriousA11yViolations(page);
});
