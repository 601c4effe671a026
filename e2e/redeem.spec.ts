/**
 * The till (issue 13) at 390 px (mobile project) and on the desktop: a new shop owner opens Redeem from the menu, a
 * wrong code is refused, a shopper's code (claimed through the API in another browser context) typed in lower case
 * with a hyphen is redeemed and shown in large type with the units left, listed for the day, undone, redeemed again
 * (then refused as already redeemed, with the time), undone from the day's list, and counted in the offers list;
 * axe finds nothing serious in light and dark.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { MESSAGES } from '@qrib/shared/messages';
import { createLimitedOfferByApi, expectNoSeriousA11yViolations, isMobile, newAccount, openNavigation, registerBusinessByApi, setDarkMode, signUpByApi } from './helpers.ts';

const TITLE = 'Two ftiras for one at the kiosk';

/** A new shopper, in a browser context of their own, claims a code for the offer; its code as the API gives it. */
async function shopperClaims(browser: Browser, baseURL: string, offerId: number): Promise<string> {
  const context = await browser.newContext({ baseURL });
  expect((await context.request.post('/api/v1/auth/signup', { data: newAccount() })).status()).toBe(201);
  const claimed = await context.request.post(`/api/v1/offers/${offerId}/claims`);
  expect(claimed.status(), await claimed.text()).toBe(201);
  const { code } = ((await claimed.json()) as { data: { code: string } }).data;
  await context.close();
  return code;
}

const grouped = (code: string) => `${code.slice(0, 4)} ${code.slice(4)}`;

async function redeem(page: Page, typed: string) {
  await page.getByRole('textbox', { name: 'Customer’s code' }).fill(typed);
  await page.getByRole('button', { name: 'Redeem', exact: true }).click();
}

test('the owner redeems a shopper’s code at the till, sees it large and in the day’s list, and undoes it; wrong codes are refused (light and dark)', async ({ page, browser, baseURL }, testInfo) => {
  await signUpByApi(page);
  await registerBusinessByApi(page, 'Till Test Kiosk');
  const offerId = await createLimitedOfferByApi(page.request, { title: TITLE, description: 'Fresh ftira with tuna and capers' });
  const code = await shopperClaims(browser, baseURL ?? '', offerId);

  // Redeem is in the owner's bottom bar on a phone (issue 27) and in the menu on a desktop (the page is loaded again:
  // the business was registered behind its back).
  await page.goto('/');
  if (isMobile(testInfo)) {
    await page.getByRole('navigation', { name: 'Quick navigation' }).getByRole('link', { name: 'Redeem' }).click();
  } else {
    await openNavigation(page, testInfo);
    await page.getByRole('link', { name: 'Redeem' }).click();
  }
  await expect(page).toHaveURL(/\/redeem$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Redeem a code' })).toBeVisible();
  await expect(page.getByText('No redemptions on this day.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A code of the wrong shape is refused on the screen; one the shop never issued by the API.
  const input = page.getByRole('textbox', { name: 'Customer’s code' });
  await redeem(page, 'AB1');
  await expect(input).toHaveAccessibleDescription(new RegExp(MESSAGES.claimCodeInvalid.replace(/[.()]/g, '\\$&')));
  await redeem(page, 'zzzz-zzzz');
  await expect(page.getByTestId('redeem-error')).toHaveText(MESSAGES.claimCodeUnknown);
  await expectNoSeriousA11yViolations(page);

  // The shopper's code, as staff might type it: lower case, with a hyphen; shown grouped as it is typed.
  await input.fill(`${code.slice(0, 4).toLowerCase()}-${code.slice(4).toLowerCase()}`);
  await expect(input).toHaveValue(grouped(code));
  await page.getByRole('button', { name: 'Redeem', exact: true }).click();
  const result = page.getByTestId('redemption-result');
  await expect(result.getByRole('heading', { name: 'Redeemed' })).toBeVisible();
  await expect(result).toContainText(TITLE);
  await expect(result).toContainText(`Code ${grouped(code)}`);
  await expect(result).toContainText('4 left');
  await expect(page.getByTestId('redeem-error')).toHaveCount(0);
  // Big enough to read across a counter.
  expect((await result.getByRole('heading', { name: 'Redeemed' }).boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(36);
  const list = page.getByRole('list', { name: 'Redemptions' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText(grouped(code));
  await expect(list).toContainText(TITLE);
  await expectNoSeriousA11yViolations(page);

  // Undo from the success state: the code can be used again, the day's list is empty.
  await result.getByRole('button', { name: `Undo the redemption of ${grouped(code)}` }).click();
  await expect(page.getByText(`The redemption of ${grouped(code)} was undone. The code can be used again.`)).toBeVisible();
  await expect(result).toHaveCount(0);
  await expect(page.getByText('No redemptions on this day.')).toBeVisible();

  // In dark colours: redeemed again, then refused as already redeemed (with the time), then undone from the list.
  await setDarkMode(page, true);
  await redeem(page, code);
  await expect(result).toContainText('4 left');
  await expectNoSeriousA11yViolations(page);
  await redeem(page, code);
  await expect(page.getByTestId('redeem-error')).toHaveText(/^This code was already redeemed at \d{2}:\d{2}\.$/);
  await expectNoSeriousA11yViolations(page);
  await list.getByRole('button', { name: `Undo the redemption of ${grouped(code)}` }).click();
  await expect(page.getByText('No redemptions on this day.')).toBeVisible();
  await setDarkMode(page, false);

  // Redeemed once more, the offers list counts it against the limit.
  await redeem(page, code);
  await expect(result).toContainText('4 left');
  await page.goto('/offerslist');
  await expect(page.getByTestId(isMobile(testInfo) ? 'offer-redeemed-narrow' : 'offer-redeemed')).toHaveText('1 / 5');
});

test('a shopper without a business who opens /redeem is asked to register one first', async ({ page }) => {
  await signUpByApi(page);
  await page.goto('/redeem');
  await expect(page.getByRole('heading', { level: 1, name: MESSAGES.registerBusinessFirst })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Customer’s code' })).toHaveCount(0);
});
