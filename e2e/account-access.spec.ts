/**
 * Account access (issue 15) in the browser: 'Forgot password?' to a new password through the mailed link (the old
 * session refused), verifying the address from the sign-up mail (the banner goes), unsubscribing from an offer's
 * mail, the invalid links, and axe in light and dark on each screen.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MESSAGES } from '@qrib/shared/messages';
import {
  createLimitedOfferByApi,
  expectNoSeriousA11yViolations,
  newAccount,
  pathOfLink,
  readMailTo,
  registerBusinessByApi,
  setDarkMode,
} from './helpers.ts';

async function signUpByApi(request: APIRequestContext) {
  const account = newAccount();
  const response = await request.post('/api/v1/auth/signup', { data: account });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

/** Axe on the page as it is, then in dark (the signed-in account's Dark Mode) and back to light. */
async function expectAccessibleInBothThemes(page: Page) {
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, true);
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, false);
}

const banner = (page: Page) => page.getByTestId('verify-email-banner');

test('forgot password: the mailed link sets a new password, signs in, and the old session is refused', async ({ browser, page }) => {
  // The "old session": the account signed in on another device.
  const oldContext = await browser.newContext();
  const oldPage = await oldContext.newPage();
  const account = await signUpByApi(oldPage.request);
  await oldPage.goto('/');
  await expect(oldPage.getByTestId('welcome')).toBeVisible();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Email address').fill(account.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    `If an account uses ${account.email}, we have sent it a link to choose a new password. It works for 30 minutes.`,
  );
  await expectNoSeriousA11yViolations(page);

  const mail = await readMailTo(account.email, { subjectIncludes: 'Reset your Qrib password' });
  const link = mail.links.find((candidate) => candidate.includes('/reset-password?token='));
  expect(link, mail.text).toBeDefined();
  await page.goto(pathOfLink(link ?? ''));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('New password', { exact: true }).fill('mdina2027new');
  await page.getByLabel('Confirm new password').fill('mdina2027new');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('welcome')).toHaveText(`Welcome, ${account.name}`);

  // Every other session ended: the old device is asked to log in again.
  expect((await oldPage.request.get('/api/v1/auth/me')).status()).toBe(401);
  await oldPage.reload();
  await expect(oldPage).toHaveURL(/\/login$/);
  await oldContext.close();

  // The link worked once.
  await page.goto(pathOfLink(link ?? ''));
  await page.getByLabel('New password', { exact: true }).fill('gozo2027again');
  await page.getByLabel('Confirm new password').fill('gozo2027again');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(MESSAGES.resetLinkInvalid);
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  await expectAccessibleInBothThemes(page);
});

test('the sign-up mail verifies the address and the banner goes; the link then is used', async ({ page }) => {
  const account = await signUpByApi(page.request);
  await page.goto('/');
  // One line on every page (issue 27), its detail on the profile.
  await expect(banner(page)).toHaveText(/Please confirm your email address\./);
  // In the page's flow: the page does not get wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessibleInBothThemes(page);
  await expect(banner(page)).toBeVisible();

  const mail = await readMailTo(account.email, { subjectIncludes: 'Confirm your email address' });
  const link = mail.links.find((candidate) => candidate.includes('/verify-email?token='));
  expect(link, mail.text).toBeDefined();
  await page.goto(pathOfLink(link ?? ''));
  await expect(page.getByRole('main').getByRole('status')).toHaveText(`Your email address ${account.email} is verified.`);
  await expectAccessibleInBothThemes(page);
  await page.getByRole('link', { name: 'Go to Qrib' }).click();
  await expect(page.getByTestId('welcome')).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  await page.goto(pathOfLink(link ?? ''));
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(MESSAGES.verifyLinkInvalid);
  await expectNoSeriousA11yViolations(page);
});

test('the banner leads to its detail on the profile, which resends the link; the banner closes for the visit', async ({ page }) => {
  const account = await signUpByApi(page.request);
  await page.goto('/');
  await banner(page).getByRole('link', { name: 'Details' }).click();
  await expect(page).toHaveURL(/\/profile#verify-email$/);
  const detail = page.getByTestId('verify-email-detail');
  await expect(detail).toContainText(`Please confirm your email address ${account.email}: we sent you a link.`);
  // A long address wraps: the page does not get wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await detail.getByRole('button', { name: 'Resend' }).click();
  await expect(detail.getByRole('status')).toHaveText('Sent. Check your inbox.');
  await expectAccessibleInBothThemes(page);
  const mail = await readMailTo(account.email, { subjectIncludes: 'Confirm your email address' });
  expect(mail.links.some((candidate) => candidate.includes('/verify-email?token='))).toBe(true);

  await banner(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner(page)).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByTestId('welcome')).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

test("an offer's mail unsubscribes only with the button; wrong links say so", async ({ browser, page }) => {
  // A shop with an offer the shopper saved: the shop's next offer is mailed to the shopper, with its unsubscribe link.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signUpByApi(owner.request);
  await owner.goto('/');
  await registerBusinessByApi(owner, 'Ta’ Pawlu Bakery');
  const firstOffer = await createLimitedOfferByApi(owner.request, { title: 'Two ftiras for one', description: 'Fresh every morning.' });
  const shopper = await signUpByApi(page.request);
  expect((await page.request.put(`/api/v1/me/favorites/${firstOffer}`)).ok()).toBe(true);
  await createLimitedOfferByApi(owner.request, { title: 'Half-price pastizzi', description: 'After four.' });
  await ownerContext.close();

  const mail = await readMailTo(shopper.email, { subjectIncludes: 'Half-price pastizzi' });
  const link = mail.links.find((candidate) => candidate.includes('/unsubscribe?token='));
  expect(link, mail.text).toBeDefined();
  await page.goto(pathOfLink(link ?? ''));
  await expect(page.getByRole('heading', { name: 'Email notifications' })).toBeVisible();
  await expectAccessibleInBothThemes(page);
  // Opening the page changed nothing.
  const before = (await (await page.request.get('/api/v1/auth/me')).json()) as { user: { preferences: { emailNotifications: boolean } } };
  expect(before.user.preferences.emailNotifications).toBe(true);

  await page.getByRole('button', { name: 'Turn off email notifications' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Email notifications are off. You can turn them on again on your profile.');
  await expectAccessibleInBothThemes(page);
  const after = (await (await page.request.get('/api/v1/auth/me')).json()) as { user: { preferences: { emailNotifications: boolean } } };
  expect(after.user.preferences.emailNotifications).toBe(false);

  await page.goto('/unsubscribe?token=not-ours');
  await page.getByRole('button', { name: 'Turn off email notifications' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(MESSAGES.unsubscribeLinkInvalid);
  await expectNoSeriousA11yViolations(page);
  await page.goto('/unsubscribe');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(MESSAGES.unsubscribeLinkInvalid);
});

test('links without a token, signed out: the invalid-link states lead to a new link or to login', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(MESSAGES.resetLinkInvalid);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  await page.goto('/verify-email?token=forged');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(MESSAGES.verifyLinkInvalid);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Go to login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/unsubscribe');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(MESSAGES.unsubscribeLinkInvalid);
  await expectNoSeriousA11yViolations(page);
});
