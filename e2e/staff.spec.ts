/**
 * Issue 28 §4, staff at the till, at 390 px (mobile project) and on the desktop. A new owner with an ACTIVE shop (not
 * the demo's: every spec shares it) opens Staff from the menu and invites an address as Cashier with the form; the
 * invitee opens the mailed link signed out (once in Maltese), signs up from it, comes back, joins the team and lands
 * on the till; they redeem a shopper's code there and the day's list says "by" them, with no day picker; everything
 * else is closed to them (the not-for-your-role panel, 403 staffNotAllowed from the API in their page). The owner's
 * Staff screen once in Arabic (right to left); then the owner removes the cashier and the cashier's next redeem is
 * refused, on the screen and by the API. axe (no serious or critical) on the Staff screen and the invitation page in
 * light and dark.
 */
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { LANGUAGE_COOKIE_NAME, languageCookieValue, type LanguageCode } from '@qrib/shared/languages';
import {
  expectAccessibleLightAndDark,
  createLimitedOfferByApi,
  expectNoSeriousA11yViolations,
  isMobile,
  newAccount,
  openNavigation,
  pathOfLink,
  readMailTo,
  registerBusinessByApi,
  signUpByApi,
  submitSignupForm,
} from './helpers.ts';

const en = catalogs.en;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
const grouped = (code: string) => `${code.slice(0, 4)} ${code.slice(4)}`;

/** A new shopper, in a browser context of their own, claims a code for the offer; its code as the API gives it. */
async function shopperClaims(browser: Browser, baseURL: string, offerId: number): Promise<string> {
  const context = await browser.newContext({ baseURL });
  try {
    expect((await context.request.post('/api/v1/auth/signup', { data: newAccount() })).status()).toBe(201);
    const claimed = await context.request.post(`/api/v1/offers/${offerId}/claims`);
    expect(claimed.status(), await claimed.text()).toBe(201);
    return ((await claimed.json()) as { data: { code: string } }).data.code;
  } finally {
    await context.close();
  }
}

async function setLanguage(page: Page, baseURL: string, code: LanguageCode) {
  await page.context().addCookies([{ name: LANGUAGE_COOKIE_NAME, value: languageCookieValue(code), url: baseURL }]);
}

/** A call from the page itself, as the app's own fetch makes it (same origin, the session cookie): status and code. */
async function fetchFromPage(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        credentials: 'include',
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      const answer = (await response.json().catch(() => ({}))) as { code?: string };
      return { status: response.status, code: answer.code };
    },
    { method, url, body },
  );
}

test('an owner invites a cashier by mail; the cashier joins, redeems at the till and opens nothing else; removed, they are refused', async ({ page, browser, baseURL }, testInfo: TestInfo) => {
  const origin = baseURL ?? '';
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const staff = en.staff;

  // The owner: a shop of their own (ACTIVE) with one offer.
  await signUpByApi(page);
  const shopName = `Il-Kafè tal-Kaxxier ${suffix}`;
  await registerBusinessByApi(page, shopName);
  const offerTitle = `Kafè u pastizz ${suffix}`;
  const offerId = await createLimitedOfferByApi(page.request, { title: offerTitle, description: 'Coffee and a pastizz at the counter' });

  // Staff, from the owner's menu: only the owner so far.
  await page.goto('/');
  await openNavigation(page, testInfo);
  const menu = isMobile(testInfo) ? page.getByRole('dialog') : page.getByTestId('sidebar');
  await menu.getByRole('link', { name: en.nav.staff, exact: true }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { level: 1, name: staff.title })).toBeVisible();
  const members = page.getByTestId('staff-member');
  await expect(members).toHaveCount(1);
  await expect(members).toContainText(staff.roleOwner);
  await expect(page.getByText(staff.noStaff)).toBeVisible();

  // The invitation, as Cashier.
  const cashier = { ...newAccount(), name: 'Karmenu Zammit' };
  await page.getByLabel(staff.email).fill(cashier.email);
  await page.getByRole('radio', { name: staff.roleCashier }).check();
  await page.getByRole('button', { name: staff.invite }).click();
  await expect(page.getByText(fill(staff.invited, { email: cashier.email }))).toBeVisible();
  const invitation = page.getByTestId('staff-invitation');
  await expect(invitation).toHaveCount(1);
  await expect(invitation).toContainText(cashier.email);
  await expect(invitation).toContainText(staff.roleCashier);
  await expectAccessibleLightAndDark(page, () => expect(invitation).toBeVisible());

  // The Staff screen in Arabic, right to left.
  await setLanguage(page, origin, 'ar');
  await page.goto('/staff');
  const ar = catalogs.ar.staff;
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1, name: ar.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: ar.inviteTitle })).toBeVisible();
  await expect(page.getByRole('radio', { name: ar.roleManager })).toBeVisible();
  await expect(page.getByRole('button', { name: ar.invite })).toBeVisible();
  await expect(members).toContainText(ar.roleOwner);
  await expect(invitation).toContainText(ar.roleCashier);
  await expect(invitation.getByRole('button', { name: `${ar.withdraw}: ${cashier.email}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await setLanguage(page, origin, 'en');

  // The invitee, on a device of their own at the same size, opens the mailed link signed out.
  const device = await browser.newContext({
    baseURL: origin,
    viewport: page.viewportSize(),
    isMobile: isMobile(testInfo),
    hasTouch: isMobile(testInfo),
    serviceWorkers: 'block',
  });
  const till = await device.newPage();
  try {
    const mail = await readMailTo(cashier.email, { subjectIncludes: shopName });
    const link = mail.links.find((candidate) => candidate.includes('/staff-invitation?token='));
    expect(link, mail.text).toBeDefined();
    const invitationPath = pathOfLink(link ?? '');

    // In Maltese first.
    await setLanguage(till, origin, 'mt');
    await till.goto(invitationPath);
    const mt = catalogs.mt.staff;
    await expect(till.locator('html')).toHaveAttribute('lang', 'mt');
    await expect(till.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(till.getByRole('heading', { name: mt.joinTitle })).toBeVisible();
    await expect(till.getByText(mt.joinBody)).toBeVisible();
    await expect(till.getByRole('link', { name: mt.login })).toBeVisible();
    await expect(till.getByRole('link', { name: mt.signup })).toBeVisible();
    await expectNoSeriousA11yViolations(till);

    // In English, light and dark (signed out: the device's setting).
    await setLanguage(till, origin, 'en');
    await till.reload();
    await expect(till.getByRole('heading', { name: staff.joinTitle })).toBeVisible();
    await expectNoSeriousA11yViolations(till);
    await till.emulateMedia({ colorScheme: 'dark' });
    await expect(till.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
    await expectNoSeriousA11yViolations(till);
    await till.emulateMedia({ colorScheme: 'light' });

    // Sign up from the page, and back to it.
    await till.getByRole('link', { name: staff.signup }).click();
    await expect(till).toHaveURL(/\/signup/);
    await submitSignupForm(till, cashier);
    await expect(till).toHaveURL(/\/staff-invitation\?token=/);
    const join = till.getByRole('button', { name: staff.accept });
    await expect(join).toBeVisible();
    await expectAccessibleLightAndDark(till, () => expect(join).toBeVisible());

    // Join the team, on to the till.
    await join.click();
    await expect(till.getByText(fill(staff.joinedBusiness, { business: shopName, role: staff.roleCashier }))).toBeVisible();
    await till.getByRole('button', { name: staff.openTill }).click();
    await expect(till).toHaveURL(/\/redeem$/);
    await expect(till.getByRole('heading', { level: 1, name: en.redeem.title })).toBeVisible();
    // A cashier's app is the till: the bottom bar Redeem and Profile; the menu has no business screen but the till.
    if (isMobile(testInfo)) {
      await expect(till.getByRole('navigation', { name: en.nav.bottomTabs }).getByRole('link')).toHaveText([en.nav.redeem, en.nav.profile]);
    } else {
      const sidebar = till.getByTestId('sidebar');
      await expect(sidebar.getByRole('link', { name: en.nav.redeem, exact: true })).toBeVisible();
      await expect(sidebar.getByRole('link', { name: en.nav.myOffers, exact: true })).toHaveCount(0);
      await expect(sidebar.getByRole('link', { name: en.nav.staff, exact: true })).toHaveCount(0);
    }
    // Today's list only: no day picker.
    await expect(till.getByText(staff.todayOnly)).toBeVisible();
    await expect(till.getByLabel(en.redeem.dateLabel, { exact: true })).toHaveCount(0);

    // A shopper's code, redeemed by the cashier; the list says who.
    const code = await shopperClaims(browser, origin, offerId);
    const input = till.getByRole('textbox', { name: en.redeem.codeLabel });
    await input.fill(code);
    await till.getByRole('button', { name: en.redeem.submit, exact: true }).click();
    const result = till.getByTestId('redemption-result');
    await expect(result.getByRole('heading', { name: en.redeem.redeemed })).toBeVisible();
    await expect(result).toContainText(offerTitle);
    const list = till.getByRole('list', { name: en.redeem.listTitle });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText(grouped(code));
    await expect(list).toContainText(fill(staff.redeemedBy, { name: cashier.name }));

    // Nothing else: the home is the till, other business screens say they are not for this role, the API refuses.
    await till.goto('/');
    await expect(till).toHaveURL(/\/redeem$/);
    for (const screen of ['/offerslist', '/shop-profile', '/staff']) {
      await till.goto(screen);
      const panel = till.getByTestId('not-for-your-role');
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('heading', { name: staff.notAllowedTitle })).toBeVisible();
      await expect(panel).toContainText(fill(staff.notAllowedBody, { business: shopName }));
    }
    expect(await fetchFromPage(till, 'PATCH', '/api/v1/vendors/me', { contactPhone: '+356 2100 0002' })).toEqual({ status: 403, code: 'staffNotAllowed' });
    expect(await fetchFromPage(till, 'GET', '/api/v1/vendors/me/staff')).toEqual({ status: 403, code: 'staffNotAllowed' });
    await till.goto('/redeem');
    await expect(input).toBeVisible();

    // The owner removes the cashier (after a confirmation).
    await page.goto('/staff');
    await expect(members).toHaveCount(2);
    const row = members.filter({ hasText: cashier.name });
    await expect(row.getByRole('combobox', { name: fill(staff.changeRole, { name: cashier.name }) })).toHaveValue('CASHIER');
    await row.getByRole('button', { name: `${staff.remove}: ${cashier.name}` }).click();
    await row.getByRole('group', { name: fill(staff.removeConfirm, { name: cashier.name }) }).getByRole('button', { name: staff.removeYes }).click();
    await expect(page.getByText(fill(staff.removed, { name: cashier.name }))).toBeVisible();
    await expect(members).toHaveCount(1);

    // The cashier's till, still open, is refused at the next code; so is the API.
    const next = await shopperClaims(browser, origin, offerId);
    await input.fill(next);
    await till.getByRole('button', { name: en.redeem.submit, exact: true }).click();
    await expect(till.getByText(en.messages.registerBusinessFirst).first()).toBeVisible();
    await expect(result).toHaveCount(0);
    expect(await fetchFromPage(till, 'POST', '/api/v1/vendors/me/redemptions', { code: next })).toEqual({ status: 403, code: 'registerBusinessFirst' });
  } finally {
    await device.close();
  }
});
