import { expect, test, type Page } from '@playwright/test';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { expectNoSeriousA11yViolations, isMobile, logInByApi, signUpByApi } from './helpers.ts';

// The nearby home asks for the position; the shopper stands in Valletta.
test.use({ geolocation: { latitude: 35.8989, longitude: 14.5146 }, permissions: ['geolocation'] });

/** How light the page's background is, 0 (black) to 1 (white), from the computed colour (oklch or rgb). */
async function backgroundLightness(page: Page): Promise<number> {
  const colour = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const oklch = /^oklch\(([\d.]+)(%?)/.exec(colour);
  if (oklch?.[1]) return Number(oklch[1]) / (oklch[2] === '%' ? 100 : 1);
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(colour);
  if (!rgb) throw new Error(`unexpected colour ${colour}`);
  return (Number(rgb[1]) + Number(rgb[2]) + Number(rgb[3])) / (3 * 255);
}

async function expectDark(page: Page, dark: boolean) {
  await expect(page.locator('html')).toHaveClass(dark ? /(^|\s)dark(\s|$)/ : /^(?!.*\bdark\b).*$/);
  const lightness = await backgroundLightness(page);
  if (dark) expect(lightness).toBeLessThan(0.3);
  else expect(lightness).toBeGreaterThan(0.9);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test('the profile shows the signed-up shopper’s own data, and name and phone edits persist', async ({ page }, testInfo) => {
  const account = await signUpByApi(page);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByTestId('profile-name')).toHaveText(account.name);
  await expect(page.getByTestId('profile-avatar')).toHaveText('CS');
  await expect(page.getByTestId('profile-role')).toHaveText('Shopper');
  await expect(page.getByTestId('profile-email')).toHaveText(account.email);
  await expect(page.getByTestId('profile-phone')).toHaveText(account.phone);
  // Signing up is the first login: today, on Malta's clock.
  const year = String(new Date().getFullYear());
  await expect(page.getByTestId('profile-last-login')).toContainText(year);
  await expect(page.getByTestId('profile-last-login')).toContainText('(Malta time)');
  await expect(page.getByRole('switch', { name: 'Email Notifications' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('switch', { name: 'Dark Mode' })).toHaveAttribute('aria-checked', 'false');
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);

  // The sign-up rules and messages apply, before anything is sent.
  const name = page.getByLabel('Full name');
  const phone = page.getByLabel('Phone');
  await expect(name).toHaveValue(account.name);
  await expect(phone).toHaveValue(account.phone);
  await name.fill('R2-D2');
  await phone.fill('12ab');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Please enter a valid name')).toBeVisible();
  await expect(page.getByText('Invalid phone number')).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');

  await name.fill('Carmela Spiteri-Borg');
  await phone.fill('+356 2122 3344');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your profile has been saved.' })).toBeVisible();
  await expect(page.getByTestId('profile-name')).toHaveText('Carmela Spiteri-Borg');
  await expect(page.getByTestId('profile-avatar')).toHaveText('CS');
  await expect(page.getByTestId('profile-phone')).toHaveText('+356 2122 3344');
  if (!isMobile(testInfo)) await expect(page.getByText('Signed in as Carmela Spiteri-Borg')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.reload();
  await expect(page.getByTestId('profile-name')).toHaveText('Carmela Spiteri-Borg');
  await expect(page.getByTestId('profile-phone')).toHaveText('+356 2122 3344');
  await expect(page.getByLabel('Full name')).toHaveValue('Carmela Spiteri-Borg');
  await expect(page.getByLabel('Phone')).toHaveValue('+356 2122 3344');
  // Email and username did not change.
  await expect(page.getByTestId('profile-email')).toHaveText(account.email);
});

test('a shop owner is a Vendor, with their business', async ({ page }) => {
  await logInByApi(page, 'joseph', 'joseph2026pass');
  await page.goto('/profile');
  await expect(page.getByTestId('profile-role')).toHaveText('Vendor');
  // Exactly: the account settings below name the business in what closing it does.
  await expect(page.getByText("Joseph's Pastizzeria", { exact: true })).toBeVisible();
  await expect(page.getByTestId('profile-last-login')).toContainText(String(new Date().getFullYear()));
  await expectNoSeriousA11yViolations(page);
});

test('Dark Mode applies at once, survives reloads and other screens, passes axe, and turns off again', async ({ page }) => {
  await signUpByApi(page);
  await page.goto('/profile');
  await expectDark(page, false);

  const darkMode = page.getByRole('switch', { name: 'Dark Mode' });
  await darkMode.click();
  await expect(darkMode).toHaveAttribute('aria-checked', 'true');
  await expectDark(page, true);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
  await expectNoSeriousA11yViolations(page);

  // Kept on the account: the server says so, and a reload is dark from the start.
  expect((await (await page.request.get('/api/v1/auth/me')).json()).user.preferences.darkMode).toBe(true);
  // Dark before the account has even answered: no light flash while 'Loading...' shows.
  let releaseMe: () => void = () => {};
  const meHeld = new Promise<void>((resolve) => {
    releaseMe = resolve;
  });
  await page.route('**/api/v1/auth/session', async (route) => {
    await meHeld;
    await route.fallback();
  });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await expect(page.getByText('Loading...')).toBeVisible();
  await expectDark(page, true);
  releaseMe();
  await expect(page.getByTestId('profile-name')).toBeVisible();
  await page.unroute('**/api/v1/auth/session');
  await expectDark(page, true);
  await expect(page.getByRole('switch', { name: 'Dark Mode' })).toHaveAttribute('aria-checked', 'true');

  // Every screen follows, readable (axe's colour contrast included).
  for (const [path, ready] of [
    ['/real-time-local-offers', () => page.getByTestId('offer-card').first()],
    ['/searchoffers', () => page.getByRole('heading', { name: 'Search Offers', level: 1 })],
    ['/ven-reg', () => page.getByRole('heading', { name: 'Vendor Registration' })],
  ] as const) {
    await page.goto(path);
    await expect(ready()).toBeVisible();
    await expectDark(page, true);
    await expectNoSeriousA11yViolations(page);
  }
  await page.goto('/real-time-local-offers');
  await page.getByTestId('offer-card').first().getByRole('link', { name: /View Offer/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectDark(page, true);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/profile');
  await page.getByRole('switch', { name: 'Dark Mode' }).click();
  await expect(page.getByRole('switch', { name: 'Dark Mode' })).toHaveAttribute('aria-checked', 'false');
  await expectDark(page, false);
  await page.reload();
  await expect(page.getByTestId('profile-name')).toBeVisible();
  await expectDark(page, false);
});

test('the account’s saved value wins over the one remembered in the browser', async ({ page }) => {
  await signUpByApi(page);
  // Any page of the app's origin holds its localStorage: the readiness answer is the lightest.
  await page.goto('/readyz');
  await page.evaluate(() => localStorage.setItem('qrib.darkMode', 'true'));
  await page.goto('/profile');
  await expect(page.getByTestId('profile-name')).toBeVisible();
  await expectDark(page, false);
  expect(await page.evaluate(() => localStorage.getItem('qrib.darkMode'))).toBeNull();
});

test('Email Notifications persists; a refused change is undone with a message', async ({ page }) => {
  await signUpByApi(page);
  await page.goto('/profile');
  const mail = page.getByRole('switch', { name: 'Email Notifications' });
  await mail.click();
  await expect(mail).toHaveAttribute('aria-checked', 'false');
  await expect(mail).toContainText('Off');
  await expect.poll(async () => (await (await page.request.get('/api/v1/auth/me')).json()).user.preferences.emailNotifications).toBe(false);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Email Notifications' })).toHaveAttribute('aria-checked', 'false');

  // The server refuses: the switch goes back and says why.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/me', async (route) => {
    if (route.request().method() !== 'PATCH') return route.fallback();
    await held;
    return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }) });
  });
  const darkMode = page.getByRole('switch', { name: 'Dark Mode' });
  await darkMode.click();
  // Shown at once, before the server answers…
  await expect(darkMode).toHaveAttribute('aria-checked', 'true');
  await expectDark(page, true);
  release();
  // …and undone when it refuses.
  await expect(page.getByText('The change could not be saved, so it was undone. Please try again.')).toBeVisible();
  await expect(darkMode).toHaveAttribute('aria-checked', 'false');
  await expectDark(page, false);
  await expect(page.getByRole('switch', { name: 'Email Notifications' })).toHaveAttribute('aria-checked', 'false');
});

test('the profile reads right to left in Arabic, in light and dark', async ({ page, context, baseURL }) => {
  const ar = catalogs.ar;
  await signUpByApi(page);
  await context.addCookies([{ name: 'googtrans', value: '/en/ar', url: baseURL ?? 'http://localhost:3100' }]);
  await page.goto('/profile');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: ar.nav.profile, level: 1 })).toBeVisible();
  await expect(page.getByTestId('profile-role')).toHaveText(ar.profile.roleShopper);
  await expect(page.getByTestId('profile-last-login')).toContainText('(بتوقيت مالطا)');
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);

  // The switch's knob moves towards the reading direction's end.
  const darkMode = page.getByRole('switch', { name: ar.profile.darkMode });
  await darkMode.click();
  await expect(darkMode).toHaveAttribute('aria-checked', 'true');
  await expectDark(page, true);
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);

  await page.getByLabel(ar.auth.phone).fill('abc');
  await page.getByRole('button', { name: ar.profile.save }).click();
  await expect(page.getByText(ar.messages.invalidPhone)).toBeVisible();
});

test('Log out everywhere ends the session on this browser and on another device', async ({ page, browser, baseURL }) => {
  const account = await signUpByApi(page);
  // The same account signed in on a second device (its own browser context, its own cookie).
  const otherDevice = await browser.newContext({ baseURL });
  try {
    const otherPage = await otherDevice.newPage();
    await logInByApi(otherPage, account.username, account.password);
    await otherPage.goto('/profile');
    await expect(otherPage.getByTestId('profile-name')).toHaveText(account.name);

    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Sessions', level: 2 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Log out everywhere' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get('/api/v1/auth/me')).status()).toBe(401);

    // The other device's cookie is still there, but its session is gone.
    expect((await otherPage.request.get('/api/v1/auth/me')).status()).toBe(401);
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login$/);
  } finally {
    await otherDevice.close();
  }
});
