import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, isMobile, signUpByApi } from './helpers.ts';

// The shopper stands in Valletta. The demo data has a pizzeria in Gżira (about 2.4 km away), ftira offers in
// Valletta (10 m away) and in Victoria, Gozo (over 25 km away).
test.use({ geolocation: { latitude: 35.8989, longitude: 14.5146 }, permissions: ['geolocation'] });

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search offers' });
const results = (page: Page) => page.getByTestId('offer-card');
const result = (page: Page, title: string) => results(page).filter({ has: page.getByRole('heading', { name: title, level: 3 }) });

async function choose(page: Page, filter: 'Price' | 'Distance' | 'Category', field: string, option: string) {
  await page.getByRole('button', { name: new RegExp(`^${filter}`) }).click();
  const panel = page.getByRole('group', { name: new RegExp(`^${filter}`) });
  await panel.getByLabel(field, { exact: true }).selectOption({ label: option });
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toBeHidden();
}

test('a misspelt search finds the pizza offer near the shopper, survives a reload and opens it', async ({ page }, testInfo) => {
  await signUpByApi(page);
  await page.goto('/searchoffers');
  await expect(page.getByRole('heading', { name: 'Search Offers', level: 1 })).toBeVisible();
  await expect(searchBox(page)).toHaveAttribute('placeholder', 'Find offers, deals, restaurants...');
  await expect(page.getByTestId('search-location')).toHaveText('Your Location: Valletta, Malta');

  await searchBox(page).fill('pizzza');
  await expect(page).toHaveURL(/\/searchoffers\?q=pizzza$/);
  const pizza = result(page, 'Pizza night for two');
  await expect(pizza).toHaveCount(1);
  await expect(pizza.getByTestId('business-name')).toHaveText('Gżira Wood-Fired Pizza');
  await expect(pizza.getByTestId('badge')).toHaveText('15%');
  await expect(pizza.getByTestId('distance')).toHaveText('2.4 km Away');
  await expect(pizza.getByTestId('time-left')).toHaveText(/^\d+ days Left$/);
  await expect(result(page, 'Sun care week')).toHaveCount(0);

  // One column on a phone, more side by side on a desktop.
  await searchBox(page).fill('ftira');
  await expect(result(page, 'Gozitan ftira')).toHaveCount(1);
  const [first, second] = await Promise.all([results(page).nth(0).boundingBox(), results(page).nth(1).boundingBox()]);
  if (isMobile(testInfo)) expect(second?.x).toBe(first?.x);
  else expect(second?.y).toBe(first?.y);
  await expectNoSeriousA11yViolations(page);

  await searchBox(page).fill('pizzza');
  await expect(result(page, 'Pizza night for two')).toHaveCount(1);
  await page.reload();
  await expect(searchBox(page)).toHaveValue('pizzza');
  await expect(result(page, 'Pizza night for two')).toHaveCount(1);
  await result(page, 'Pizza night for two').getByRole('link', { name: /View Details/ }).click();
  await expect(page).toHaveURL(/\/viewoffer\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Pizza night for two', level: 1 })).toBeVisible();
});

test('Price, Distance and Category filters narrow the results, show as active, and clear', async ({ page }, testInfo) => {
  await signUpByApi(page);
  await page.goto('/searchoffers?q=ftira');
  await expect(result(page, 'Gozitan ftira')).toHaveCount(1);
  await expect(result(page, 'Ftira Friday').first()).toBeVisible();

  // Distance: Victoria, Gozo is far away.
  await choose(page, 'Distance', 'Maximum distance', 'Within 5 km');
  await expect(page).toHaveURL(/km=5/);
  await expect(page.getByRole('button', { name: 'Distance: Within 5 km' })).toHaveAttribute('aria-expanded', 'false');
  await expect(result(page, 'Gozitan ftira')).toHaveCount(0);
  await expect(result(page, 'Ftira Friday').first()).toBeVisible();
  // Under 1 km in metres ('10 m away'), from 1 km 'x.x km Away' (DESIGN.md §5).
  for (const text of await results(page).getByTestId('distance').allTextContents()) {
    expect(Number.parseFloat(text) / (/ m away$/.test(text) ? 1000 : 1)).toBeLessThanOrEqual(5);
  }

  // Price: no ftira offer is a percentage off.
  await choose(page, 'Price', 'Discount type', 'Percentage off');
  await expect(page.getByText('No offers match your search.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Active filters' })).toContainText('Percentage off');
  await page.getByRole('button', { name: 'Remove filter: Percentage off' }).click();
  await expect(result(page, 'Ftira Friday').first()).toBeVisible();

  // Category: no ftira among Events & Fun; Back brings the previous filters back.
  await choose(page, 'Category', 'Category', 'Events & Fun');
  await expect(page.getByText('No offers match your search.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  if (isMobile(testInfo)) {
    // The filter panel stays on the phone's screen.
    await page.getByRole('button', { name: /^Category/ }).click();
    const box = await page.getByRole('group', { name: /^Category/ }).boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
  }
  await page.goBack();
  await expect(result(page, 'Ftira Friday').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Distance: Within 5 km' })).toBeVisible();

  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/\/searchoffers\?q=ftira$/);
  await expect(result(page, 'Gozitan ftira')).toHaveCount(1);
  await expect(page.getByRole('group', { name: 'Active filters' })).toHaveCount(0);

  // Sort: nearest first puts the Valletta ftira before the Gozo one.
  await page.getByLabel('Sort by').selectOption({ label: 'Nearest' });
  await expect(page).toHaveURL(/sort=nearest/);
  await expect(results(page).first().getByTestId('distance')).toHaveText('10 m away');
});

test('without a location the search still works, and explains why distance cannot be used', async ({ browser }) => {
  const context = await browser.newContext({ permissions: [] });
  const page = await context.newPage();
  await signUpByApi(page);
  await page.goto('/searchoffers?q=pizzza&km=5&sort=nearest');
  await expect(page.getByTestId('search-location')).toHaveText('Your Location: not shared');
  await expect(page.getByText('Share your location to sort or filter by distance.').first()).toBeVisible();
  await expect(result(page, 'Pizza night for two')).toHaveCount(1);
  await expect(result(page, 'Pizza night for two').getByTestId('distance')).toHaveCount(0);
  await context.close();
});

test('a heart on a category-screen card saves the offer', async ({ page }) => {
  await signUpByApi(page);
  await page.goto('/cat-offer');
  await page.getByRole('button', { name: /View Offers.*Food & Dining/ }).click();
  const card = page.getByTestId('offer-card').first();
  const title = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
  await card.getByRole('button', { name: `Save ${title}` }).click();
  await expect(card.getByRole('button', { name: `Remove ${title} from saved` })).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(page.getByTestId('offer-card').first().getByRole('button', { name: `Remove ${title} from saved` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // The same saved state shows on the search screen.
  await page.goto(`/searchoffers?q=${encodeURIComponent(title)}`);
  await expect(result(page, title).first().getByRole('button', { name: `Remove ${title} from saved` })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/saved');
  await expect(page.getByTestId('offer-card')).toContainText(title);
});

test('the search screen reads right to left in Arabic', async ({ page, context, baseURL }) => {
  await signUpByApi(page);
  await context.addCookies([{ name: 'googtrans', value: '/en/ar', url: baseURL ?? 'http://localhost:3100' }]);
  await page.goto('/searchoffers?q=pizzza');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'البحث عن العروض', level: 1 })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'البحث عن العروض' })).toHaveAttribute('placeholder', 'ابحث عن عروض وصفقات ومطاعم...');
  await expect(result(page, 'Pizza night for two').getByRole('link', { name: /عرض التفاصيل/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
