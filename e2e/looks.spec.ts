/**
 * Issue 27, words and looks, and the first paint: index.html's static shell before any script, light or dark from
 * the device until the person chooses (signed out and signed in), English dates the Maltese way, the owner's Redeem
 * tab, Insights (overview) and Business Insights (full report) as two screens; axe in light and dark, both sizes.
 */
import { expect, test, type Page } from '@playwright/test';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { LANGUAGE_COOKIE_NAME, languageCookieValue } from '@qrib/shared/languages';
import { expectNoSeriousA11yViolations, holdAppCode, isMobile, registerBusinessByApi, signUpByApi } from './helpers.ts';

/** Whether the page's background (the body's) is dark, whatever colour syntax the browser answers it in. */
async function isDarkBackground(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.color = getComputedStyle(document.body).backgroundColor;
    document.body.append(probe);
    // Let the browser turn any colour syntax into rgb() through a canvas.
    const canvas = document.createElement('canvas').getContext('2d');
    if (!canvas) throw new Error('no canvas');
    canvas.fillStyle = getComputedStyle(probe).color;
    canvas.fillRect(0, 0, 1, 1);
    const [red = 0, green = 0, blue = 0] = canvas.getImageData(0, 0, 1, 1).data;
    probe.remove();
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue < 80;
  });
}

test.describe('before any choice, the device decides light or dark', () => {
  test('a signed-out page paints the static shell before any script, dark on a dark device, and stays dark', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    // The app's code is held back: what shows meanwhile is index.html's own shell.
    const release = await holdAppCode(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.getByTestId('static-shell')).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await isDarkBackground(page)).toBe(true);
    release();

    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await expect(page.getByTestId('static-shell')).toHaveCount(0);
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await isDarkBackground(page)).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(await isDarkBackground(page)).toBe(false);
    await expectNoSeriousA11yViolations(page);
  });

  test('a new account follows the device, the Dark Mode switch shows what is in use, and a choice then wins', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await signUpByApi(page);
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.goto('/profile');
    const darkMode = page.getByRole('switch', { name: 'Dark Mode' });
    await expect(darkMode).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('Until you choose, it follows your device’s light or dark setting.')).toBeVisible();
    // English dates the Maltese way: day first, 24-hour clock ('27 Nov 2026, 18:33').
    await expect(page.getByTestId('profile-last-login')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(Malta time\)$/);
    await expectNoSeriousA11yViolations(page);

    // Choosing light sticks on a dark device, after a reload too.
    await darkMode.click();
    await expect(darkMode).toHaveAttribute('aria-checked', 'false');
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await expect(page.getByText('Until you choose, it follows your device’s light or dark setting.')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Dark Mode' })).toHaveAttribute('aria-checked', 'false');
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(await isDarkBackground(page)).toBe(false);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("the owner's screens", () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`Redeem is in the bottom bar, and Insights and Business Insights are two different screens (${scheme})`, async ({ page }, testInfo) => {
      await page.emulateMedia({ colorScheme: scheme });
      await signUpByApi(page);
      await registerBusinessByApi(page, `Looks Kiosk ${scheme}`);
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

      if (isMobile(testInfo)) {
        const tabs = page.getByRole('navigation', { name: 'Quick navigation' });
        await expect(tabs.getByRole('link')).toHaveText(['Dashboard', 'Redeem', 'My offers', 'Insights', 'Profile']);
        await tabs.getByRole('link', { name: 'Redeem' }).click();
        await expect(page).toHaveURL(/\/redeem$/);
        await expect(tabs.getByRole('link', { name: 'Redeem' })).toHaveAttribute('aria-current', 'page');
        await expectNoSeriousA11yViolations(page);
      }

      await page.goto('/insights');
      await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible();
      await expect(page.getByTestId('insights-overview')).toBeVisible();
      await expect(page.getByTestId('trend-chart')).toBeVisible();
      await expect(page.getByRole('link', { name: 'View Full Report' })).toHaveAttribute('href', '/business-insights');
      await expect(page.getByRole('heading', { name: 'Trust Rating' })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Unseen Opportunities' })).toHaveCount(0);
      expect(await page.getByTestId('insight-card').count()).toBeLessThanOrEqual(3);
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('link', { name: 'View Full Report' }).click();
      await expect(page.getByRole('heading', { name: 'Business Insights', level: 1 })).toBeVisible();
      await expect(page.getByTestId('business-insights')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Unseen Opportunities' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Trust Rating' })).toBeVisible();
      await expect(page.getByTestId('insights-overview')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test('in Maltese the Dark Mode switch says it follows the device, and in Arabic the Insights overview reads right to left', async ({ page, context, baseURL }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signUpByApi(page);
  await registerBusinessByApi(page, 'Looks Kiosk languages');
  const url = baseURL ?? 'http://localhost';
  await context.addCookies([{ name: LANGUAGE_COOKIE_NAME, value: languageCookieValue('mt'), url }]);
  await page.goto('/profile');
  await expect(page.getByText(catalogs.mt.looks.darkModeFollowsDevice)).toBeVisible();
  await expect(page.getByRole('switch', { name: catalogs.mt.profile.darkMode })).toHaveAttribute('aria-checked', 'true');
  await expectNoSeriousA11yViolations(page);

  await context.addCookies([{ name: LANGUAGE_COOKIE_NAME, value: languageCookieValue('ar'), url }]);
  await page.goto('/insights');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: catalogs.ar.vendorInsights.insightsTitle, level: 1 })).toBeVisible();
  await expect(page.getByTestId('insights-overview')).toBeVisible();
  await expect(page.getByRole('link', { name: catalogs.ar.vendorInsights.viewFullReport })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoSeriousA11yViolations(page);
});
