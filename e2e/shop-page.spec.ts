/**
 * The shopper's offer page and a shop's page (/viewoffer/:id, /shops/:vendorId; DESIGN.md §5) as a shopper uses
 * them, at 390 px (mobile project) and on the desktop: the offer's photos, badge, distance, save and share, the
 * shop link; the shop's face, distance, phone, directions and current offers; axe finds nothing serious in light and dark.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { MESSAGES } from '@qrib/shared/messages';
import { approveBusinessByApi, expectNoSeriousA11yViolations, newAccount, setDarkMode, signUpByApi } from './helpers.ts';

// The shopper stands in Valletta, next door to the demo's Joseph's Pastizzeria.
test.use({ geolocation: { latitude: 35.8989, longitude: 14.5146 }, permissions: ['geolocation'] });

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
  await signUpByApi(page);
  await page.goto('/');
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
  const cards = offers.getByTestId('offer-card');
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
  await signUpByApi(page);
  await page.goto('/shops/987654');
  await expect(page.getByText(MESSAGES.shopNotFound)).toBeVisible();
  await page.goto('/shops/not-a-shop');
  await expect(page.getByText(MESSAGES.shopNotFound)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a shopper opens an offer from the home: badge, shop link, save, share; then follows the shop link to the shop’s offers', async ({ page }) => {
  await signUpByApi(page);
  await page.goto('/');
  const card = page.getByTestId('offer-card').first();
  await expect(card).toContainText("Joseph's Pastizzeria");
  const title = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
  await card.getByRole('link', { name: /View Offer/ }).click();
  await expect(page).toHaveURL(/\/viewoffer\/\d+$/);

  const offerPage = page.getByTestId('shopper-offer');
  await expect(offerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The demo offers have a picture each (seed): it comes first, named after the offer.
  await expect(offerPage.getByTestId('offer-gallery').getByRole('img', { name: `${title}, photo 1 of 1` })).toBeVisible();
  await expect(offerPage.getByTestId('discount-badge')).toBeVisible();
  await expect(offerPage.getByTestId('offer-distance')).toHaveText('10 m away');
  await expect(offerPage.getByTestId('offer-time-left')).toHaveText(/^\d+ (days|hours) Left$/);
  const shopLink = offerPage.getByTestId('shop-link');
  await expect(shopLink).toContainText("Joseph's Pastizzeria");
  await expect(offerPage.getByRole('link', { name: "Directions to Joseph's Pastizzeria (opens OpenStreetMap)" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await offerPage.getByRole('button', { name: `Save ${title}` }).click();
  await expect(offerPage.getByRole('button', { name: `Remove ${title} from saved` })).toHaveAttribute('aria-pressed', 'true');
  // No share sheet in this browser: the link is copied, and the page says so.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write', 'geolocation']);
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
  await offerPage.getByRole('button', { name: `Share ${title}` }).click();
  await expect(offerPage.getByRole('status')).toHaveText('Link copied');
  // The public share page (issue 27 §1), which anyone can open, signed in or not.
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url().replace(/\/viewoffer\/(\d+)$/, '/o/$1'));

  await setDarkMode(page, true);
  await expect(offerPage.getByRole('button', { name: `Remove ${title} from saved` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, false);

  await shopLink.click();
  await expect(page).toHaveURL(/\/shops\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: "Joseph's Pastizzeria" })).toBeVisible();
  const shopCards = page.getByRole('region', { name: 'Offers at this shop' }).getByTestId('offer-card');
  await expect(shopCards.filter({ hasText: title })).toHaveCount(1);
  await expect(shopCards.filter({ hasText: title }).getByRole('button', { name: `Remove ${title} from saved` })).toBeVisible();
});

/** An owner far from the demo shops (Dwejra, Gozo: off every Valletta list) with an offer of two photos and a second offer. */
async function ownerWithPhotos(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const request = context.request;
  expect((await request.post('/api/v1/auth/signup', { data: newAccount() })).status()).toBe(201);
  const png = (r: number) => sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g: 140, b: 90 } } }).png().toBuffer();
  const registered = await request.post('/api/v1/vendors/', {
    multipart: {
      businessName: 'Dwejra Gallery Kiosk',
      businessType: 'Other',
      businessAddress: 'Triq id-Dwejra, San Lawrenz',
      locationLatitude: '36.0485',
      locationLongitude: '14.1920',
      primaryContactName: 'Carmen Spiteri',
      contactEmail: 'kiosk@example.com',
      contactPhone: '+356 9912 3456',
      documents: { name: 'licence.png', mimeType: 'image/png', buffer: await png(20) },
    },
  });
  expect(registered.status()).toBe(201);
  await approveBusinessByApi(baseURL, ((await registered.json()) as { data: { vendorId: number } }).data.vendorId);
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const offer = async (title: string, photos: Buffer[]) => {
    const form = new FormData();
    const fields = { title, description: 'Sea views and a cold drink', categoryId: '1', discountValue: '15', startDate: day(-2), endDate: day(30) };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    // The photos go as one repeated field.
    photos.forEach((buffer, index) => form.append('offerImages', new Blob([new Uint8Array(buffer)], { type: 'image/png' }), `photo${index}.png`));
    const response = await request.post('/api/v1/offers/', { multipart: form });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { data: { offerId: number } }).data.offerId;
  };
  const withPhotos = await offer('Sunset lemonade at Dwejra', [await png(200), await png(60)]);
  await offer('Ftira by the Inland Sea', []);
  await context.close();
  return withPhotos;
}

test('the offer page shows its photos in a swipeable gallery and the shop’s other offers (light and dark)', async ({ page, browser, baseURL }) => {
  const offerId = await ownerWithPhotos(browser, baseURL ?? '');
  await signUpByApi(page);
  await page.goto(`/viewoffer/${offerId}`);
  const gallery = page.getByTestId('offer-gallery');
  await expect(gallery.getByRole('img', { name: 'Sunset lemonade at Dwejra, photo 1 of 2' })).toBeVisible();
  await expect(gallery.getByRole('img', { name: 'Sunset lemonade at Dwejra, photo 2 of 2' })).toBeAttached();
  // The gallery scrolls sideways from the keyboard once focused.
  await gallery.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => gallery.evaluate((element) => Math.abs(element.scrollLeft))).toBeGreaterThan(0);
  const more = page.getByRole('region', { name: 'More from this shop' });
  await expect(more.getByTestId('offer-card')).toHaveText([/Ftira by the Inland Sea/]);
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, true);
  await expect(gallery.getByRole('img', { name: 'Sunset lemonade at Dwejra, photo 1 of 2' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, false);
});
