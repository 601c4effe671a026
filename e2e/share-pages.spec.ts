/**
 * Issue 27: a shared link (/o/:offerId, /s/:vendorId) opens the server's own page for anyone, signed out, with no
 * script: the offer, its price, a way in ('Get this offer' → login → sign-up → the offer), and, in its source, the
 * Open Graph tags a messenger reads, with an absolute picture that answers. Axe in light and dark, the 404 page too.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, newAccount, submitSignupForm } from './helpers.ts';

const VALLETTA = { latitude: 35.8989, longitude: 14.5146 };

interface DemoOffer {
  offerId: number;
  vendorId: number;
  title: string;
  regularPrice?: number | null;
  offerPrice?: number | null;
}

/** A demo offer near Valletta (one with a price before when the demo has one), read by a shopper of its own. */
async function demoOffer(request: APIRequestContext): Promise<DemoOffer> {
  expect((await request.post('/api/v1/auth/signup', { data: newAccount() })).status()).toBe(201);
  const nearby = await request.get(`/api/v1/offers/nearby-offers?latitude=${VALLETTA.latitude}&longitude=${VALLETTA.longitude}&radiusKm=10`);
  expect(nearby.status()).toBe(200);
  const { data } = (await nearby.json()) as { data: { vendorId: number; offers: Omit<DemoOffer, 'vendorId'>[] }[] };
  const offers = data.flatMap((business) => business.offers.map((offer) => ({ ...offer, vendorId: business.vendorId })));
  // Every demo offer has a price before (seed); a percentage or amount off gives a price after.
  const offer = offers.find((each) => typeof each.offerPrice === 'number');
  if (!offer) throw new Error('the demo has no offer with a price near Valletta');
  return offer;
}

/** A meta tag's content in the page's source, entities read back. */
function meta(html: string, property: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)">`).exec(html);
  return match?.[1]?.replace(/&#(\d+);/g, (_whole, code: string) => String.fromCharCode(Number(code)));
}

async function expectAccessibleInLightAndDark(page: Page) {
  await page.emulateMedia({ colorScheme: 'light' });
  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(15, 23, 42)');
  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a signed-out browser opens a shared offer, sees it and its price, and reaches it in the app after signing up', async ({ page, request, baseURL }) => {
  const offer = await demoOffer(request);

  // What a messenger reads: the page's source, with an absolute picture that answers.
  const source = await page.request.get(`/o/${offer.offerId}`);
  expect(source.status()).toBe(200);
  const html = await source.text();
  expect(meta(html, 'og:title')).toContain(offer.title);
  const image = meta(html, 'og:image') ?? '';
  expect(image.startsWith(`${baseURL}/`)).toBe(true);
  const picture = await page.request.get(image);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toMatch(/^image\/(png|webp)$/);

  // What a person sees, with no script of the app.
  await page.goto(`/o/${offer.offerId}`);
  await expect(page.getByRole('heading', { level: 1, name: offer.title })).toBeVisible();
  await expect(page.getByTestId('share-discount')).toBeVisible();
  const euros = (amount: number | null | undefined) => `€${(amount ?? Number.NaN).toFixed(2)}`;
  await expect(page.getByTestId('share-price')).toContainText(`${euros(offer.regularPrice)} → Now ${euros(offer.offerPrice)}`);
  await expectAccessibleInLightAndDark(page);

  // The way in: Get this offer → login (carrying the offer) → sign-up instead → the offer in the app.
  await page.getByRole('link', { name: 'Get this offer' }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fviewoffer%2F${offer.offerId}$`));
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(new RegExp(`/signup\\?next=%2Fviewoffer%2F${offer.offerId}$`));
  await submitSignupForm(page, newAccount());
  await expect(page).toHaveURL(new RegExp(`/viewoffer/${offer.offerId}$`));
  await expect(page.getByRole('heading', { level: 1, name: offer.title })).toBeVisible();
});

test('the shop’s shared page lists its offers leading to their pages; an unknown offer gets the friendly 404', async ({ page, request }) => {
  const offer = await demoOffer(request);
  await page.goto(`/s/${offer.vendorId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('share-rating')).toBeVisible();
  await expectAccessibleInLightAndDark(page);
  await page.getByRole('link', { name: offer.title }).first().click();
  await expect(page).toHaveURL(new RegExp(`/o/${offer.offerId}$`));
  await expect(page.getByRole('heading', { level: 1, name: offer.title })).toBeVisible();

  const missing = await page.goto('/o/987654321');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'This offer or shop is not available' })).toBeVisible();
  await expectAccessibleInLightAndDark(page);
  await page.getByRole('link', { name: 'See offers near you on Qrib' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
