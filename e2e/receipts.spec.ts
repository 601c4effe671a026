import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { MESSAGES } from '@qrib/shared/messages';
import { expectNoSeriousA11yViolations, isMobile, signUpByApi } from './helpers.ts';

// The shopper stands in Valletta, next to the demo data's Joseph's Pastizzeria.
test.use({ geolocation: { latitude: 35.8989, longitude: 14.5146 }, permissions: ['geolocation'] });

/** A PNG no other test uploads: the server refuses a file it already has, so one of 255 colours collided. */
async function receiptPhoto(name: string) {
  const buffer = await sharp(randomBytes(60 * 90 * 3), { raw: { width: 60, height: 90, channels: 3 } }).png().toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

function receiptPdf(name: string) {
  const buffer = Buffer.from(
    `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n% ${Math.random()}\ntrailer <</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );
  return { name, mimeType: 'application/pdf', buffer };
}

/** Opens the nearest shop's first offer (which records a view) and follows its receipt link. */
async function openReceiptScreenFromOffer(page: Page) {
  await signUpByApi(page);
  await page.goto('/');
  const card = page.getByTestId('offer-card').first();
  await expect(card).toContainText("Joseph's Pastizzeria");
  const title = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
  await card.getByRole('link', { name: /View Offer/ }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Bought this? Upload your receipt' }).click();
  await expect(page).toHaveURL(/\/receipt-upload\?vendorId=\d+&offerId=\d+$/);
  await expect(page.getByRole('heading', { name: 'Confirm Your Purchase', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Shop')).toHaveValue(/\d+/);
  await expect(page.getByLabel('Shop').locator('option:checked')).toHaveText("Joseph's Pastizzeria (viewed)");
  await expect(page.getByLabel('Offer (optional)').locator('option:checked')).toHaveText(title);
  return title;
}

async function chooseFromGallery(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await page.getByRole('button', { name: /Tap to add your receipt/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Upload Option' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('receipt-gallery-input').setInputFiles(files);
  await expect(dialog).toBeHidden();
}

test('a receipt with two photos and a PDF uploads with a progress bar and shows in My receipts', async ({ page }) => {
  const title = await openReceiptScreenFromOffer(page);
  await expect(page.getByText('You have not uploaded any receipts yet.')).toBeVisible();

  // The dialog: the camera choice asks for the rear camera; Cancel closes it.
  await page.getByRole('button', { name: /Tap to add your receipt/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Upload Option' });
  await expect(dialog.getByRole('button', { name: 'Use Camera' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Choose from Gallery' })).toBeVisible();
  await expect(dialog.getByTestId('receipt-camera-input')).toHaveAttribute('capture', 'environment');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Nothing chosen yet: the spec's alert.
  await page.getByRole('button', { name: 'Save & Upload' }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.receiptNoFiles);

  await chooseFromGallery(page, [await receiptPhoto('front.png'), await receiptPhoto('back.png'), receiptPdf('invoice.pdf')]);
  const previews = page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem');
  await expect(previews).toHaveCount(3);
  await expect(page.getByRole('img', { name: 'Preview of front.png' })).toBeVisible();
  await expect(previews.nth(2)).toContainText('PDF: invoice.pdf');
  const details = page.getByRole('region', { name: 'Purchase Details' });
  await expect(details).toContainText("Joseph's Pastizzeria");
  await expect(details).toContainText(title);
  await expect(details).toContainText('3');
  await expectNoSeriousA11yViolations(page);

  // Hold the upload back until the progress bar has been seen (not a fixed while: no longer than that).
  let letUploadThrough = () => {};
  const uploadHeld = new Promise<void>((resolve) => {
    letUploadThrough = resolve;
  });
  await page.route('**/api/v1/file/upload-bills', async (route) => {
    await uploadHeld;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Save & Upload' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  letUploadThrough();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.receiptUploaded })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Chosen files' })).toHaveCount(0);

  const receipts = page.getByTestId('my-receipt');
  await expect(receipts).toHaveCount(1);
  await expect(receipts.first()).toContainText("Receipt for Joseph's Pastizzeria");
  await expect(receipts.first()).toContainText(title);
  // Pending until the automatic check has read it; plain colour 'photos' cannot be read, so it may already say so.
  await expect(receipts.first()).toContainText(/Pending|Needs review/);
  await expect(receipts.first().getByRole('link', { name: /^File \d$/ })).toHaveCount(3);

  // The files are private, and reachable by their uploader.
  const href = (await receipts.first().getByRole('link', { name: 'File 3' }).getAttribute('href')) ?? '';
  const file = await page.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');

  // After a reload the receipt is still listed.
  await page.reload();
  await expect(page.getByTestId('my-receipt')).toHaveCount(1);
});

test('more than 10 files are refused and nothing is kept; a file sent twice is refused', async ({ page }) => {
  await openReceiptScreenFromOffer(page);
  await chooseFromGallery(page, await Promise.all(Array.from({ length: 11 }, (_, index) => receiptPhoto(`r${index}.png`))));
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.receiptTooManyFiles);
  await expect(page.getByRole('list', { name: 'Chosen files' })).toHaveCount(0);

  const photo = await receiptPhoto('once.png');
  await chooseFromGallery(page, [photo]);
  await page.getByRole('button', { name: 'Save & Upload' }).click();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.receiptUploaded })).toBeVisible();
  await chooseFromGallery(page, [photo]);
  await page.getByRole('button', { name: 'Save & Upload' }).click();
  await expect(page.getByRole('alert')).toHaveText(`Upload failed: ${MESSAGES.receiptDuplicateFile}`);
});

test('the receipt screen reads right to left in Arabic', async ({ page, context, baseURL }) => {
  await openReceiptScreenFromOffer(page);
  await context.addCookies([{ name: 'googtrans', value: '/en/ar', url: baseURL ?? 'http://localhost:3100' }]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Confirm Your Purchase');
  await expect(page.getByRole('button', { name: /Save & Upload/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('a visit belongs to the shop the screen was opened for: after choosing another shop it is not sent', async ({ page }) => {
  await signUpByApi(page);
  await page.goto('/');
  // Open offers of two different shops, so both can be chosen for a receipt.
  const cards = page.getByTestId('offer-card');
  await expect(cards.first()).toContainText("Joseph's Pastizzeria");
  const otherCard = cards.filter({ hasNotText: "Joseph's Pastizzeria" }).first();
  const otherShop = (await otherCard.getByTestId('business-name').textContent()) ?? '';
  expect(otherShop).not.toBe('');
  // The server counts the view when it answers the offer (as a shopper would read it), not when the URL changes.
  const viewed = page.waitForResponse((response) => /^\/api\/v1\/offers\/\d+$/.test(new URL(response.url()).pathname) && response.ok());
  await otherCard.getByRole('link', { name: /View Offer/ }).click();
  await expect(page).toHaveURL(/\/viewoffer\/\d+$/);
  await viewed;
  await page.goBack();
  await cards.first().getByRole('link', { name: /View Offer/ }).click();
  await page.getByRole('link', { name: 'Bought this? Upload your receipt' }).click();
  const url = new URL(page.url());
  // A visit id that is not this shopper's: sent with Joseph's shop, the server refuses it.
  url.searchParams.set('visitId', '2147483000');
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByLabel('Shop').locator('option:checked')).toHaveText("Joseph's Pastizzeria (viewed)");
  await chooseFromGallery(page, [await receiptPhoto('visit.png')]);
  await page.getByRole('button', { name: 'Save & Upload' }).click();
  await expect(page.getByRole('alert')).toHaveText(`Upload failed: ${MESSAGES.visitNotFound}`);

  await page.getByLabel('Shop').selectOption({ label: `${otherShop} (viewed)` });
  await page.getByRole('button', { name: 'Save & Upload' }).click();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.receiptUploaded })).toBeVisible();
  await expect(page.getByTestId('my-receipt').first()).toContainText(`Receipt for ${otherShop}`);
});

test('on a phone the upload sheet covers the tab bar, and a focused control is never hidden under the fixed bars', async ({ page }, testInfo) => {
  test.skip(!isMobile(testInfo), 'the tab bar and header are fixed only on a phone');
  await openReceiptScreenFromOffer(page);
  const tabBar = page.getByRole('navigation', { name: 'Quick navigation' });
  const tabs = await tabBar.boundingBox();
  expect(tabs).not.toBeNull();
  if (!tabs) return;

  // The sheet sits above the tab bar: what is drawn where the tabs are belongs to the sheet or its backdrop.
  await page.getByRole('button', { name: /Tap to add your receipt/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Upload Option' });
  await expect(dialog).toBeVisible();
  const sheet = await dialog.boundingBox();
  expect(sheet).not.toBeNull();
  if (!sheet) return;
  expect(sheet.y + sheet.height).toBeGreaterThanOrEqual(tabs.y + tabs.height - 1);
  const onTop = await page.evaluate(
    ({ x, y }) => {
      const element = document.elementFromPoint(x, y);
      return { inTabBar: Boolean(element?.closest('nav')), inSheet: Boolean(element?.closest('[role="dialog"]')) };
    },
    { x: tabs.x + tabs.width / 2, y: tabs.y + tabs.height / 2 },
  );
  expect(onTop).toEqual({ inTabBar: false, inSheet: true });
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Tabbing down the form: every focused control of the page stays between the header and the tab bar.
  const header = await page.locator('header').first().boundingBox();
  expect(header).not.toBeNull();
  if (!header) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('heading', { name: 'Confirm Your Purchase', level: 1 }).click();
  const seen: string[] = [];
  for (let step = 0; step < 12; step += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (!(element instanceof HTMLElement) || !element.closest('main')) return null;
      const box = element.getBoundingClientRect();
      return { name: element.textContent?.trim() || element.getAttribute('aria-label') || element.id || element.tagName, top: box.top, bottom: box.bottom };
    });
    if (!focused) continue;
    seen.push(focused.name);
    expect(focused.top, `${focused.name} under the header`).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect(focused.bottom, `${focused.name} under the tab bar`).toBeLessThanOrEqual(tabs.y + 1);
  }
  expect(seen.some((name) => name.includes('Save & Upload'))).toBe(true);
});
