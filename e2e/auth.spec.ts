import { expect, test } from '@playwright/test';
import { MESSAGES } from '@qrib/shared/messages';
import { expectNoSeriousA11yViolations, logInThroughForm, openNavigation, signUpThroughForm } from './helpers.ts';

test('sign up, land in the shell, log out, get sent to /login, log back in', async ({ page, context }, testInfo) => {
  const account = await signUpThroughForm(page);
  await expect(page.getByTestId('welcome')).toHaveText(`Welcome, ${account.name}`);

  const cookies = await context.cookies();
  const session = cookies.find((cookie) => cookie.name === 'auth_token');
  expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('auth_token');

  await openNavigation(page, testInfo);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await context.cookies()).some((cookie) => cookie.name === 'auth_token')).toBe(false);

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);

  await logInThroughForm(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('welcome')).toHaveText(`Welcome, ${account.name}`);

  // The session survives a reload: it is read from the HttpOnly cookie through /auth/session.
  await page.reload();
  await expect(page.getByTestId('welcome')).toBeVisible();
});

test('a signed-out first visit logs no console error and no failed request (the app asks /auth/session)', async ({ page }) => {
  const consoleErrors: string[] = [];
  const failed: string[] = [];
  const asked: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    if (response.url().includes('/api/v1/auth/')) asked.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  page.on('requestfailed', (request) => failed.push(`failed ${request.url()}`));
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Once: index.html preloads the session while the scripts download, and the app's own request takes that answer.
  expect(asked).toEqual(['200 /api/v1/auth/session']);
  expect(failed).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('login shows the server message for a wrong password and the OAuth message in place', async ({ page }) => {
  const account = await signUpThroughForm(page);
  await page.context().clearCookies();
  await logInThroughForm(page, account.username, 'wrongpass1');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalidCredentials);
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('button', { name: 'Login with OAuth' }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.oauthNotImplemented);
  await expect(page).toHaveURL(/\/login$/);
});

test('sign-up shows each rule message and a taken username from the server', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  for (const message of [MESSAGES.invalidName, MESSAGES.invalidEmail, MESSAGES.invalidPhone, MESSAGES.signupPasswordRule]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('Password', { exact: true }).fill('abcdefg1');
  await page.getByLabel('Confirm password').fill('abcdefg2');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText(MESSAGES.passwordsDoNotMatch, { exact: true })).toBeVisible();

  await page.getByLabel('Full name').fill('Maria Borg');
  await page.getByLabel('Email address').fill(`someone${Date.now()}@example.com`);
  await page.getByLabel('Phone').fill('+356 7912 3456');
  await page.getByLabel('Username').fill('MARIA');
  await page.getByLabel('Confirm password').fill('abcdefg1');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.usernameTaken);
  await expect(page).toHaveURL(/\/signup$/);
});

test('the demo shopper can log in with the credentials from the README', async ({ page }) => {
  await logInThroughForm(page, 'maria', 'maria2026pass');
  await expect(page.getByTestId('welcome')).toHaveText('Welcome, Maria Borg');
});

test('login and sign-up have no serious accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText(MESSAGES.usernameRequired)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
