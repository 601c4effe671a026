/**
 * A shared link opened signed out (an offer, a shop) goes to /login carrying the page in `?next=`, and after
 * login, or after signing up instead, the reader lands back on it; a `next` that leaves the app is ignored.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, newAccount, signUpThroughForm, submitSignupForm } from './helpers.ts';

// The shopper stands in Valletta, next door to the demo's Joseph's Pastizzeria.
test.use({ geolocation: { latitude: 35.8989, longitude: 14.5146 }, permissions: ['geolocation'] });

/** The home's nearest offer: its id, title and shop. */
async function nearestOffer(page: Page): Promise<{ offerId: string; title: string; vendorId: number }> {
  const card = page.getByTestId('offer-card').first();
  await expect(card).toContainText("Joseph's Pastizzeria");
  const href = (await card.getByRole('link', { name: /View Offer/ }).getAttribute('href')) ?? '';
  const offerId = href.split('/').pop() ?? '';
  const offer = await page.request.get(`/api/v1/offers/${offerId}`);
  expect(offer.status()).toBe(200);
  const { data } = (await offer.json()) as { data: { vendorId: number; title: string } };
  return { offerId, title: data.title, vendorId: data.vendorId };
}

async function fillLogin(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test('a shared offer opened signed out returns to the offer after login, even after a reload of /login', async ({ page, context }) => {
  const account = await signUpThroughForm(page);
  const offer = await nearestOffer(page);
  await context.clearCookies();

  await page.goto(`/viewoffer/${offer.offerId}`);
  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fviewoffer%2F${offer.offerId}$`));
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fviewoffer%2F${offer.offerId}$`));

  await fillLogin(page, account.username, account.password);
  await expect(page).toHaveURL(new RegExp(`/viewoffer/${offer.offerId}$`));
  await expect(page.getByRole('heading', { name: offer.title, level: 1 })).toBeVisible();
});

test('a shared shop opened signed out returns to the shop after signing up instead', async ({ page, context }) => {
  await signUpThroughForm(page);
  const { vendorId } = await nearestOffer(page);
  await context.clearCookies();

  await page.goto(`/shops/${vendorId}`);
  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fshops%2F${vendorId}$`));
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(new RegExp(`/signup\\?next=%2Fshops%2F${vendorId}$`));
  await submitSignupForm(page, newAccount());
  await expect(page).toHaveURL(new RegExp(`/shops/${vendorId}$`));
  await expect(page.getByRole('heading', { level: 1, name: "Joseph's Pastizzeria" })).toBeVisible();
});

test('a next that leaves the app is ignored: the reader lands on their home', async ({ page, context }) => {
  const account = await signUpThroughForm(page);
  for (const next of ['//evil.example', 'https://evil.example/viewoffer/1', '/\\evil.example']) {
    await context.clearCookies();
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await fillLogin(page, account.username, account.password);
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
    await expect(page.getByTestId('welcome')).toBeVisible();
  }
});
