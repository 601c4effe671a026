/**
 * Issue 28: a business waiting for Qrib's check. Its dashboard says what happens next (documents checked, usually
 * within one working day; prepare offers meanwhile) instead of empty figures, and the registration screen says it
 * waits instead of 'You can now publish offers'. axe in light and dark at both sizes; once in Maltese, once in Arabic.
 */
import { expect, test } from '@playwright/test';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { enOwner } from '@qrib/shared/i18n/en-owner';
import { LANGUAGE_COOKIE_NAME, languageCookieValue } from '@qrib/shared/languages';
import { MESSAGES } from '@qrib/shared/messages';
import { expectNoSeriousA11yViolations, registerPendingBusinessByApi, setDarkMode, signUpByApi } from './helpers.ts';

const next = enOwner.pendingNext;

test('a pending business is told what happens next, on the dashboard and the registration screen', async ({ page, baseURL }) => {
  await signUpByApi(page);
  const name = `Waiting Kiosk ${Date.now().toString(36)}`;
  await registerPendingBusinessByApi(page, name);

  await page.goto('/');
  await expect(page.getByTestId('business-status')).toContainText(MESSAGES.businessPending);
  const steps = page.getByTestId('pending-next');
  await expect(steps.getByRole('heading', { name: next.title })).toBeVisible();
  await expect(steps).toContainText(next.check);
  await expect(steps).toContainText(next.prepare);
  // No wall of zeros: the figures come once the business is approved.
  await expect(page.getByTestId('vendor-dashboard')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, true);
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, false);

  await steps.getByRole('link', { name: next.prepareOffer }).click();
  await expect(page).toHaveURL(/\/add-offer$/);

  await page.goto('/ven-reg');
  await expect(page.getByTestId('registered-body')).toHaveText(next.registeredBody.replace('{{name}}', name));

  // The same screens in Maltese and in Arabic (right to left).
  for (const code of ['mt', 'ar'] as const) {
    await page.context().addCookies([{ name: LANGUAGE_COOKIE_NAME, value: languageCookieValue(code), url: baseURL ?? '' }]);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', code === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('pending-next').getByRole('heading', { name: catalogs[code].pendingNext.title })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});
