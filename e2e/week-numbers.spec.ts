/**
 * Issue 28 §5, the numbers the week needs: a shopper opens, saves and claims a code of an owner's offer and the owner
 * redeems it; My offers then shows the offer's thumbnail, status and this week's views, saves, codes and redemptions
 * with Edit and Pause on the row; Business Insights lists each offer of the week and downloads the week's CSV (BOM,
 * header, today's rows, a title that looks like a formula neutralised). axe in light and dark at both sizes; both
 * screens once in Maltese and once in Arabic.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { enOwner } from '@qrib/shared/i18n/en-owner';
import { LANGUAGE_COOKIE_NAME, languageCookieValue } from '@qrib/shared/languages';
import { maltaToday, weekOf } from '@qrib/shared/malta-time';
import { createLimitedOfferByApi, expectNoSeriousA11yViolations, isMobile, newAccount, registerBusinessByApi, setDarkMode, signUpByApi } from './helpers.ts';

const strings = enOwner.weekNumbers;
const TITLE = 'Pastizzi for the week';
const FORMULA_TITLE = '=HYPERLINK("x")';

async function expectAxeLightAndDark(page: Page) {
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, true);
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, false);
}

/** A new shopper, in a browser context of their own, opens and saves the offer and claims a code; answers the code. */
async function shopperTakesCode(browser: Browser, baseURL: string, offerId: number): Promise<string> {
  const context = await browser.newContext({ baseURL });
  expect((await context.request.post('/api/v1/auth/signup', { data: newAccount() })).status()).toBe(201);
  const events = await context.request.post('/api/v1/events', { data: { events: [{ offerId, kind: 'VIEW' }] } });
  expect(events.status(), await events.text()).toBeLessThan(300);
  expect((await context.request.put(`/api/v1/me/favorites/${offerId}`)).status()).toBeLessThan(300);
  const claimed = await context.request.post(`/api/v1/offers/${offerId}/claims`);
  expect(claimed.status(), await claimed.text()).toBe(201);
  const { code } = ((await claimed.json()) as { data: { code: string } }).data;
  await context.close();
  return code;
}

test('the owner sees this week’s numbers on My offers and each offer in Business Insights, and downloads the week’s CSV', async ({ page, browser, baseURL }, testInfo) => {
  await signUpByApi(page);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  await registerBusinessByApi(page, `Week Kiosk ${suffix}`);
  const offerId = await createLimitedOfferByApi(page.request, { title: TITLE, description: 'Two pastizzi and a tea' });
  const formulaId = await createLimitedOfferByApi(page.request, { title: FORMULA_TITLE, description: 'A title a spreadsheet would run' });
  const code = await shopperTakesCode(browser, baseURL ?? '', offerId);
  const redeemed = await page.request.post('/api/v1/vendors/me/redemptions', { data: { code } });
  expect(redeemed.status(), await redeemed.text()).toBe(200);

  // My offers: from the owner's bottom bar on a phone, the menu's entry on a desktop.
  await page.goto('/');
  if (isMobile(testInfo)) {
    await page.getByRole('navigation', { name: 'Quick navigation' }).getByRole('link', { name: 'My offers' }).click();
  } else {
    await page.getByTestId('sidebar').getByRole('link', { name: 'My offers' }).click();
  }
  await expect(page).toHaveURL(/\/offerslist$/);
  await expect(page.getByText(strings.weekNote.replace('{{days}}', '7'))).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(TITLE) });
  const week = row.getByTestId(isMobile(testInfo) ? 'offer-week-narrow' : 'offer-week');
  await expect(week).toBeVisible();
  await expect(week.getByTestId('week-views')).toHaveText(`${strings.views}1`);
  await expect(week.getByTestId('week-saves')).toHaveText(`${strings.saves}1`);
  await expect(week.getByTestId('week-codes')).toHaveText(`${strings.codes}1`);
  await expect(week.getByTestId('week-redemptions')).toHaveText(`${strings.redemptions}1`);
  await expect(row.getByTestId('offer-thumbnail')).toBeVisible();
  await expect(row).toContainText('Active');
  await expect(row.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/edit-offer/${offerId}`);
  await expectAxeLightAndDark(page);

  // Pause and Resume on the row, through the offer's status call.
  const formulaRow = page.getByRole('row', { name: /HYPERLINK/ });
  await formulaRow.getByRole('button', { name: 'Pause' }).click();
  await expect(formulaRow.getByRole('button', { name: 'Resume' })).toBeVisible();
  await expect(formulaRow).toContainText('Paused');
  expect(((await (await page.request.get(`/api/v1/offers/${formulaId}`)).json()) as { data: { status: string } }).data.status).toBe('PAUSED');
  await formulaRow.getByRole('button', { name: 'Resume' }).click();
  await expect(formulaRow.getByRole('button', { name: 'Pause' })).toBeVisible();

  // Business Insights: each offer of the week (Monday to Sunday in Malta), and the week's CSV.
  await page.goto('/business-insights');
  const table = page.getByTestId('offer-figures');
  await expect(page.getByRole('heading', { name: strings.tableTitle })).toBeVisible();
  // Shown, views, saves, codes, redemptions.
  await expect(table.getByRole('row', { name: new RegExp(TITLE) }).getByRole('cell')).toHaveText(['0', '1', '1', '1', '1']);
  await expect(table.getByRole('row', { name: /HYPERLINK/ }).getByRole('cell')).toHaveText(['0', '0', '0', '0', '0']);
  await expectAxeLightAndDark(page);

  const today = maltaToday();
  const { from, to } = weekOf(today);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: strings.downloadCsv }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`qrib-insights-${from}-${to}.csv`);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe('date,offer_id,offer_title,impressions,views,saves,codes,codes_redeemed,redemptions');
  expect(lines).toContain(`${today},${offerId},${TITLE},0,1,1,1,1,1`);
  expect(lines).toContain(`${today},${formulaId},"'=HYPERLINK(""x"")",0,0,0,0,0,0`);

  // The two screens in Maltese and in Arabic (right to left).
  for (const language of ['mt', 'ar'] as const) {
    await page.context().addCookies([{ name: LANGUAGE_COOKIE_NAME, value: languageCookieValue(language), url: baseURL ?? '' }]);
    const translated = catalogs[language].weekNumbers;
    await page.goto('/offerslist');
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByText(translated.weekNote.replace('{{days}}', '7'))).toBeVisible();
    await expect(
      page
        .getByRole('row', { name: new RegExp(TITLE) })
        .getByTestId(isMobile(testInfo) ? 'offer-week-narrow' : 'offer-week')
        .getByTestId('week-redemptions'),
    ).toHaveText(new RegExp(`^${translated.redemptions}[1١]$`));
    await expectNoSeriousA11yViolations(page);
    await page.goto('/business-insights');
    await expect(page.getByRole('heading', { name: translated.tableTitle })).toBeVisible();
    await expect(page.getByRole('link', { name: translated.downloadCsv })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});
