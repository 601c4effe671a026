import { expect, test, type Page } from '@playwright/test';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { expectNoSeriousA11yViolations, isMobile, signUpByApi } from './helpers.ts';

test.beforeEach(async ({ page }) => {
  await signUpByApi(page);
  await page.goto('/');
});

test('navigation highlights the active entry and leads to the screen', async ({ page }, testInfo) => {
  if (isMobile(testInfo)) await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = isMobile(testInfo) ? page.getByRole('dialog') : page.getByTestId('sidebar');
  await nav.getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/searchoffers$/);
  await expect(page.getByPlaceholder('Find offers, deals, restaurants...')).toBeVisible();
  if (isMobile(testInfo)) {
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
  }
  await expect(nav.getByRole('link', { name: 'Search' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
});

test('an unknown path inside the app shows the 404 page in the shell', async ({ page }) => {
  await page.goto('/no/such/screen');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('welcome')).toBeVisible();
});

test('switching to Arabic turns the page right to left and keeps the choice', async ({ page, context }, testInfo) => {
  const mobile = isMobile(testInfo);
  const languageSelect = (label: string) =>
    (mobile ? page.getByRole('dialog') : page.getByTestId('sidebar')).getByLabel(label, { exact: true });

  if (mobile) await page.getByRole('button', { name: 'Open menu' }).click();
  await languageSelect('Language').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  const cookie = (await context.cookies()).find((entry) => entry.name === 'googtrans');
  expect(cookie?.value).toBe('/en/ar');
  await expect(page.getByTestId('welcome')).toContainText(catalogs.ar.dashboard.welcome.split('{{')[0]?.trim() ?? '');

  if (!mobile) {
    // The sidebar moves to the right-hand side and the content margin follows it.
    const sidebar = await page.getByTestId('sidebar').boundingBox();
    expect(Math.round((sidebar?.x ?? 0) + (sidebar?.width ?? 0))).toBe(1280);
    const content = await page.getByTestId('content').boundingBox();
    expect(Math.round((content?.x ?? 0) + (content?.width ?? 0))).toBe(1280 - 256);
  }
  await expectNoSeriousA11yViolations(page);

  // Back to English through the Arabic interface.
  if (mobile) await page.getByRole('button', { name: catalogs.ar.nav.openMenu }).click();
  await languageSelect(catalogs.ar.language.label).selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByTestId('welcome')).toContainText('Welcome');
});

test.describe('in Maltese', () => {
  // The shopper stands in Valletta, so the home shows offers, categories and distances.
  test.use({ geolocation: { latitude: 35.8989, longitude: 14.5146 }, permissions: ['geolocation'] });

  /** Every English catalog string whose Maltese differs, as a whole-text pattern (placeholders match anything). */
  function englishPatterns(): RegExp[] {
    const flatten = (value: object): string[] =>
      Object.values(value).flatMap((child: unknown) =>
        typeof child === 'string' ? [child] : typeof child === 'object' && child ? flatten(child) : [],
      );
    const maltese = new Set(flatten(catalogs.mt));
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return flatten(catalogs.en)
      .filter((text) => !maltese.has(text) && /\p{L}{2,}/u.test(text.replace(/\{\{\w+\}\}/g, '')))
      // A quantity's placeholder takes digits only: 'Buy {{buy}}, get {{get}} free' is the badge, while a shop's own
      // English description ('Buy two paperbacks, get the cheaper free') is content, not a string left untranslated.
      .map((text) => {
        const numeric = new Set(['buy', 'get']);
        const parts = text.split(/(\{\{\w+\}\})/);
        const source = parts.map((part) => (/^\{\{\w+\}\}$/.test(part) ? (numeric.has(part.slice(2, -2)) ? '\\p{N}+' : '.+') : escape(part))).join('');
        return new RegExp(`^${source}$`, 'u');
      });
  }

  /** Each visible element's whole text, and the names and hints people hear or read. */
  async function visibleTexts(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const found: string[] = [];
      for (const element of Array.from(document.body.querySelectorAll('*'))) {
        if (!element.checkVisibility()) continue;
        const text = element instanceof HTMLElement ? element.innerText.trim() : '';
        if (text && text.length < 300) found.push(text);
        for (const name of ['aria-label', 'placeholder', 'alt', 'title']) {
          const value = element.getAttribute(name)?.trim();
          if (value) found.push(value);
        }
      }
      return found;
    });
  }

  test('switching to Malti shows the shopper home in Maltese, with no English left', async ({ page, context }, testInfo) => {
    const patterns = englishPatterns();
    const english = (texts: string[]) => texts.filter((text) => patterns.some((pattern) => pattern.test(text)));
    // In English the same check finds the home's English strings, so it can fail.
    await expect(page.getByTestId('offer-card').first()).toBeVisible();
    expect(english(await visibleTexts(page))).toEqual(expect.arrayContaining([catalogs.en.home.title, catalogs.en.home.categoriesTitle]));

    const mobile = isMobile(testInfo);
    if (mobile) await page.getByRole('button', { name: 'Open menu' }).click();
    await (mobile ? page.getByRole('dialog') : page.getByTestId('sidebar'))
      .getByLabel('Language', { exact: true })
      .selectOption('mt');
    await expect(page.locator('html')).toHaveAttribute('lang', 'mt');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    expect((await context.cookies()).find((entry) => entry.name === 'googtrans')?.value).toBe('/en/mt');
    await expect(page.getByRole('heading', { name: catalogs.mt.home.title })).toBeVisible();
    await expect(page.getByTestId('offer-card').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: catalogs.mt.home.categoriesTitle })).toBeVisible();

    const texts = await visibleTexts(page);
    expect(texts.length).toBeGreaterThan(20);
    expect(english(texts)).toEqual([]);
    await expectNoSeriousA11yViolations(page);
  });
});
