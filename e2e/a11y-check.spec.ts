import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers.ts';

// The check every screen's test ends with can fail: on a real page with two serious faults added (a button with no
// name, grey text on grey), it names both; on the page as it is, it passes.
test('the accessibility check names serious violations and passes the page without them', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    const button = document.createElement('button');
    button.innerHTML = '<svg width="20" height="20" aria-hidden="true"></svg>';
    const faint = document.createElement('p');
    faint.textContent = 'Barely there';
    faint.style.cssText = 'color:#bbb;background:#ccc';
    main.append(button, faint);
  });
  const failure = await expectNoSeriousA11yViolations(page).then(
    () => 'passed',
    (error: unknown) => String(error),
  );
  expect(failure).toContain('button-name');
  expect(failure).toContain('color-contrast');
});
