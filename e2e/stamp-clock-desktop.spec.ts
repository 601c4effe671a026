/**
 * Issue 29 §2's walk across Malta days, on the server whose clock the test moves (playwright.config.ts's second
 * server, TEST_CLOCK; apps/api/src/kernel/test-clock.ts). Desktop only: one test moves that clock at a time.
 *
 * The demo shop's card takes 3 stamps. Maria (the demo shopper, established) buys with a code two days ago and
 * yesterday; today her third code is redeemed at the till screen, which completes the card; her cards show the
 * reward code, and the till redeems it once: "Reward: A free coffee".
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { formatClaimCode } from '@qrib/shared/claim-constants';
import { formatMessage } from '@qrib/shared/messages';
import { DEMO_SHOPPER, expectNoSeriousA11yViolations, logInByApi } from './helpers.ts';

const clockServer = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + 1}`;
test.use({ baseURL: clockServer });

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' } as const;
const DAY_MS = 86_400_000;
const en = catalogs.en;
const OWNER = { username: 'joseph', password: 'joseph2026pass' };

async function moveClock(request: APIRequestContext, days: number) {
  const moved = await request.put(`${clockServer}/__test/clock`, { data: { offsetMs: days * DAY_MS }, headers: { 'x-test-clock-token': process.env.E2E_CLOCK_TOKEN ?? '' } });
  expect(moved.status(), await moved.text()).toBe(200);
}

async function offerRunning(page: Page, title: string): Promise<number> {
  const day = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
  const response = await page.request.post('/api/v1/offers/', {
    headers: SAME_ORIGIN,
    multipart: { title, description: 'Any coffee at the counter', categoryId: '1', discountValue: '20', startDate: day(-7), endDate: day(30) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { offerId: number } }).data.offerId;
}

async function claimCode(shopper: Page, offerId: number): Promise<string> {
  const claimed = await shopper.request.post(`/api/v1/offers/${offerId}/claims`, { headers: SAME_ORIGIN });
  expect(claimed.status(), await claimed.text()).toBe(201);
  return ((await claimed.json()) as { data: { code: string } }).data.code;
}

test.afterEach(async ({ request }) => {
  await moveClock(request, 0);
});

test('three purchases on three Malta days complete a 3-stamp card; the reward is redeemed once at the till', async ({ page, browser, request }) => {
  await logInByApi(page, OWNER.username, OWNER.password);
  const started = await page.request.put('/api/v1/vendors/me/stamp-card', { headers: SAME_ORIGIN, data: { stampsRequired: 3, rewardText: 'A free coffee' } });
  expect(started.status(), await started.text()).toBe(201);
  const offers = [await offerRunning(page, 'Espresso, day one'), await offerRunning(page, 'Cappuccino, day two'), await offerRunning(page, 'Latte, day three')] as const;

  const shopperContext = await browser.newContext({ baseURL: clockServer });
  const shopper = await shopperContext.newPage();
  await logInByApi(shopper, DEMO_SHOPPER.username, DEMO_SHOPPER.password);

  // Two days ago and yesterday: a code redeemed each day (the till's request).
  for (const [offerId, days] of [[offers[0], -2], [offers[1], -1]] as const) {
    await moveClock(request, days);
    const code = await claimCode(shopper, offerId);
    const redeemed = await page.request.post('/api/v1/vendors/me/redemptions', { headers: SAME_ORIGIN, data: { code } });
    expect(redeemed.status(), await redeemed.text()).toBe(200);
  }
  await moveClock(request, 0);
  await shopper.goto('/stamp-cards');
  const card = shopper.getByTestId('stamp-card');
  await expect(card.getByTestId('stamp-progress')).toHaveText(formatMessage(en.stampCards.progress, { count: 2, total: 3 }));

  // Today: the third code, typed at the till screen.
  const third = await claimCode(shopper, offers[2]);
  await page.goto('/redeem');
  await page.getByRole('textbox', { name: en.redeem.codeLabel }).fill(third);
  await page.getByRole('button', { name: en.redeem.submit, exact: true }).click();
  await expect(page.getByTestId('redemption-result')).toContainText('Latte, day three');

  // The card is complete: the reward is a code under the shopper's cards, and under My codes.
  await shopper.reload();
  const reward = card.getByTestId('stamp-reward');
  await expect(reward).toContainText(formatMessage(en.stampCards.reward, { reward: 'A free coffee' }));
  await expect(reward).toContainText(en.stampCards.statusActive);
  await expect(card.getByTestId('stamp-progress')).toHaveText(formatMessage(en.stampCards.progress, { count: 0, total: 3 }));
  await expectNoSeriousA11yViolations(shopper);
  const mine = (await (await shopper.request.get('/api/v1/me/stamp-cards')).json()) as { data: { rewards: { code: string }[] }[] };
  const rewardCode = mine.data[0]?.rewards[0]?.code ?? '';
  expect(rewardCode).toMatch(/^[2-9A-Z]{8}$/);
  await expect(reward).toContainText(formatClaimCode(rewardCode));
  await shopper.goto('/codes');
  await expect(shopper.getByTestId('my-rewards')).toContainText(formatClaimCode(rewardCode));
  await expectNoSeriousA11yViolations(shopper);

  // At the till: "Reward: A free coffee", once.
  await page.getByRole('button', { name: en.redeem.nextCode }).click();
  await page.getByRole('textbox', { name: en.redeem.codeLabel }).fill(rewardCode);
  await page.getByRole('button', { name: en.redeem.submit, exact: true }).click();
  const result = page.getByTestId('redemption-result');
  await expect(result).toContainText(formatMessage(en.stampTill.reward, { reward: 'A free coffee' }));
  await expect(page.getByRole('list', { name: en.redeem.listTitle })).toContainText(formatMessage(en.stampTill.reward, { reward: 'A free coffee' }));
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: en.redeem.nextCode }).click();
  await page.getByRole('textbox', { name: en.redeem.codeLabel }).fill(rewardCode);
  await page.getByRole('button', { name: en.redeem.submit, exact: true }).click();
  await expect(page.getByTestId('redeem-error')).toContainText('already redeemed');

  await shopper.goto('/stamp-cards');
  await expect(card.getByTestId('stamp-reward')).toContainText('Used on');
  await shopperContext.close();
});
