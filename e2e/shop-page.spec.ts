/**
 * A shop's page (/shops/:vendorId, DESIGN.md §5) as a shopper uses it, at 390 px (mobile project) and on the
 * desktop: the shop's face, its distance, phone, directions and current offers, a saved heart, and the way to an
 * offer; axe finds nothing serious in light and dark.
 */
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@qrib/shared';
import { expectNoSeriousA11yViolations, signUpThroughForm } from './helpers.ts';

// The shopper stands in Valletta, next door to the demo's Joseph's Pastizzeria.
test.use({ geolocation: { latitude: 35.8989, longitude: 14.5146 }, permissions: ['geolocation'] });

async function setDarkMode(page: Page, on: boolean) {
  const response = await page.request.patch('/api/v1/me', { data: { preferences: { darkMode: on } } });
  expect(response.status()).toBe(200);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(on ? /(^|\s)dark(\s|$)/ : /^(?!.*\bdark\b).*$/);
}

/** The shop of the home's nearest offer, read from the offer the card leads to. */
async function nearestShopId(page: Page): Promise<number> {
  const card = page.getByTestId('offer-card').first();
  await expect(card).toContainText("Joseph's Pastizzeria");
  const href = (await card.getByRole('link', { name: /View Offer/ }).getAttribute('href')) ?? '';
  const offer = await page.request.get(`/api/v1/offers/${href.split('/').pop() ?? ''}`);
  expect(offer.status()).toBe(200);
  return ((await offer.json()) as { data: { vendorId: number } }).data.vendorId;
}

test('a shopper opens a shop’s page: its face, distance, phone, directions and offers; saves one and opens it (light and dark)', async ({ page }) => {
  await signUpThroughForm(page);
  const vendorId = await nearestShopId(page);

  await page.goto(`/shops/${vendorId}`);
  await expect(page.getByRole('heading', { level: 1, name: "Joseph's Pastizzeria" })).toBeVisible();
  await expect(page.getByTestId('distance').first()).toContainText('10 m away');
  await expect(page.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:\+?\d+$/);
  await expect(page.getByRole('link', { name: "Directions to Joseph's Pastizzeria (opens OpenStreetMap)" })).toHaveAttribute(
    'href',
    /^https:\/\/www\.openstreetmap\.org\/directions\?to=35\.\d+%2C14\.\d+$/,
  );
  const offers = page.getByRole('region', { name: 'Offers at this shop' });
  const cards = offers.getByTestId('shop-offer-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page);

  const first = cards.first();
  const title = (await first.getByRole('heading', { level: 3 }).textContent()) ?? '';
  await first.getByRole('button', { name: `Save ${title}` }).click();
  await expect(first.getByRole('button', { name: `Remove ${title} from saved` })).toHaveAttribute('aria-pressed', 'true');

  await setDarkMode(page, true);
  await expect(page.getByRole('heading', { level: 1, name: "Joseph's Pastizzeria" })).toBeVisible();
  await expect(cards.first().getByRole('button', { name: `Remove ${title} from saved` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, false);

  await cards.first().getByRole('link', { name: /View Offer/ }).click();
  await expect(page).toHaveURL(/\/viewoffer\/\d+$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
});

test('a shop shoppers may not see, or that does not exist, reads as not found', async ({ page }) => {
  await signUpThroughForm(page);
  await page.goto('/shops/987654');
  await expect(page.getByText(MESSAGES.shopNotFound)).toBeVisible();
  await page.goto('/shops/not-a-shop');
  await expect(page.getByText(MESSAGES.shopNotFound)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
