/**
 * Item 7 of issue 12 at 390 px: every control on the main shopper and owner screens is a target of at least
 * 44 × 44 CSS px, and a control reached with Tab is never hidden under the fixed top bar or bottom tab bar
 * (WCAG 2.2 focus not obscured). (That the receipt upload sheet covers the tab bar is asserted in receipts.spec.ts.)
 *
 * What counts as a control: every a[href], button, input (not hidden), select, textarea, summary, [role=button],
 * [role=tab], [role=link], [role=checkbox], [role=switch] that is rendered (a box bigger than 1 × 1 px, not
 * display:none or visibility:hidden, not inside [inert] or [aria-hidden=true]). Exempt, and only these:
 * - an inline link in running text (WCAG 2.5.8's inline exception): an <a> whose computed display is 'inline'
 *   and whose nearest block ancestor holds text besides the link's own;
 * - a visually hidden control (the sr-only skip link, a check box drawn by its label): its target is its label,
 *   which must then measure 44 × 44 itself;
 * - a map's own controls and markers (inside .maplibregl-map): the map is an extra view, the list beside it is
 *   the accessible way (issue 12 item 4).
 * A checkbox or radio of its own size counts by its <label> (wrapping it, or label[for]) when that is bigger.
 */
import { expect, test, type Page } from '@playwright/test';
import { registerBusinessByApi, signUpByApi } from './helpers.ts';

// The shopper stands in Valletta, next door to the demo's Joseph's Pastizzeria.
test.use({ geolocation: { latitude: 35.8989, longitude: 14.5146 }, permissions: ['geolocation'] });

const MIN = 44;

interface Offender {
  what: string;
  width: number;
  height: number;
}

/** The controls of the page smaller than 44 × 44, by the rule above. */
async function smallTargets(page: Page): Promise<Offender[]> {
  return page.evaluate((min) => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="link"], [role="checkbox"], [role="switch"]';
    const describe = (element: Element) => {
      const name = element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().slice(0, 40);
      const id = element.id ? `#${element.id}` : '';
      return `${element.tagName.toLowerCase()}${id} "${name}" in ${location.pathname}`;
    };
    const rendered = (element: Element) => {
      if (element.closest('[inert], [aria-hidden="true"]')) return false;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') return false;
      return element.getClientRects().length > 0;
    };
    const isInlineLink = (element: Element) => {
      if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
      let block = element.parentElement;
      while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
      const own = (element.textContent ?? '').trim().length;
      return (block?.textContent ?? '').trim().length > own;
    };
    const labelOf = (element: Element) => {
      const wrapping = element.closest('label');
      if (wrapping) return wrapping;
      return element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null;
    };
    const offenders: { what: string; width: number; height: number }[] = [];
    for (const element of Array.from(document.querySelectorAll(selector))) {
      if (!rendered(element) || element.closest('.maplibregl-map') || isInlineLink(element)) continue;
      let box = element.getBoundingClientRect();
      const isToggle = element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio');
      // Visually hidden (sr-only: clipped away, or 1 px): the label is the target; without one (the skip link, which
      // shows once focused) it is exempt.
      const style = getComputedStyle(element);
      const clipped = style.clipPath.startsWith('inset(50%') || style.clip === 'rect(0px, 0px, 0px, 0px)';
      if (clipped || (box.width <= 1 && box.height <= 1)) {
        const label = labelOf(element);
        if (!label) continue;
        box = label.getBoundingClientRect();
      } else if (isToggle) {
        const label = labelOf(element);
        const labelBox = label?.getBoundingClientRect();
        if (labelBox && labelBox.width * labelBox.height > box.width * box.height) box = labelBox;
      }
      // Half a pixel of rounding is not a smaller target.
      if (box.width + 0.5 < min || box.height + 0.5 < min) {
        offenders.push({ what: describe(element), width: Math.round(box.width * 10) / 10, height: Math.round(box.height * 10) / 10 });
      }
    }
    return offenders;
  }, MIN);
}

/**
 * Tabs through the page from its top and checks every focused control inside the main content stays clear of the
 * fixed header and tab bar; returns how many controls were focused there.
 */
async function expectFocusNeverObscured(page: Page, steps = 60): Promise<number> {
  const header = await page.locator('header').first().boundingBox();
  const tabs = await page.getByRole('navigation', { name: 'Quick navigation' }).boundingBox();
  expect(header, 'the fixed top bar').not.toBeNull();
  expect(tabs, 'the fixed tab bar').not.toBeNull();
  if (!header || !tabs) return 0;
  // What keeps them clear: the page scrolls a focused control at least the bars' heights away from its edges.
  const padding = await page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    return { top: parseFloat(style.scrollPaddingTop), bottom: parseFloat(style.scrollPaddingBottom) };
  });
  expect(padding.top).toBeGreaterThanOrEqual(header.height);
  expect(padding.bottom).toBeGreaterThanOrEqual(tabs.height);
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    (document.activeElement as HTMLElement | null)?.blur();
  });
  let focusedInMain = 0;
  for (let step = 0; step < steps; step += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (!(element instanceof HTMLElement) || !element.closest('main')) return null;
      const box = element.getBoundingClientRect();
      const name = element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().slice(0, 40);
      return { name: `${element.tagName.toLowerCase()} "${name}"`, top: box.top, bottom: box.bottom, height: box.height };
    });
    if (!focused || focused.height === 0) continue;
    focusedInMain += 1;
    expect.soft(focused.top, `${focused.name} under the top bar on ${page.url()}`).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect.soft(focused.bottom, `${focused.name} under the tab bar on ${page.url()}`).toBeLessThanOrEqual(tabs.y + 1);
  }
  return focusedInMain;
}

/** Opens `path`, waits for `ready`, then checks the targets and the focus. */
async function checkScreen(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
  expect(await smallTargets(page), `controls under ${MIN} × ${MIN} px on ${path}`).toEqual([]);
  expect(await expectFocusNeverObscured(page), `controls focused in the content of ${path}`).toBeGreaterThan(0);
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name, level: 1 }).first()).toBeVisible();
};

test('the shopper’s screens: 44 px targets, and no focused control under the fixed bars', async ({ page }) => {
  await signUpByApi(page);
  await page.goto('/');
  const card = page.getByTestId('offer-card').first();
  await expect(card).toContainText("Joseph's Pastizzeria");
  const offerPath = (await card.getByRole('link', { name: /View Offer/ }).getAttribute('href')) ?? '';
  const offer = await page.request.get(`/api/v1${offerPath.replace('/viewoffer/', '/offers/')}`);
  expect(offer.status()).toBe(200);
  const { data } = (await offer.json()) as { data: { vendorId: number; title: string } };

  await checkScreen(page, '/', async (screen) => {
    await expect(screen.getByTestId('offer-card').first()).toBeVisible();
  });
  // The menu and the notifications panel open over the home (the page under them is inert, so only they count).
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await smallTargets(page), 'controls under 44 px in the menu').toEqual([]);
  await page.getByRole('dialog').getByRole('button', { name: 'Close menu' }).first().click();
  await page.getByRole('banner').getByTestId('notification-bell').click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  expect(await smallTargets(page), 'controls under 44 px with the notifications open').toEqual([]);
  await page.keyboard.press('Escape');

  await checkScreen(page, '/searchoffers', async (screen) => {
    await expect(screen.getByTestId('offer-card').first()).toBeVisible();
  });
  // Saved lists the saved offers (with none it has no control in its content).
  await page.goto('/');
  await page.getByTestId('offer-card').first().getByRole('button', { name: /^Save / }).click();
  await expect(page.getByTestId('offer-card').first().getByRole('button', { name: /^Remove / })).toBeVisible();
  await checkScreen(page, '/saved', heading(/Saved/));
  await checkScreen(page, '/receipt-upload', heading('Confirm Your Purchase'));
  await checkScreen(page, '/profile', async (screen) => {
    await expect(screen.getByTestId('profile-name')).toBeVisible();
  });
  await checkScreen(page, offerPath, heading(data.title));
  await checkScreen(page, `/shops/${data.vendorId}`, heading("Joseph's Pastizzeria"));
  // A code (issue 13): its screen at the till, and the list of codes.
  const claim = await page.request.post(`/api/v1${offerPath.replace('/viewoffer/', '/offers/')}/claims`);
  expect(claim.status()).toBe(201);
  const { data: claimed } = (await claim.json()) as { data: { claimId: number } };
  await checkScreen(page, `/codes/${claimed.claimId}`, heading(data.title));
  await checkScreen(page, '/codes', heading('My codes'));
  // The review form (issue 14; the server decides on sending whether the purchase grants one).
  await checkScreen(page, `/write-review?claimId=${claimed.claimId}`, heading('Write a review'));
});

test('the owner’s screens: 44 px targets, and no focused control under the fixed bars', async ({ page }) => {
  await signUpByApi(page);
  await registerBusinessByApi(page, 'Tap Target Kiosk');
  await checkScreen(page, '/', heading('Dashboard'));
  await checkScreen(page, '/offerslist', heading(/Offers/));
  await checkScreen(page, '/add-offer', heading(/Create Offer|Add Offer/));
  await checkScreen(page, '/insights', heading(/Insights/));
  await checkScreen(page, '/redeem', heading('Redeem a code'));
});
