/**
 * The platform's console (issue 14): two new businesses register and wait (PENDING: a shopper cannot see their
 * offers); the demo admin rita approves one in /admin and the offer appears to the shopper, refuses the other with a
 * reason, which its owner reads on the dashboard with 'Correct and send again'. A shopper who opens /admin is told it
 * is for Qrib's administrators. Every screen state is checked with axe, light and dark, at both sizes.
 */
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { MESSAGES } from '@qrib/shared/messages';
import {
  createLimitedOfferByApi,
  DEMO_ADMIN,
  expectNoSeriousA11yViolations,
  logInByApi,
  notificationSaying,
  openNavigation,
  registerPendingBusinessByApi,
  setDarkMode,
  signUpByApi,
} from './helpers.ts';

// Everyone stands in Mosta, where registerBusinessByApi puts the shops.
const MOSTA = { geolocation: { latitude: 35.9097, longitude: 14.4256 }, permissions: ['geolocation'] };
test.use(MOSTA);

/** A signed-up account in a browser context of its own (each person has their own cookies). */
async function newPerson(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ ...testInfo.project.use, ...MOSTA });
  const page = await context.newPage();
  await signUpByApi(page);
  return page;
}

/** rita, signed in through the form in a context of her own. */
async function signInAdmin(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ ...testInfo.project.use, ...MOSTA });
  const admin = await context.newPage();
  await logInByApi(admin, DEMO_ADMIN.username, DEMO_ADMIN.password);
  await admin.goto('/');
  return admin;
}

/**
 * Draws the page dark or light as the app does from the account's preference (lib/theme.ts: the `dark` class on
 * <html>), without changing the stored preference: rita is one account shared by tests that run at the same time.
 */
async function drawTheme(page: Page, dark: boolean) {
  await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
}

/**
 * axe light and dark on what the page shows now; the account is left in light mode. A person of this test switches
 * their own Dark Mode (and the page reloads in it); rita's pages are only drawn dark.
 */
async function expectAccessibleInBothThemes(page: Page, ready: () => Promise<void>, { sharedAccount = false } = {}) {
  await ready();
  await expectNoSeriousA11yViolations(page);
  if (sharedAccount) await drawTheme(page, true);
  else await setDarkMode(page, true);
  await ready();
  await expectNoSeriousA11yViolations(page);
  if (sharedAccount) await drawTheme(page, false);
  else await setDarkMode(page, false);
  await ready();
}

test('rita approves one new business and refuses another with a reason; the approved offer reaches shoppers and the refused owner reads why', async ({ browser }, testInfo) => {
  const run = `${testInfo.project.name}${Date.now().toString(36)}`;
  const approvedName = `Kiosk Approved ${run}`;
  const refusedName = `Kiosk Refused ${run}`;
  const reason = `The licence photo is unreadable (${run})`;

  const approvedOwner = await newPerson(browser, testInfo);
  await registerPendingBusinessByApi(approvedOwner, approvedName);
  const offerTitle = `Half-price ftira ${run}`;
  const offerId = await createLimitedOfferByApi(approvedOwner.request, { title: offerTitle, description: 'A Gozitan ftira at half price' });
  const refusedOwner = await newPerson(browser, testInfo);
  await registerPendingBusinessByApi(refusedOwner, refusedName);

  // The owner of a business being checked is told so on the dashboard.
  await approvedOwner.goto('/');
  await expect(approvedOwner.getByTestId('business-status')).toContainText(MESSAGES.businessPending);

  // Pending: a shopper sees nothing of the shop's offer.
  const shopper = await newPerson(browser, testInfo);
  expect((await shopper.request.get(`/api/v1/offers/${offerId}`)).status()).toBe(404);
  await shopper.goto(`/viewoffer/${offerId}`);
  await expect(shopper.getByText(MESSAGES.offerNotFound)).toBeVisible();

  // rita opens the console from her menu.
  const admin = await signInAdmin(browser, testInfo);
  await openNavigation(admin, testInfo);
  await admin.getByRole('link', { name: 'Console' }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await expect(admin.getByRole('heading', { name: 'Console', level: 1 })).toBeVisible();
  const figures = admin.getByTestId('admin-figures');
  await expect(figures).toContainText('Businesses waiting');
  await expect(figures).toContainText('Offers live');
  const approvedCard = admin.getByRole('article', { name: approvedName });
  const refusedCard = admin.getByRole('article', { name: refusedName });
  await expect(approvedCard).toBeVisible();
  await expect(approvedCard.getByRole('img', { name: `Document 1 of ${approvedName}` })).toBeVisible();
  await expectAccessibleInBothThemes(admin, () => expect(refusedCard).toBeVisible(), { sharedAccount: true });

  await approvedCard.getByRole('button', { name: `Approve ${approvedName}` }).click();
  await expect(approvedCard).toHaveCount(0);

  await refusedCard.getByRole('button', { name: `Refuse ${refusedName}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Refuse ${refusedName}` });
  await dialog.getByRole('button', { name: 'Refuse', exact: true }).click();
  await expect(dialog.getByText(MESSAGES.decisionReasonRequired)).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await dialog.getByLabel('Reason (shown to those concerned)').fill(reason);
  await dialog.getByRole('button', { name: 'Refuse', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(refusedCard).toHaveCount(0);

  // The refused business is listed under Refused with its reason; the log says who did what and why.
  await admin.getByRole('button', { name: 'Refused', exact: true }).click();
  await expect(admin.getByRole('article', { name: refusedName })).toContainText(`Reason: ${reason}`);
  await admin.getByRole('button', { name: 'Action log' }).click();
  const entry = admin.getByTestId('admin-action').filter({ hasText: reason });
  await expect(entry).toContainText('rita · refused a business');
  await expectAccessibleInBothThemes(admin, () => expect(entry).toBeVisible(), { sharedAccount: true });

  // Approved: the offer reaches the shopper from the next fetch.
  expect((await shopper.request.get(`/api/v1/offers/${offerId}`)).status()).toBe(200);
  await shopper.goto(`/viewoffer/${offerId}`);
  await expect(shopper.getByRole('heading', { name: offerTitle })).toBeVisible();

  // The approved owner's banner is gone; the refused owner reads the reason and may correct and send again.
  await approvedOwner.reload();
  await expect(approvedOwner.getByTestId('metric-conversions')).toBeVisible();
  await expect(approvedOwner.getByTestId('business-status')).toHaveCount(0);
  const refusal = await notificationSaying(refusedOwner, `Qrib could not approve ${refusedName}`);
  await expect(refusal).toContainText(`Qrib’s reason: ${reason}`);
  await refusedOwner.goto('/');
  const banner = refusedOwner.getByTestId('business-status');
  await expect(banner).toContainText(`Qrib could not approve your business: ${reason}`);
  await expectAccessibleInBothThemes(refusedOwner, () => expect(banner).toBeVisible());
  await banner.getByRole('link', { name: 'Correct and send again' }).click();
  await expect(refusedOwner).toHaveURL(/\/ven-reg\/resubmit$/);
  await expect(refusedOwner.getByLabel(/Business Name/i)).toHaveValue(refusedName);
  await expectAccessibleInBothThemes(refusedOwner, () => expect(refusedOwner.getByRole('button', { name: 'Send again' })).toBeVisible());
  await refusedOwner.getByRole('button', { name: 'Send again' }).click();
  await expect(refusedOwner.getByText('Sent. Qrib will check your business again; shoppers will see its offers once it is approved.')).toBeVisible();
  await refusedOwner.goto('/');
  await expect(refusedOwner.getByTestId('business-status')).toContainText(MESSAGES.businessPending);
});

test("a shopper who opens /admin is told it is for Qrib's administrators, and has no Console in the menu", async ({ page }, testInfo) => {
  await signUpByApi(page);
  await page.goto('/');
  await openNavigation(page, testInfo);
  await expect(page.getByRole('link', { name: 'Console' })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Not available' })).toBeVisible();
  await expect(page.getByText(MESSAGES.adminOnly)).toBeVisible();
  expect((await page.request.get('/api/v1/admin/overview')).status()).toBe(403);
  await expectAccessibleInBothThemes(page, () => expect(page.getByTestId('admin-only')).toBeVisible());
});

test('a report reaches the console, rita removes the offer with a statement of reasons, and the reporter and the owner are told', async ({ browser }, testInfo) => {
  const run = `${testInfo.project.name}${Date.now().toString(36)}`;
  const owner = await newPerson(browser, testInfo);
  const vendorId = await registerPendingBusinessByApi(owner, `Kiosk Reported ${run}`);
  const offerTitle = `Free coffee forever ${run}`;
  const offerId = await createLimitedOfferByApi(owner.request, { title: offerTitle, description: 'Every coffee is free, always' });
  const admin = await signInAdmin(browser, testInfo);
  expect((await admin.request.post(`/api/v1/admin/vendors/${vendorId}/decision`, { data: { status: 'ACTIVE' } })).status()).toBe(200);

  const reporter = await newPerson(browser, testInfo);
  const reportText = `They charged me full price (${run})`;
  const reported = await reporter.request.post('/api/v1/reports', { data: { kind: 'OFFER', id: offerId, reason: 'MISLEADING', text: reportText } });
  expect(reported.status(), await reported.text()).toBe(201);

  await admin.goto('/admin?section=reports');
  const card = admin.getByRole('article', { name: offerTitle });
  await expect(card).toContainText('Misleading');
  await expect(card).toContainText(reportText);
  await expect(card.getByRole('link', { name: `View ${offerTitle}` })).toHaveAttribute('href', `/viewoffer/${offerId}`);
  await expectAccessibleInBothThemes(admin, () => expect(card).toBeVisible(), { sharedAccount: true });

  const statement = `A misleading offer: coffee is not free (${run})`;
  await card.getByRole('button', { name: `Remove ${offerTitle}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Remove ${offerTitle}` });
  await dialog.getByLabel('Reason (shown to those concerned)').fill(statement);
  await expectNoSeriousA11yViolations(admin);
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(card).toHaveCount(0);

  // The disputes section, whatever it holds now, reads well in both themes.
  await admin.getByRole('button', { name: 'Receipt disputes' }).click();
  await expectAccessibleInBothThemes(admin, () => expect(admin.getByRole('heading', { name: 'Receipt disputes', level: 2 })).toBeVisible(), {
    sharedAccount: true,
  });

  const told = await notificationSaying(reporter, `Qrib removed ${offerTitle} after your report`);
  await expect(told).toContainText(`Qrib’s reason: ${statement}`);
  await expectNoSeriousA11yViolations(reporter);
  const removal = await notificationSaying(owner, `Qrib removed your offer ${offerTitle}`);
  await expect(removal).toContainText(`Statement of reasons: ${statement}`);
  expect((await reporter.request.get(`/api/v1/offers/${offerId}`)).status()).toBe(404);
});
