/**
 * Navigation by role (DESIGN.md §5): a shopper gets shopper tabs and a shopper's menu (with 'List your
 * business'), an owner the owner's tabs and menu (with Receipt review), at 390 px and on desktop, in light
 * and dark; on an offer a shopper's Back (top bar on phones, head of the page on desktop) follows history, else leads home.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectNoSeriousA11yViolations, isMobile, registerBusinessByApi, setDarkMode, signUpByApi } from './helpers.ts';

test.use({ geolocation: { latitude: 35.8989, longitude: 14.5146 }, permissions: ['geolocation'] });

const SHOPPER_TABS = ['Home', 'Search', 'Saved', 'Receipts', 'Profile'];
const SHOPPER_MENU = ['Home', 'Search', 'Local offer', 'Saved', 'Receipts', 'Stamp cards', 'Shop entry confirmation', 'My codes', 'Profile', 'List your business'];
const OWNER_TABS = ['Dashboard', 'Redeem', 'My offers', 'Insights', 'Profile'];
const OWNER_MENU = [
  'Dashboard',
  'Redeem',
  'My offers',
  'Create Offer',
  'Insights',
  'Business Insights',
  'Receipt review',
  'Shop profile',
  // Issue 29 §2: the shop's stamp card.
  'Stamp card',
  // Issue 28 §4: the owner's staff (a manager's menu has everything else, a cashier's is the till).
  'Staff',
  'Nearby offers',
  'Search',
  'Local offer',
  'Saved',
  'Receipts',
  'Stamp cards',
  'Shop entry confirmation',
  'Profile',
];

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Quick navigation' });

/** The tabs (mobile) and the menu (slide-over on mobile, sidebar on desktop) hold exactly the role's entries, pass axe, and are 44 px targets. */
async function expectNavigation(page: Page, testInfo: TestInfo, tabs: string[], menu: string[]) {
  if (isMobile(testInfo)) {
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await expect(tabBar(page).getByRole('link')).toHaveText(tabs);
    for (const tab of await tabBar(page).getByRole('link').all()) {
      const box = await tab.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect(box?.width).toBeGreaterThanOrEqual(44);
    }
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('link')).toHaveText(menu);
    for (const link of await dialog.getByRole('link').all()) expect((await link.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Close menu' }).click();
    await expect(dialog).toBeHidden();
  } else {
    await expect(tabBar(page)).toBeHidden();
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar.getByRole('link')).toHaveText(menu);
    for (const link of await sidebar.getByRole('link').all()) expect((await link.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await expectNoSeriousA11yViolations(page);
  }
}

test('a shopper sees only the shopper tabs and menu, in light and dark, and can list a business', async ({ page }, testInfo) => {
  await signUpByApi(page);
  await page.goto('/');
  await expect(page.getByTestId('welcome')).toBeVisible();
  await expectNavigation(page, testInfo, SHOPPER_TABS, SHOPPER_MENU);
  await setDarkMode(page, true);
  await expect(page.getByTestId('welcome')).toBeVisible();
  await expectNavigation(page, testInfo, SHOPPER_TABS, SHOPPER_MENU);
  await setDarkMode(page, false);

  if (isMobile(testInfo)) {
    await tabBar(page).getByRole('link', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/searchoffers$/);
    await expect(tabBar(page).getByRole('link', { name: 'Search' })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('button', { name: 'Open menu' }).click();
  }
  const menu = isMobile(testInfo) ? page.getByRole('dialog') : page.getByTestId('sidebar');
  await menu.getByRole('link', { name: 'List your business' }).click();
  await expect(page).toHaveURL(/\/ven-reg$/);
  await expect(page.getByRole('heading', { name: 'Vendor Registration' })).toBeVisible();
});

test('an owner sees only the owner tabs and menu, in light and dark', async ({ page }, testInfo) => {
  await signUpByApi(page);
  await registerBusinessByApi(page, 'Navigation Kiosk');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expectNavigation(page, testInfo, OWNER_TABS, OWNER_MENU);
  await setDarkMode(page, true);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expectNavigation(page, testInfo, OWNER_TABS, OWNER_MENU);
  await setDarkMode(page, false);

  if (isMobile(testInfo)) {
    await tabBar(page).getByRole('link', { name: 'My offers' }).click();
    await expect(page).toHaveURL(/\/offerslist$/);
    await expect(tabBar(page).getByRole('link', { name: 'My offers' })).toHaveAttribute('aria-current', 'page');
  }
});

test('every spec route still answers by URL for a shopper', async ({ page }) => {
  await signUpByApi(page);
  // The owner's screens are not in a shopper's navigation, but their addresses still lead somewhere sensible.
  for (const path of ['/insights', '/add-offer', '/offerslist', '/business-insights', '/real-time-local-offers', '/cat-offer', '/shop-entry-confirmation']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
  }
});

test.describe('Back on an offer a shopper reads', () => {
  // On phones Back sits in the top bar; the desktop has none, so there it heads the page.
  const backArea = (page: Page, testInfo: TestInfo) => (isMobile(testInfo) ? page.getByRole('banner') : page.getByTestId('page-back'));

  test('returns to where the shopper came from, or to their home when the offer was opened directly', async ({ page }, testInfo) => {
    await signUpByApi(page);
    await page.goto('/searchoffers');
    await page.getByRole('searchbox', { name: 'Search offers' }).fill('pizza');
    // The search is written into the address once typing pauses: that is the page Back returns to.
    await expect(page).toHaveURL(/[?&]q=pizza/);
    const result = page.getByTestId('offer-card').filter({ has: page.getByRole('heading', { name: 'Pizza night for two', level: 3 }) });
    await result.getByRole('link', { name: /View Details/ }).click();
    await expect(page).toHaveURL(/\/viewoffer\/\d+$/);
    const offerUrl = page.url();
    await expect(page.getByRole('heading', { name: 'Pizza night for two', level: 1 })).toBeVisible();
    // One Back shows at each size (the other is not displayed).
    await expect(page.getByRole('button', { name: 'Back', exact: true })).toHaveCount(1);
    await expect(backArea(page, testInfo).getByRole('button', { name: 'Back' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await backArea(page, testInfo).getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/searchoffers\?q=pizza/);
    await expect(page.getByRole('searchbox', { name: 'Search offers' })).toHaveValue('pizza');

    await page.goto(offerUrl);
    await expect(page.getByRole('heading', { name: 'Pizza night for two', level: 1 })).toBeVisible();
    await setDarkMode(page, true);
    await expect(backArea(page, testInfo).getByRole('link', { name: 'Back' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await setDarkMode(page, false);
    await backArea(page, testInfo).getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('welcome')).toBeVisible();
  });
});
