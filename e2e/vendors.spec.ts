import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { MESSAGES } from '@qrib/shared/messages';
import { expectNoSeriousA11yViolations, signUpByApi } from './helpers.ts';

// The browser's geolocation permission is the one thing faked: the shop stands in Valletta.
test.use({ geolocation: { latitude: 35.8989, longitude: 14.5146 }, permissions: ['geolocation'] });

async function png(seed: number, width = 320, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: seed % 255, g: 120, b: 200 } } }).png().toBuffer();
}

function isoDate(daysFromToday: number): string {
  return new Date(Date.now() + daysFromToday * 86_400_000).toISOString().slice(0, 10);
}

async function registerBusiness(page: Page, name: string) {
  await page.goto('/ven-reg');
  await expect(page.getByRole('heading', { name: 'Vendor Registration' })).toBeVisible();
  await expect(page.getByText('Join our platform to reach more customers')).toBeVisible();
  await page.getByLabel('Business Name').fill(name);
  await page.getByLabel('Business Type').selectOption('RESTAURANT');
  await page.getByRole('button', { name: 'Use My Location' }).click();
  await expect(page.getByTestId('coordinates')).toHaveText('Coordinates: 35.8989, 14.5146');
  await expect(page.getByLabel('Business Address')).toHaveValue('Valletta, Malta');
  await page.getByLabel('Primary Contact Name').fill('Rita Farrugia');
  await page.getByLabel('Contact Email').fill('rita@example.com');
  await page.getByLabel('Contact Phone').fill('+356 2122 3344');
  await page.getByLabel('Offerings Description').fill('Ftira, pastizzi and coffee');
  await page.getByLabel('Documents', { exact: true }).setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: await png(1) });
  await expect(page.getByRole('img', { name: 'Preview of licence.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(page.getByText(MESSAGES.registrationSuccess)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your business is registered' })).toBeVisible();
}

test('a shop owner registers, publishes an offer with two photos, and manages it', async ({ page }) => {
  await signUpByApi(page);
  await page.goto('/add-offer');
  await expect(page.getByRole('heading', { name: MESSAGES.registerBusinessFirst })).toBeVisible();
  await page.getByRole('link', { name: 'Register your business' }).click();
  await expect(page).toHaveURL(/\/ven-reg$/);
  await expectNoSeriousA11yViolations(page);

  await registerBusiness(page, 'Is-Suq tal-Belt Deli');

  await page.getByRole('link', { name: 'Create an offer' }).click();
  await expect(page).toHaveURL(/\/add-offer$/);
  await expect(page.getByLabel('Discount Type')).toHaveValue('PERCENTAGE');
  await expect(page.getByLabel('Maximum Redemptions')).toHaveCount(0);
  await page.getByLabel('Offer Title').fill('Ftira Friday');
  await page.getByLabel('Description', { exact: true }).fill('Any ftira with a Kinnie');
  await page.getByLabel('Category').selectOption({ label: 'Food & Dining' });
  await page.getByLabel('Discount Value').fill('20');
  await page.getByLabel('Offer Images').setInputFiles([
    { name: 'ftira.png', mimeType: 'image/png', buffer: await png(2) },
    { name: 'kinnie.png', mimeType: 'image/png', buffer: await png(3) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('dropped silently') },
  ]);
  await expect(page.getByRole('img', { name: /^Preview of/ })).toHaveCount(2);
  await page.getByLabel('Start Date').fill(isoDate(0));
  await page.getByLabel('End Date').fill(isoDate(30));
  await page.getByRole('radio', { name: 'Limited', exact: true }).check();
  await page.getByLabel('Maximum Redemptions').fill('100');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Create Offer' }).click();
  await expect(page.getByText(MESSAGES.offerCreated)).toBeVisible();
  await expect(page.getByLabel('Offer Title')).toHaveValue('');
  await expect(page.getByRole('img', { name: /^Preview of/ })).toHaveCount(0);

  await page.getByRole('link', { name: 'Your offers' }).click();
  await expect(page).toHaveURL(/\/offerslist$/);
  const row = page.getByRole('row', { name: /Ftira Friday/ });
  await expect(row).toContainText('Food & Dining');
  await expectNoSeriousA11yViolations(page);
  await row.getByRole('button', { name: 'View' }).click();
  const modal = page.getByRole('dialog', { name: 'Ftira Friday' });
  await expect(modal).toContainText('Any ftira with a Kinnie');
  await expect(modal).toContainText('Vendor Info');
  await expect(modal).toContainText('Is-Suq tal-Belt Deli');
  await expect(modal).toContainText('Limited to 100');
  await expectNoSeriousA11yViolations(page);
  await modal.getByRole('link', { name: 'View' }).click();

  await expect(page).toHaveURL(/\/viewoffer\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Ftira Friday', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: /Ftira Friday, photo 1 of 2/ })).toBeVisible();
  await page.getByRole('button', { name: 'Show photo 2' }).click();
  await expect(page.getByRole('img', { name: /Ftira Friday, photo 2 of 2/ })).toBeVisible();
  await expect(page.getByText('Valletta, Malta').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
  await expect(page.getByText('Paused', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/edit-offer\/\d+$/);
  await expect(page.getByLabel('Offer Title')).toHaveValue('Ftira Friday');
  await page.getByLabel('Offer Title').fill('Ftira Friday Deluxe');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/viewoffer\/\d+$/);
  await expect(page.getByText(MESSAGES.offerUpdated)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ftira Friday Deluxe', level: 1 })).toBeVisible();

  // The owner's Back (the top bar on phones, the head of the page on desktop) leads to the offers list.
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/offerslist$/);
  await expect(page.getByRole('row', { name: /Ftira Friday Deluxe/ })).toContainText('Paused');
});

test('registration shows each spec message for its rule', async ({ page }) => {
  await signUpByApi(page);
  await page.goto('/ven-reg');
  await page.getByRole('button', { name: 'Submit Registration' }).click();
  for (const label of ['Business Name', 'Business Type', 'Business Address', 'Primary Contact Name', 'Contact Email', 'Contact Phone', 'Documents']) {
    await expect(page.getByText(`${label} is required`, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(MESSAGES.coordinatesMissing)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Contact Email').fill('rita@');
  await expect(page.getByText(MESSAGES.vendorEmailInvalid)).toBeVisible();

  const documents = page.getByLabel('Documents', { exact: true });
  await documents.setInputFiles({ name: 'scan.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText(MESSAGES.filesWrongType)).toBeVisible();
  await page.getByRole('button', { name: 'Remove scan.gif' }).click();
  await documents.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1) });
  await expect(page.getByText(MESSAGES.filesTooLarge)).toBeVisible();
});

test('Use My Location explains a denied permission', async ({ browser }) => {
  const context = await browser.newContext({ permissions: [] });
  const page = await context.newPage();
  await signUpByApi(page);
  await page.goto('/ven-reg');
  await page.getByRole('button', { name: 'Use My Location' }).click();
  await expect(page.getByText(MESSAGES.geoDenied)).toBeVisible();
  await context.close();
});

test('the offer form shows each spec message for its rule', async ({ page }) => {
  await signUpByApi(page);
  await registerBusiness(page, 'Rules Test Shop');
  await page.goto('/add-offer');
  await page.getByRole('button', { name: 'Create Offer' }).click();
  for (const message of [
    MESSAGES.offerTitleRequired,
    MESSAGES.offerDescriptionRequired,
    MESSAGES.categoryRequired,
    MESSAGES.discountValueRequired,
    MESSAGES.startDateRequired,
    MESSAGES.endDateRequired,
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('Offer Title').fill('Now with a title');
  await expect(page.getByText(MESSAGES.offerTitleRequired)).toHaveCount(0);
  await page.getByLabel('Discount Value').fill('0');
  await expect(page.getByText(MESSAGES.discountValueInvalid)).toBeVisible();
  await page.getByLabel('Start Date').fill(isoDate(10));
  await page.getByLabel('End Date').fill(isoDate(2));
  await expect(page.getByText(MESSAGES.endBeforeStart)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Offer Title')).toHaveValue('');
  await expect(page.getByText(MESSAGES.endBeforeStart)).toHaveCount(0);
});
