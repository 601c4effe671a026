/**
 * Issue 28 §1: the owner's Shop profile. An approved owner opens it from the navigation, renames the shop, gives its
 * website, uploads a logo and a cover photo; the public shop page shows the new name, the logo, the cover and the
 * website link. axe in light and dark at both sizes; the screen once in Maltese and once in Arabic.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { enOwner } from '@qrib/shared/i18n/en-owner';
import { LANGUAGE_COOKIE_NAME, languageCookieValue } from '@qrib/shared/languages';
import { expectNoSeriousA11yViolations, isMobile, openNavigation, registerBusinessByApi, setDarkMode, signUpByApi } from './helpers.ts';

const strings = enOwner.shopProfile;

async function expectAxeLightAndDark(page: Page) {
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, true);
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, false);
}

async function openShopProfile(page: Page, testInfo: TestInfo) {
  await page.goto('/');
  await openNavigation(page, testInfo);
  const menu = isMobile(testInfo) ? page.getByRole('dialog') : page.getByTestId('sidebar');
  await menu.getByRole('link', { name: 'Shop profile', exact: true }).click();
  await expect(page).toHaveURL(/\/shop-profile$/);
  await expect(page.getByRole('heading', { level: 1, name: strings.title })).toBeVisible();
}

const photo = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

test('an owner edits the shop’s page: name, website, logo and cover, as shoppers then see it', async ({ page, baseURL }, testInfo) => {
  await signUpByApi(page);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const vendorId = await registerBusinessByApi(page, `Profile Kiosk ${suffix}`);
  await openShopProfile(page, testInfo);
  const name = page.getByLabel('Business Name');
  await expect(name).toHaveValue(`Profile Kiosk ${suffix}`);
  await expectAxeLightAndDark(page);

  // The position: the pin on the small map, dragged, moves the coordinates the form sends.
  const coordinates = page.getByTestId('coordinates');
  const before = await coordinates.textContent();
  const pin = page.getByTestId('map-pin');
  await expect(pin).toBeVisible();
  await pin.scrollIntoViewIfNeeded();
  const box = await pin.boundingBox();
  if (!box) throw new Error('the pin has a place on the map');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 30, { steps: 8 });
  await page.mouse.up();
  await expect(coordinates).not.toHaveText(before ?? '');

  const newName = `Il-Kafè ta’ Profil ${suffix}`;
  const website = `https://example.com/${suffix}`;
  await name.fill(newName);
  await page.getByLabel('Website').fill(website);
  await page.getByRole('button', { name: strings.save }).click();
  await expect(page.getByTestId('shop-profile-form').getByText(strings.saved)).toBeVisible();
  const saved = (await (await page.request.get('/api/v1/vendors/me')).json()) as { data: { locationLatitude: number; website: string } };
  expect(saved.data.website).toBe(website);
  expect(saved.data.locationLatitude).not.toBe(35.9097);

  const logo = page.getByTestId('shop-logo');
  await logo.getByLabel(strings.addLogo).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await photo(300, 300, '#c2410c') });
  await expect(logo.getByRole('status')).toHaveText(strings.logoSaved);
  const logoUrl = await logo.getByRole('img', { name: strings.logo }).getAttribute('src');
  expect(logoUrl).toBeTruthy();

  const cover = page.getByTestId('shop-cover');
  await cover.getByLabel(strings.addCover).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await photo(800, 300, '#0f766e') });
  await expect(cover.getByRole('status')).toHaveText(strings.coverSaved);
  const coverUrl = await cover.getByRole('img', { name: strings.cover }).getAttribute('src');
  expect(coverUrl).toBeTruthy();
  await expect(cover.getByRole('button', { name: strings.removeCover })).toBeVisible();
  await expectAxeLightAndDark(page);

  // What shoppers see.
  await page.getByRole('link', { name: strings.viewPage }).click();
  await expect(page).toHaveURL(new RegExp(`/shops/${vendorId}$`));
  const header = page.locator('header', { has: page.getByRole('heading', { level: 1, name: newName }) });
  await expect(header).toBeVisible();
  await expect(header.locator(`img[src="${logoUrl}"]`)).toBeVisible();
  await expect(page.getByTestId('shop-cover')).toHaveAttribute('src', coverUrl ?? '');
  await expect(page.getByTestId('shop-cover')).toHaveAttribute('alt', '');
  const websiteLink = page.getByTestId('shop-website');
  await expect(websiteLink).toHaveAttribute('href', website);
  await expect(websiteLink).toHaveAttribute('target', '_blank');
  await expect(websiteLink).toHaveAttribute('rel', 'noopener noreferrer nofollow');

  // The screen in Maltese and in Arabic (right to left), its photos and details in place.
  for (const code of ['mt', 'ar'] as const) {
    await page.context().addCookies([{ name: LANGUAGE_COOKIE_NAME, value: languageCookieValue(code), url: baseURL ?? '' }]);
    await page.goto('/shop-profile');
    await expect(page.locator('html')).toHaveAttribute('dir', code === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { level: 1, name: catalogs[code].shopProfile.title })).toBeVisible();
    await expect(page.getByRole('button', { name: catalogs[code].shopProfile.save })).toBeVisible();
    await expect(page.getByTestId('shop-cover').getByRole('img', { name: catalogs[code].shopProfile.cover })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});
