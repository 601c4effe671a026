import { expect, test, type Page } from '@playwright/test';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { expectNoSeriousA11yViolations, signUpByApi } from './helpers.ts';

// The shopper stands 40 m north of Joseph's Pastizzeria (demo data, Valletta): within the 75 m of a visit.
const METRES_PER_DEGREE = (Math.PI * 6_371_000) / 180;
test.use({ geolocation: { latitude: 35.8989 + 40 / METRES_PER_DEGREE, longitude: 14.5146 }, permissions: ['geolocation'] });

const SHOP = "Joseph's Pastizzeria";

/** Opens Joseph's first offer from the home (a view, the interest that makes the shop recognisable). */
async function viewJosephsOffer(page: Page) {
  const card = page.getByTestId('offer-card').first();
  await expect(card).toContainText(SHOP);
  const title = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
  await card.getByRole('link', { name: /View Offer/ }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const offerId = /\/viewoffer\/(\d+)$/.exec(page.url())?.[1] ?? '';
  return { title, offerId };
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test('a shopper who viewed a shop’s offer is asked once there; Not Purchased ends it for good', async ({ page }) => {
  await signUpByApi(page);
  await page.goto('/');
  const { title } = await viewJosephsOffer(page);

  await page.goto('/shop-entry-confirmation');
  await expect(page.getByRole('heading', { name: 'Shop entry confirmation', level: 1 })).toBeVisible();
  await expect(page.getByText('Only shops whose offers you viewed or saved in the last 7 days count.')).toBeVisible();
  await expect(page.getByText(/Your location is used only for this check and is not stored/)).toBeVisible();
  const toggle = page.getByRole('switch', { name: 'Shop entry detection' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('shop-entry-off')).toBeVisible();
  await expect(page.getByTestId('detected-shop')).toHaveCount(0);

  // The five-icon bar leads to real screens.
  const bar = page.getByRole('navigation', { name: 'Shortcuts' });
  const expected: [string, string][] = [
    ['Accounts', '/profile'],
    ['Insights', '/insights'],
    ['Rewards', '/saved'],
    ['Payments', '/receipt-upload'],
    ['Card', '/real-time-local-offers'],
  ];
  for (const [name, href] of expected) await expect(bar.getByRole('link', { name })).toHaveAttribute('href', href);
  await expectNoSeriousA11yViolations(page);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  const card = page.getByTestId('detected-shop');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: 'Detected shop' })).toBeVisible();
  await expect(card.getByTestId('detected-shop-name')).toHaveText(SHOP);
  await expect(card).toContainText('Triq il-Merkanti 45, Valletta');
  await expect(card).toContainText('You recently visited this shop');
  await expect(card.getByTestId('detected-shop-offer')).toHaveText(`Offer you looked at: ${title}`);
  await expect(card).toContainText(`Did you make a purchase at ${SHOP}?`);
  await expect(card.getByRole('button', { name: 'Confirm Purchase' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);

  // The choice is kept on the server, and a reload shows the same card (once, not a second one).
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Shop entry detection' })).toHaveAttribute('aria-checked', 'true');
  await expect(card).toHaveCount(1);

  await card.getByRole('button', { name: 'Not Purchased' }).click();
  await expect(page.getByTestId('shop-entry-thanks')).toHaveText('Thank you! We will not ask about this visit again.');
  await expect(card).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('shop-entry-status')).toHaveText('No shop you were interested in is within 75 m of you.');
  await expect(card).toHaveCount(0);
  // Nor does the home bring it back.
  await page.goto('/real-time-local-offers');
  await expect(page.getByTestId('offer-card').first()).toContainText(SHOP);
  await expect(page.getByTestId('shop-entry-prompt')).toHaveCount(0);

  // Turned off, nothing is detected any more.
  await page.goto('/shop-entry-confirmation');
  await page.getByRole('switch', { name: 'Shop entry detection' }).click();
  await expect(page.getByRole('switch', { name: 'Shop entry detection' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('shop-entry-off')).toBeVisible();
});

test('the home prompts an opted-in shopper, and Confirm Purchase opens the receipt upload for that visit', async ({ page }) => {
  await signUpByApi(page);
  await page.goto('/');
  const { offerId } = await viewJosephsOffer(page);
  await page.goto('/shop-entry-confirmation');
  await expect(page.getByText('Only shops whose offers you viewed or saved in the last 7 days count.')).toBeVisible();
  await page.getByRole('switch', { name: 'Shop entry detection' }).click();
  await expect(page.getByTestId('detected-shop')).toBeVisible();

  await page.goto('/');
  const prompt = page.getByTestId('shop-entry-prompt');
  await expect(prompt).toContainText(`Are you at ${SHOP}? Tell us whether you bought something.`);
  await expectNoSeriousA11yViolations(page);
  await prompt.getByRole('link', { name: 'Answer now' }).click();
  await expect(page).toHaveURL(/\/shop-entry-confirmation$/);

  const card = page.getByTestId('detected-shop');
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: 'Confirm Purchase' }).click();
  await expect(page).toHaveURL(new RegExp(`/receipt-upload\\?vendorId=\\d+&visitId=\\d+&offerId=${offerId}$`));
  const params = new URL(page.url()).searchParams;
  expect(Number(params.get('vendorId'))).toBeGreaterThan(0);
  expect(Number(params.get('visitId'))).toBeGreaterThan(0);

  // Answered: the card does not come back.
  await page.goto('/shop-entry-confirmation');
  await expect(page.getByTestId('shop-entry-status')).toHaveText('No shop you were interested in is within 75 m of you.');
  await expect(card).toHaveCount(0);
});

test('the shop entry screen reads right to left in Arabic', async ({ page, context, baseURL }) => {
  await signUpByApi(page);
  await page.goto('/');
  await viewJosephsOffer(page);
  await context.addCookies([{ name: 'googtrans', value: '/en/ar', url: baseURL ?? 'http://localhost' }]);
  await page.goto('/shop-entry-confirmation');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const ar = catalogs.ar.shopEntry;
  await expect(page.getByRole('heading', { name: catalogs.ar.nav.shopEntry, level: 1 })).toBeVisible();
  await page.getByRole('switch', { name: ar.toggleLabel }).click();
  const card = page.getByTestId('detected-shop');
  await expect(card.getByRole('heading', { name: ar.detectedTitle })).toBeVisible();
  await expect(card.getByRole('button', { name: ar.confirmPurchase })).toBeVisible();
  await expect(card.getByRole('button', { name: ar.notPurchased })).toBeVisible();
  await expect(page.getByRole('navigation', { name: ar.shortcuts }).getByRole('link', { name: ar.rewards })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
});
