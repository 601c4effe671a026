/**
 * Issue 24's screens end to end (ADR 016), against the real server: a new shopper's review of a code the demo owner
 * joseph redeemed at his till is held until the account is established (the shopper is told why; nobody else sees
 * it); a receipt drawn by a program is held by the automatic check, says why, and its shopper asks the shop to check
 * it, which the owner then reads; a new account's purchase is shown to the owner as pending, and three new accounts
 * redeemed at one shop within the hour are listed in the admin's suspicious-activity queue, where rita excludes them
 * with a statement of reasons. Each new screen is checked with axe in light and dark; the held review is read in
 * Maltese, the asked receipt in Arabic.
 */
import { expect, request, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { LANGUAGE_COOKIE_NAME, languageCookieValue, type LanguageCode } from '@qrib/shared/languages';
import { maltaToday } from '@qrib/shared/malta-time';
import { MESSAGES } from '@qrib/shared/messages';
import { ESTABLISHED_ACCOUNT_DAYS } from '@qrib/shared/trust-constants';
import { makeProgramDrawnReceipt } from '../apps/api/test/receipt-images.ts';
import {
  expectAccessibleLightAndDark,
  createLimitedOfferByApi,
  DEMO_ADMIN,
  expectNoSeriousA11yViolations,
  logInThroughForm,
  newAccount,
  notificationSaying,
  registerBusinessByApi,
  signUpThroughForm,
} from './helpers.ts';

const en = catalogs.en;
/** The demo owner (apps/api/src/db/seed.ts) and his shop in Valletta. */
const JOSEPH = { username: 'joseph', password: 'joseph2026pass' } as const;
const VALLETTA = { geolocation: { latitude: 35.8989, longitude: 14.5146 }, permissions: ['geolocation'] };
const MOSTA = { geolocation: { latitude: 35.9097, longitude: 14.4256 }, permissions: ['geolocation'] };
/** The automatic check reads a receipt with tesseract in the background: seconds, more on a busy machine. */
const OCR_WAIT = 120_000;

/** A browser context of its own (each person has their own cookies), at the project's size. */
async function newPage(browser: Browser, testInfo: TestInfo, place = MOSTA): Promise<Page> {
  const context = await browser.newContext({ ...testInfo.project.use, ...place });
  return context.newPage();
}

/** Letters and digits different for every run and project, for names no other test uses. */
function runTag(testInfo: TestInfo): string {
  return `${testInfo.project.name.charAt(0)}${Date.now().toString(36)}`;
}

/**
 * axe in light and drawn dark (the class the app puts on <html>), without a reload: for a state a reload loses (the
 * answer to a form), and for rita, one account shared by specs that run at the same time.
 */
async function expectAccessibleDrawnDark(page: Page) {
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

/** Shows `page` in `code` from its next load, as the language menu would (the cookie), without touching the account. */
async function readIn(page: Page, testInfo: TestInfo, code: LanguageCode) {
  await page.context().addCookies([{ name: LANGUAGE_COOKIE_NAME, value: languageCookieValue(code), url: testInfo.project.use.baseURL ?? 'http://localhost:3100' }]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', code);
}

test('a new shopper’s review of a redeemed code waits for an established account, says why, and is shown to nobody else', async ({ browser }, testInfo) => {
  test.setTimeout(240_000);
  const tag = runTag(testInfo);
  const reviewText = `Flaky pastizzi, still warm (${tag}).`;

  // A new shopper in Valletta takes a code for the demo shop's 'Ftira Friday' (no limit of units).
  const shopper = await newPage(browser, testInfo, VALLETTA);
  await signUpThroughForm(shopper);
  const card = shopper.getByTestId('offer-card').filter({ has: shopper.getByRole('heading', { level: 3, name: 'Ftira Friday' }) });
  await card.getByRole('link', { name: /View Offer/ }).click();
  await expect(shopper.getByRole('heading', { level: 1, name: 'Ftira Friday' })).toBeVisible();
  await shopper.getByRole('button', { name: 'Get code' }).click();
  await expect(shopper).toHaveURL(/\/codes\/\d+$/);
  const shown = (await shopper.getByTestId('claim-code').textContent()) ?? '';

  // joseph types it at his till.
  const joseph = await newPage(browser, testInfo, VALLETTA);
  await logInThroughForm(joseph, JOSEPH.username, JOSEPH.password);
  await expect(joseph).toHaveURL(/\/$/);
  await joseph.goto('/redeem');
  await joseph.getByRole('textbox', { name: 'Customer’s code' }).fill(shown);
  await joseph.getByRole('button', { name: 'Redeem', exact: true }).click();
  await expect(joseph.getByTestId('redemption-result').getByRole('heading', { name: 'Redeemed' })).toBeVisible();

  // The shopper reviews the purchase from My codes: the review is kept, not published, and the screen says why.
  await shopper.goto('/codes');
  await shopper.getByRole('link', { name: 'Write a review: Ftira Friday' }).first().click();
  await expect(shopper).toHaveURL(/\/write-review\?claimId=\d+$/);
  await shopper.getByRole('radio', { name: '2 out of 5 stars' }).check();
  await shopper.getByLabel('Your review (optional)').fill(reviewText);
  await shopper.getByRole('button', { name: 'Publish review' }).click();
  await expect(shopper.getByText(en.evidence.reviewHeld)).toBeVisible();
  await expect(shopper.getByText(`at least ${ESTABLISHED_ACCOUNT_DAYS} days old`, { exact: false })).toBeVisible();
  await expect(shopper.getByText('Thanks! Your review is published.')).toHaveCount(0);
  await expectAccessibleDrawnDark(shopper);

  // 'See your review': on the shop page, only its author sees it, marked as waiting.
  await shopper.getByRole('link', { name: 'See your review' }).click();
  await expect(shopper).toHaveURL(/\/shops\/\d+#review-\d+$/);
  const shopPath = new URL(shopper.url()).pathname;
  const mine = shopper.getByTestId('review').filter({ hasText: reviewText });
  await expectAccessibleLightAndDark(shopper, async () => {
    await expect(mine.getByTestId('review-held')).toContainText(en.evidence.heldBadge);
  });
  // The rating counts it nowhere, and My codes leads to it.
  await shopper.goto('/codes');
  await expect(shopper.getByRole('link', { name: 'See your review: Ftira Friday' }).first()).toBeVisible();

  // Read in Maltese, the held review says the same.
  await shopper.goto(shopPath);
  await readIn(shopper, testInfo, 'mt');
  await expect(mine.getByTestId('review-held')).toContainText(catalogs.mt.evidence.heldBadge);
  await expectNoSeriousA11yViolations(shopper);

  // Anyone else, joseph included, reads the shop page without it.
  const other = await newPage(browser, testInfo, VALLETTA);
  await signUpThroughForm(other);
  await other.goto(shopPath);
  await expect(other.getByRole('heading', { name: 'Reviews', exact: true })).toBeVisible();
  await expect(other.getByText(reviewText)).toHaveCount(0);
  await joseph.goto(shopPath);
  await expect(joseph.getByRole('heading', { name: 'Reviews', exact: true })).toBeVisible();
  await expect(joseph.getByText(reviewText)).toHaveCount(0);

  for (const page of [shopper, joseph, other]) await page.context().close();
});

test('a receipt drawn by a program is held, says why, and its shopper asks the shop to check it; the owner reads that', async ({ browser }, testInfo) => {
  test.setTimeout(OCR_WAIT + 240_000);
  const tag = runTag(testInfo);
  const shopName = `Ghajnsielem Check Bakery ${tag}`;
  const offerTitle = `Half-price qaghaq ${tag}`;

  // A new owner with an approved shop in Mosta and an offer.
  const owner = await newPage(browser, testInfo);
  await signUpThroughForm(owner);
  await registerBusinessByApi(owner, shopName);
  const offerId = await createLimitedOfferByApi(owner.request, { title: offerTitle, description: 'Honey rings at half price' });

  // A shopper opens the offer (the shop becomes one they can send a receipt for) and uploads a receipt drawn by a
  // program: plausible text on a flat background, no sign of paper photographed or scanned.
  const shopper = await newPage(browser, testInfo);
  await signUpThroughForm(shopper);
  await shopper.goto(`/viewoffer/${offerId}`);
  await expect(shopper.getByRole('heading', { level: 1, name: offerTitle })).toBeVisible();
  await shopper.getByRole('link', { name: 'Bought this? Upload your receipt' }).click();
  await expect(shopper.getByLabel('Shop').locator('option:checked')).toHaveText(`${shopName} (viewed)`);
  const [year, month, day] = maltaToday().split('-');
  const drawn = await makeProgramDrawnReceipt(
    {
      merchant: shopName.toUpperCase(),
      address: 'Triq il-Kbira 12, Mosta',
      date: `${day}/${month}/${year} 08:15`,
      items: [{ name: 'Qaghaq tal-ghasel x4', amount: 8 }],
      subtotal: 8,
      discount: 'DISCOUNT 50%          -4.00',
      total: 4,
    },
    'png',
  );
  await shopper.getByRole('button', { name: /Tap to add your receipt/ }).click();
  await shopper.getByRole('dialog', { name: 'Select Upload Option' }).getByTestId('receipt-gallery-input').setInputFiles([{ name: 'drawn.png', mimeType: 'image/png', buffer: drawn }]);
  await shopper.getByRole('button', { name: 'Save & Upload' }).click();
  await expect(shopper.getByRole('status').filter({ hasText: MESSAGES.receiptUploaded })).toBeVisible();

  // Once the automatic check has read it, My receipts says it is held and why, and offers to ask the shop.
  const receipt = shopper.getByTestId('my-receipt').filter({ hasText: `Receipt for ${shopName}` });
  await expect(async () => {
    await shopper.reload();
    await expect(receipt).toContainText('Needs review', { timeout: 2_000 });
  }).toPass({ timeout: OCR_WAIT });
  const ask = receipt.getByRole('button', { name: `Ask ${shopName} to check this receipt` });
  await expectAccessibleLightAndDark(shopper, async () => {
    await expect(receipt.getByTestId('receipt-reason')).toHaveText(`Automatic check: ${MESSAGES.receiptNotAPhoto}`);
    await expect(ask).toBeVisible();
  });
  await ask.click();
  await expect(receipt.getByTestId('asked-shop')).toContainText(en.evidence.askedShop);
  await expect(receipt.getByTestId('asked-shop')).toContainText('Asked on ');
  await expect(ask).toHaveCount(0);
  await expectAccessibleLightAndDark(shopper, () => expect(receipt.getByTestId('asked-shop')).toBeVisible());
  // Asking again is refused by the server, in words.
  const receiptId = ((await (await shopper.request.get('/api/v1/me/receipts')).json()) as { data: { receiptId: number }[] }).data[0]?.receiptId;
  const again = await shopper.request.post(`/api/v1/receipts/${receiptId}/ask-shop`);
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { code: string }).code).toBe('receiptCheckNotAskable');

  // In Arabic, right to left, the same.
  await readIn(shopper, testInfo, 'ar');
  await expect(shopper.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(shopper.getByTestId('asked-shop')).toContainText(catalogs.ar.evidence.askedShop);
  await expectNoSeriousA11yViolations(shopper);

  // The owner's receipt queue says the shopper asked for the check.
  await owner.goto('/receipts-review');
  const card = owner.getByTestId('review-receipt').filter({ has: owner.getByTestId('review-asked') });
  await expectAccessibleLightAndDark(owner, async () => {
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('review-asked')).toContainText('The shopper asked you to check this receipt on ');
    await expect(card.getByRole('button', { name: 'Confirm' })).toBeVisible();
  });

  for (const page of [owner, shopper]) await page.context().close();
});

test('three new accounts redeemed at one shop within the hour are listed as suspicious, and rita excludes them with a reason', async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const tag = runTag(testInfo);
  const shopName = `Burst Test Kiosk ${tag}`;
  const statement = `Three accounts made minutes apart from one network (${tag}).`;

  const owner = await newPage(browser, testInfo);
  await signUpThroughForm(owner);
  await registerBusinessByApi(owner, shopName);
  const offerId = await createLimitedOfferByApi(owner.request, { title: `Burst ftira ${tag}`, description: 'A ftira for each new account' });

  // Three new accounts, each with a code the owner redeems at his till.
  const usernames: string[] = [];
  for (let index = 0; index < 3; index += 1) {
    const person = await request.newContext({ baseURL });
    const account = newAccount();
    expect((await person.post('/api/v1/auth/signup', { data: account })).status()).toBe(201);
    const claimed = await person.post(`/api/v1/offers/${offerId}/claims`);
    expect(claimed.status(), await claimed.text()).toBe(201);
    const { code } = ((await claimed.json()) as { data: { code: string } }).data;
    await person.dispose();
    const redeemed = await owner.request.post('/api/v1/vendors/me/redemptions', { data: { code } });
    expect(redeemed.status(), await redeemed.text()).toBe(200);
    usernames.push(account.username);
    if (index === 0) {
      // One new account's purchase does not raise the level yet: the owner's trust card shows it as pending.
      await owner.goto('/business-insights');
      await expect(owner.getByTestId('trust-pendingPurchases')).toHaveText('1 pending: counts once the shopper’s account is established');
      await expectAccessibleDrawnDark(owner);
      await expect(owner.getByTestId('trust-verifiedPurchases')).toContainText('0');
    }
  }

  // rita's console: the headline figure, and the shop's entry in the suspicious-activity section.
  const admin = await newPage(browser, testInfo);
  await logInThroughForm(admin, DEMO_ADMIN.username, DEMO_ADMIN.password);
  await expect(admin).toHaveURL(/\/$/);
  await admin.goto('/admin');
  await expect(admin.getByTestId('admin-figures').getByText(en.ownerEvidence.suspiciousOpen)).toBeVisible();
  await admin.getByRole('button', { name: en.admin.sectionNames.suspicious, exact: true }).click();
  await expect(admin).toHaveURL(/section=suspicious/);
  const entry = admin.getByRole('article', { name: shopName });
  await expect(async () => {
    await admin.reload();
    await expect(entry).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(entry).toContainText('3 or more new, unverified or same-network accounts within 60 minutes');
  const accounts = entry.getByTestId('suspicious-accounts');
  for (const username of usernames) await expect(accounts).toContainText(username);
  await expect(accounts).toContainText('e-mail not verified');
  await expect(entry.getByTestId('suspicious-events').getByText(/^Code redeemed at the till · /)).toHaveCount(3);
  await expectAccessibleDrawnDark(admin);

  // Exclude asks for the statement of reasons the shop reads.
  await entry.getByRole('button', { name: `Exclude the activity at ${shopName}` }).click();
  const dialog = admin.getByRole('dialog', { name: en.ownerEvidence.excludeTitle });
  await dialog.getByRole('button', { name: 'Exclude', exact: true }).click();
  await expect(dialog.getByText(MESSAGES.decisionReasonRequired)).toBeVisible();
  await expectAccessibleDrawnDark(admin);
  await dialog.getByLabel('Reason (shown to those concerned)').fill(statement);
  await dialog.getByRole('button', { name: 'Exclude', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(entry).toHaveCount(0);

  // The owner's bell gives the outcome.
  const told = await notificationSaying(owner, `Qrib checked a burst of activity at ${shopName}`);
  await expect(told).toContainText(statement);

  for (const page of [owner, admin]) await page.context().close();
});
