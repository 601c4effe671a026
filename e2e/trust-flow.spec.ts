/**
 * Issue 14's whole chain in one test, against the real server and its automatic receipt check: a new business
 * registers and is PENDING (a shopper can neither open nor find its offer); the demo admin rita approves it in the
 * console and the offer appears; a shopper uploads a receipt the OCR check verifies, reviews the purchase from My
 * receipts, the owner replies on the shop page and the rating shows there; a second shopper reports the review, rita
 * removes it with a statement of reasons, the review is gone from the shop page, and the reporter's and the
 * reviewer's bells say so. Every new screen state is checked with axe, light and dark (each project's size).
 * The reviewer is the demo shopper maria: since issue 24 only an established account's review is live at once.
 */
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { maltaToday } from '@qrib/shared/malta-time';
import { MESSAGES } from '@qrib/shared/messages';
import { makeReceiptPhoto } from '../apps/api/test/receipt-images.ts';
import {
  expectAccessibleLightAndDark,
  createLimitedOfferByApi,
  DEMO_ADMIN,
  DEMO_SHOPPER,
  expectNoSeriousA11yViolations,
  logInByApi,
  notificationBell,
  notificationSaying,
  openNavigation,
  registerPendingBusinessByApi,
  signUpByApi,
} from './helpers.ts';

// Everyone stands in Mosta, where registerPendingBusinessByApi puts the shop.
const MOSTA = { geolocation: { latitude: 35.9097, longitude: 14.4256 }, permissions: ['geolocation'] };
test.use(MOSTA);

/** The automatic check reads the receipt with tesseract in the background: seconds, more on a busy machine. */
const OCR_WAIT = 120_000;

async function newPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ ...testInfo.project.use, ...MOSTA });
  return context.newPage();
}

/** A signed-up account in a browser context of its own (each person has their own cookies). */
async function newPerson(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const page = await newPage(browser, testInfo);
  await signUpByApi(page);
  return page;
}

/**
 * rita's and maria's pages are only drawn dark (the class the app puts on <html>), never by their stored preference:
 * each is one account shared by specs that run at the same time.
 */
async function expectAccessibleDrawnDark(page: Page) {
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

/** Searches for `title` and answers its result cards, once the search has answered (results or the empty state). */
async function searchFor(page: Page, title: string) {
  await page.goto(`/searchoffers?q=${encodeURIComponent(title)}`);
  await expect(page.getByTestId('offer-card').or(page.getByText('No offers match your search.')).first()).toBeVisible();
  return page.getByTestId('offer-card').filter({ has: page.getByRole('heading', { name: title, level: 3 }) });
}

/** Letters only, different for every run and project: OCR reads letters more surely than digits. */
function runLetters(testInfo: TestInfo): string {
  const letters = Date.now()
    .toString(26)
    .replace(/\d/g, (digit) => 'qrstuvwxyz'.charAt(Number(digit)))
    .slice(-6);
  return `${testInfo.project.name.charAt(0)}${letters}`;
}

test('a pending shop is approved, a verified receipt is reviewed and replied to, and a report of the review is decided', async ({ browser }, testInfo) => {
  test.setTimeout(OCR_WAIT + 120_000);
  const run = runLetters(testInfo);
  // Short enough for one line of the receipt's header; two distinctive words besides the run's letters.
  const shopName = `Xaghra Trust Bakery ${run}`;
  const offerTitle = `Half-price ftira ${run}`;
  const reviewText = `Crisp ftira, warm welcome (${run}).`;
  const replyText = `Thank you, see you soon (${run})!`;
  const reportText = `This review reads like an advert (${run}).`;
  const statement = `The review advertises instead of describing a purchase (${run}).`;

  // 1. A new owner registers a business and publishes an offer: the business is PENDING.
  const owner = await newPerson(browser, testInfo);
  const vendorId = await registerPendingBusinessByApi(owner, shopName);
  const offerId = await createLimitedOfferByApi(owner.request, { title: offerTitle, description: 'A Gozitan ftira at half price' });

  // A shopper (maria, established) can neither open the offer nor find it.
  const shopper = await newPage(browser, testInfo);
  await logInByApi(shopper, DEMO_SHOPPER.username, DEMO_SHOPPER.password);
  await shopper.goto(`/viewoffer/${offerId}`);
  await expect(shopper.getByText(MESSAGES.offerNotFound)).toBeVisible();
  await expectAccessibleDrawnDark(shopper);
  await expect(await searchFor(shopper, offerTitle)).toHaveCount(0);

  // 2. rita approves it in the console.
  const admin = await newPage(browser, testInfo);
  await logInByApi(admin, DEMO_ADMIN.username, DEMO_ADMIN.password);
  await admin.goto('/');
  await openNavigation(admin, testInfo);
  await admin.getByRole('link', { name: 'Console' }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  const businessCard = admin.getByRole('article', { name: shopName });
  await expect(businessCard).toBeVisible();
  await businessCard.getByRole('button', { name: `Approve ${shopName}` }).click();
  await expect(businessCard).toHaveCount(0);

  // The shopper now finds the offer and opens it.
  const found = await searchFor(shopper, offerTitle);
  await expect(found).toHaveCount(1);
  await expect(found.getByTestId('business-name')).toHaveText(shopName);
  await found.getByRole('link', { name: /View Details/ }).click();
  await expect(shopper).toHaveURL(new RegExp(`/viewoffer/${offerId}$`));
  await expect(shopper.getByRole('heading', { name: offerTitle, level: 1 })).toBeVisible();

  // 3. The shopper uploads a photo of the till receipt: today, at this shop, 50% off applied (the offer's discount).
  await shopper.getByRole('link', { name: 'Bought this? Upload your receipt' }).click();
  await expect(shopper).toHaveURL(new RegExp(`/receipt-upload\\?vendorId=${vendorId}&offerId=${offerId}`));
  await expect(shopper.getByLabel('Shop').locator('option:checked')).toHaveText(`${shopName} (viewed)`);
  await expect(shopper.getByLabel('Offer (optional)').locator('option:checked')).toHaveText(offerTitle);
  const [year, month, day] = maltaToday().split('-');
  const photo = await makeReceiptPhoto({
    merchant: shopName.toUpperCase(),
    address: 'Triq il-Kbira 12, Mosta',
    date: `${day}/${month}/${year} 09:41`,
    items: [
      { name: 'Ftira x2', amount: 7 },
      { name: 'Coffee', amount: 3 },
    ],
    subtotal: 10,
    discount: 'DISCOUNT 50%          -5.00',
    total: 5,
  });
  await shopper.getByRole('button', { name: /Tap to add your receipt/ }).click();
  await shopper
    .getByRole('dialog', { name: 'Select Upload Option' })
    .getByTestId('receipt-gallery-input')
    .setInputFiles([{ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: photo }]);
  await shopper.getByRole('button', { name: 'Save & Upload' }).click();
  await expect(shopper.getByRole('status').filter({ hasText: MESSAGES.receiptUploaded })).toBeVisible();

  // My receipts shows it Verified once the automatic check has read it (the list is fetched again on reload).
  const receipt = shopper.getByTestId('my-receipt').filter({ hasText: `Receipt for ${shopName}` });
  await expect(async () => {
    await shopper.reload();
    await expect(receipt).toContainText('Verified', { timeout: 2_000 });
  }).toPass({ timeout: OCR_WAIT });
  const writeReview = receipt.getByRole('link', { name: `Write a review: ${offerTitle}` });
  await expect(writeReview).toBeVisible();
  await expectAccessibleDrawnDark(shopper);

  // 4. The shopper reviews the purchase from My receipts.
  await writeReview.click();
  await expect(shopper).toHaveURL(/\/write-review\?receiptId=\d+$/);
  await expect(shopper.getByRole('heading', { level: 1, name: 'Write a review' })).toBeVisible();
  await shopper.getByRole('radio', { name: '5 out of 5 stars' }).check();
  await shopper.getByLabel('Your review (optional)').fill(reviewText);
  await shopper.getByRole('button', { name: 'Publish review' }).click();
  await expect(shopper.getByText('Thanks! Your review is published.')).toBeVisible();
  await shopper.getByRole('link', { name: 'See your review' }).click();
  await expect(shopper).toHaveURL(new RegExp(`/shops/${vendorId}#review-\\d+$`));
  await expect(shopper.getByTestId('rating-summary')).toContainText('5.0 · 1 review');

  // 5. The owner replies on their shop page.
  await owner.goto(`/shops/${vendorId}`);
  const ownersView = owner.getByTestId('review').filter({ hasText: reviewText });
  await expect(ownersView).toContainText('Verified purchase');
  await ownersView.getByRole('button', { name: /^Reply to / }).click();
  await owner.getByLabel('Your public reply').fill(replyText);
  await owner.getByRole('button', { name: 'Send reply' }).click();
  await expect(ownersView.getByTestId('review-reply')).toContainText(replyText);

  // The shopper's shop page: the rating, the review marked 'Verified purchase', and the reply.
  await shopper.reload();
  const review = shopper.getByTestId('review').filter({ hasText: reviewText });
  await expect(shopper.getByTestId('rating-summary')).toContainText('5.0 · 1 review');
  await expect(review).toContainText('Verified purchase');
  await expect(review.getByTestId('review-reply')).toContainText(replyText);
  await expectAccessibleDrawnDark(shopper);

  // 6. A second shopper reports the review.
  const reporter = await newPerson(browser, testInfo);
  await reporter.goto(`/shops/${vendorId}`);
  const reportDialog = reporter.getByRole('dialog');
  // Once on desktop in CI (2026-11-28) the first click opened nothing and the test waited out its 240 s on the dialog:
  // the click is repeated until the dialog shows, so a lost click costs seconds, and a dialog that never opens still fails.
  await expect(async () => {
    await reporter.getByRole('button', { name: /^Report the review by / }).click();
    await expect(reportDialog).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await reportDialog.getByRole('radio', { name: 'Fake review' }).check();
  await reportDialog.getByLabel('Details (optional)').fill(reportText);
  await reportDialog.getByRole('button', { name: 'Send report' }).click();
  await expect(reportDialog.getByText('Thank you. Qrib will review it and tell you the outcome.')).toBeVisible();

  // The report reaches rita's reports queue, where she removes the review with a statement of reasons.
  await admin.getByRole('button', { name: 'Reports', exact: true }).click();
  await expect(admin).toHaveURL(/section=reports/);
  const reportCard = admin.getByRole('article', { name: `the review of ${shopName}` });
  await expect(reportCard).toContainText('Review · ');
  await expect(reportCard).toContainText(reviewText);
  await expect(reportCard).toContainText('Fake review');
  await expect(reportCard).toContainText(reportText);
  await expect(reportCard.getByRole('link', { name: `View the review of ${shopName}` })).toHaveAttribute('href', `/shops/${vendorId}`);
  await expectAccessibleDrawnDark(admin);
  await reportCard.getByRole('button', { name: `Remove the review of ${shopName}` }).click();
  const removeDialog = admin.getByRole('dialog', { name: `Remove the review of ${shopName}` });
  await removeDialog.getByLabel('Reason (shown to those concerned)').fill(statement);
  await removeDialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(removeDialog).toHaveCount(0);
  await expect(reportCard).toHaveCount(0);

  // The review is gone from the shop page, and with it the rating.
  await shopper.goto(`/shops/${vendorId}`);
  await expect(shopper.getByTestId('rating-summary')).toContainText('No reviews yet');
  await expect(shopper.getByTestId('review')).toHaveCount(0);
  await expectAccessibleDrawnDark(shopper);

  // The reporter's bell says what Qrib decided and why; the reviewer's gives the statement of reasons.
  const decided = await notificationSaying(reporter, `Qrib removed the review of ${shopName} you reported`);
  await expect(decided).toContainText(`Qrib’s reason: ${statement}`);
  await expectAccessibleLightAndDark(reporter, async () => {
    if (!(await reporter.getByRole('dialog', { name: 'Notifications' }).isVisible())) await notificationBell(reporter).click();
    await expect(reporter.getByTestId('notification').filter({ hasText: statement })).toBeVisible();
  });
  const removal = await notificationSaying(shopper, `Qrib removed your review of ${shopName}`);
  await expect(removal).toContainText(`Statement of reasons: ${statement}`);

  for (const page of [owner, shopper, admin, reporter]) await page.context().close();
});
