/**
 * Reviews and reports end to end (issue 14's shopper side): a shopper whose code the owner redeemed at the till
 * writes a review from My codes, the owner replies once on their own shop's page, the rating shows on the shop page
 * and the offer page, another shopper reports the review, and the two public pages open signed out. Every new
 * screen state is checked with axe, light and dark (the desktop and mobile projects run it at both sizes).
 * The reviewer is the demo shopper maria: since issue 24 only an established account's review is live at once (a new
 * account's is held, e2e/trust-evidence.spec.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { TRUST_LEVELS } from '@qrib/shared/insight-constants';
import { ESTABLISHED_ACCOUNT_DAYS, ESTABLISHED_OTHER_SHOPS, REVIEW_WINDOW_DAYS } from '@qrib/shared/trust-constants';
import { createLimitedOfferByApi, DEMO_SHOPPER, expectNoSeriousA11yViolations, logInByApi, registerBusinessByApi, setDarkMode, signUpByApi } from './helpers.ts';

/** axe in light, then in dark (the account's Dark Mode), then light again. */
async function expectAccessibleLightAndDark(page: Page) {
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, true);
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, false);
}

/** maria's pages are drawn dark with the class only: her stored Dark Mode is shared by specs that run at once. */
async function expectAccessibleDrawnDark(page: Page) {
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

test('a redeemed code is reviewed, the owner replies once, the rating shows, and another shopper reports the review', async ({ page, browser, baseURL }, testInfo) => {
  const suffix = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const shop = `Review Test Bakery ${suffix}`;
  const title = `Ftira with tuna ${suffix}`;

  // The owner, in a browser of their own, with an approved shop and a limited offer.
  const ownerContext = await browser.newContext({ baseURL });
  const owner = await ownerContext.newPage();
  await signUpByApi(owner);
  const vendorId = await registerBusinessByApi(owner, shop);
  const offerId = await createLimitedOfferByApi(owner.request, { title, description: 'Fresh ftira with tuna, capers and olives' });

  // The shopper's (maria's) offer page: the shop has no reviews yet, and the offer can be reported.
  await logInByApi(page, DEMO_SHOPPER.username, DEMO_SHOPPER.password);
  await page.goto(`/viewoffer/${offerId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('rating-summary')).toContainText('No reviews yet');
  await expect(page.getByRole('link', { name: 'How ratings and reviews work' })).toHaveAttribute('href', '/how-ratings-work');
  await expect(page.getByRole('button', { name: 'Report this offer' })).toBeVisible();
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page).toHaveURL(/\/codes\/\d+$/);
  const shown = (await page.getByTestId('claim-code').textContent()) ?? '';

  // The owner redeems it at the till (through the API, as /redeem would).
  const redeemed = await owner.request.post('/api/v1/vendors/me/redemptions', { data: { code: shown.replace(/\s/g, '') } });
  expect(redeemed.status(), await redeemed.text()).toBe(200);

  // My codes offers a review of the redeemed code.
  await page.goto('/codes');
  await page.getByRole('link', { name: `Write a review: ${title}` }).click();
  await expect(page).toHaveURL(/\/write-review\?claimId=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Write a review' })).toBeVisible();
  await expectAccessibleDrawnDark(page);
  await page.getByRole('button', { name: 'Publish review' }).click();
  await expect(page.getByText('Choose from 1 to 5 stars.')).toBeVisible();
  await page.getByRole('radio', { name: '4 out of 5 stars' }).check();
  await page.getByLabel('Your review (optional)').fill('Crisp ftira and a friendly welcome.');
  await page.getByRole('button', { name: 'Publish review' }).click();
  await expect(page.getByText('Thanks! Your review is published.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The review on the shop page, with the rating.
  await page.getByRole('link', { name: 'See your review' }).click();
  await expect(page).toHaveURL(new RegExp(`/shops/${vendorId}#review-\\d+$`));
  await expect(page.getByTestId('rating-summary')).toContainText('4.0 · 1 review');
  const review = page.getByTestId('review');
  await expect(review).toContainText('Crisp ftira and a friendly welcome.');
  await expect(review).toContainText('Verified purchase');
  await expect(review).toContainText(DEMO_SHOPPER.displayName);
  // No Report of one's own review.
  await expect(review.getByRole('button', { name: /^Report the review by / })).toHaveCount(0);
  await expectAccessibleDrawnDark(page);
  // My codes now leads to the review instead.
  await page.goto('/codes');
  await expect(page.getByRole('link', { name: `See your review: ${title}` })).toBeVisible();

  // The owner replies once, on their own shop's page, which offers them no Report of the shop but one of the review
  // (a fake review of their shop is theirs to report).
  await owner.goto(`/shops/${vendorId}`);
  await expect(owner.getByRole('button', { name: 'Report this shop' })).toHaveCount(0);
  await expect(owner.getByRole('button', { name: `Report the review by ${DEMO_SHOPPER.displayName}` })).toBeVisible();
  await owner.getByRole('button', { name: /^Reply to / }).click();
  await owner.getByLabel('Your public reply').fill('Thank you, see you soon!');
  await expectNoSeriousA11yViolations(owner);
  await owner.getByRole('button', { name: 'Send reply' }).click();
  await expect(owner.getByTestId('review-reply')).toContainText('Thank you, see you soon!');
  await expect(owner.getByRole('button', { name: /^Reply to / })).toHaveCount(0);
  await expectAccessibleLightAndDark(owner);

  // The offer page shows the rating and the latest review with the reply.
  await page.goto(`/viewoffer/${offerId}`);
  await expect(page.getByTestId('rating-summary')).toContainText('4.0 · 1 review');
  await expect(page.getByTestId('review-reply')).toContainText('Thank you, see you soon!');
  await expectAccessibleDrawnDark(page);

  // Another shopper reports the review.
  const reporterContext = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const reporter = await reporterContext.newPage();
  await signUpByApi(reporter);
  await reporter.goto(`/shops/${vendorId}`);
  await reporter.getByRole('button', { name: /^Report the review by / }).click();
  const dialog = reporter.getByRole('dialog');
  await expect(dialog.getByRole('radio')).toHaveCount(5);
  await expectAccessibleLightAndDark(reporter);
  await reporter.getByRole('button', { name: /^Report the review by / }).click();
  await dialog.getByRole('radio', { name: 'Something else' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Please say what is wrong.')).toBeVisible();
  await dialog.getByLabel('What is wrong? (required)').fill('This reads like it was written by the shop.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Thank you. Qrib will review it and tell you the outcome.')).toBeVisible();
  await expectNoSeriousA11yViolations(reporter);
  // The same report again is not a second one.
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await reporter.getByRole('button', { name: /^Report the review by / }).click();
  await dialog.getByRole('radio', { name: 'Something else' }).check();
  await dialog.getByLabel('What is wrong? (required)').fill('This reads like it was written by the shop.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('You already reported this; we will tell you the outcome.')).toBeVisible();

  await reporterContext.close();
  await ownerContext.close();
});

test('the two public pages open signed out, with their numbers, and are linked from the lists', async ({ page }) => {
  await page.goto('/how-ratings-work');
  await expect(page).toHaveURL(/\/how-ratings-work$/);
  await expect(page.getByRole('heading', { level: 1, name: 'How ratings and reviews work' })).toBeVisible();
  await expect(page.getByText(`within ${REVIEW_WINDOW_DAYS} days of the purchase`)).toBeVisible();
  const top = TRUST_LEVELS.at(-1);
  if (top) await expect(page.getByText(`Platinum: from ${top.minVerifiedPurchases} verified purchases`)).toBeVisible();
  // Issue 24 (ADR 016): established accounts, disputed reviews and suspicious activity are explained too.
  await expect(page.getByRole('heading', { level: 2, name: 'When a review goes live' })).toBeVisible();
  await expect(page.getByText(`at least ${ESTABLISHED_ACCOUNT_DAYS} days old or has verified purchases at ${ESTABLISHED_OTHER_SHOPS} or more other shops`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Reviews under dispute' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Suspicious activity' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/how-offers-are-ordered');
  await expect(page.getByRole('heading', { level: 1, name: 'How offers are ordered' })).toBeVisible();
  await expect(page.getByText('Nothing is paid for: no shop can pay Qrib to appear higher.')).toBeVisible();
  await expect(page.getByText(/^Ratings, reviews and trust levels do not change this order/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Signed in, in dark mode, from the search screen's link.
  await signUpByApi(page);
  await page.goto('/searchoffers');
  await setDarkMode(page, true);
  await page.getByRole('link', { name: 'How offers are ordered' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'How offers are ordered' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/how-ratings-work');
  await expect(page.getByRole('heading', { level: 1, name: 'How ratings and reviews work' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
