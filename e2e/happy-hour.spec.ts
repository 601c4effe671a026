/**
 * Issue 28 §3: happy-hour offers. An owner creates an offer with a happy hour through the offer form (days × one span;
 * a text the API cannot read is refused under the field first) whose window holds now (from an hour ago until in two
 * hours, every day) and, through the API, another whose window starts in about three hours. A shopper sees "· on now"
 * and "· starts HH:MM" on the home's cards, the On now chip hides the second on the home and on the search, the offer
 * page shows the happy hour and its schedule as written; the shopper claims a code of each. At the till the owner's
 * code of the second is refused with the next window (409 offerOutsideSchedule), the first is redeemed. The windows are
 * chosen from the clock, so the test does not depend on the time it runs. axe in light and dark at both sizes; the
 * shopper's walk once in Arabic.
 */
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { enOwner } from '@qrib/shared/i18n/en-owner';
import { LANGUAGE_COOKIE_NAME, languageCookieValue } from '@qrib/shared/languages';
import {
  expectNoSeriousA11yViolations,
  isMobile,
  logInByApi,
  registerBusinessByApi,
  setDarkMode,
  signUpByApi,
} from './helpers.ts';

const en = catalogs.en;
const ar = catalogs.ar;
const form = enOwner.happyHourForm;

/** Delimara, where no other test puts a shop (each project a little apart): this test's shop is the nearest. */
const spotFor = (testInfo: TestInfo) => ({ latitude: isMobile(testInfo) ? 35.826 : 35.822, longitude: 14.563 });
test.use({ permissions: ['geolocation'] });

const HOUR_MS = 3_600_000;
const malta = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Malta', ...options });
const DAY_KEYS = { Mon: 'mo', Tue: 'tu', Wed: 'we', Thu: 'th', Fri: 'fr', Sat: 'sa', Sun: 'su' } as const;

/** The hour in Malta `hours` from now: its 'HH:00', its Malta day ('DD/MM') and weekday key ('mo' … 'su'). */
function maltaHourFromNow(hours: number) {
  const at = new Date(Date.now() + hours * HOUR_MS);
  const hour = malta({ hour: '2-digit', hourCycle: 'h23' }).format(at).padStart(2, '0');
  const weekday = malta({ weekday: 'short' }).format(at) as keyof typeof DAY_KEYS;
  return { time: `${hour}:00`, day: malta({ day: '2-digit', month: '2-digit' }).format(at), weekday: DAY_KEYS[weekday] };
}

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function expectAxeLightAndDark(page: Page, ready: Locator) {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, true);
  await expect(ready).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, false);
  await expect(ready).toBeVisible();
}

const cardTitled = (page: Page, title: string) => page.getByTestId('offer-card').filter({ has: page.getByRole('heading', { name: title }) });

async function claimCode(page: Page, offerId: number): Promise<string> {
  const claimed = await page.request.post(`/api/v1/offers/${offerId}/claims`);
  expect(claimed.status(), await claimed.text()).toBe(201);
  return ((await claimed.json()) as { data: { code: string } }).data.code;
}

async function redeem(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Customer’s code' }).fill(code);
  await page.getByRole('button', { name: 'Redeem', exact: true }).click();
}

test('an owner gives offers a happy hour; shoppers see it on now or starting, filter on now, and the till keeps to it', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const spot = spotFor(testInfo);
  await page.context().setGeolocation(spot);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  // The window open now: from an hour ago until in two hours, every day (past midnight when it must).
  const nowFrom = maltaHourFromNow(-1).time;
  const nowTo = maltaHourFromNow(2).time;
  const nowSchedule = `Mo-Su ${nowFrom}-${nowTo}`;
  // The window starting later: in about three hours (its hour), for an hour, every day.
  const later = maltaHourFromNow(3);
  const laterTo = maltaHourFromNow(4).time;
  const laterSchedule = `Mo-Su ${later.time}-${laterTo}`;
  const laterIsToday = later.day === maltaHourFromNow(0).day;

  // The owner: a shop at the spot.
  const owner = await signUpByApi(page);
  await registerBusinessByApi(page, `Il-Bar tas-Siegħa ${suffix}`);
  const moved = await page.request.patch('/api/v1/vendors/me', { data: { locationLatitude: spot.latitude, locationLongitude: spot.longitude } });
  expect(moved.status(), await moved.text()).toBe(200);

  // The offer form's Happy hour: off by default, on it builds the text from days × one span.
  await page.goto('/add-offer');
  const toggle = page.getByLabel(form.toggle);
  await expect(toggle).not.toBeChecked();
  await expect(page.getByLabel(form.textLabel)).toHaveCount(0);
  await toggle.check();
  const text = page.getByLabel(form.textLabel);
  await expect(text).toHaveValue('Mo-Fr 17:00-19:00');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  await expectNoSeriousA11yViolations(page);
  // Dark (the switch reloads the form, so the section is switched on again), then light again for the rest.
  await setDarkMode(page, true);
  await toggle.check();
  await expect(text).toHaveValue('Mo-Fr 17:00-19:00');
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, false);

  const nowTitle = `Spritz two for one ${suffix}`;
  await page.getByLabel('Offer Title').fill(nowTitle);
  await page.getByLabel('Description').fill('Two spritzes for the price of one');
  await page.getByLabel('Category').selectOption({ label: 'Food & Dining' });
  await page.getByLabel('Discount Value').fill('50');
  await page.getByLabel('Start Date').fill(day(-1));
  await page.getByLabel('End Date').fill(day(30));
  await page.getByLabel(form.toggle).check();
  const rows = page.getByTestId('happy-hour-rows');
  await rows.getByLabel(en.openStatus.days.sa, { exact: true }).check();
  await rows.getByLabel(en.openStatus.days.su, { exact: true }).check();
  await rows.getByLabel(form.from, { exact: true }).fill(nowFrom);
  await rows.getByLabel(form.to, { exact: true }).fill(nowTo);
  await expect(text).toHaveValue(nowSchedule);

  // A text the API cannot read: refused under the field, nothing created.
  await text.fill('Mo-Xx 17:00-19:00');
  await expect(page.getByTestId('happy-hour-not-rows')).toContainText(form.notRows);
  await page.getByRole('button', { name: en.offerForm.create }).click();
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  await expect(text).toHaveAccessibleDescription(new RegExp((en.messages.scheduleInvalid.split('(')[0] ?? '').trim()));
  await expectNoSeriousA11yViolations(page);

  // Back to the days and times: created.
  await page.getByRole('button', { name: form.startOver }).click();
  await expect(text).toHaveValue(nowSchedule);
  const created = page.waitForResponse((response) => response.url().endsWith('/api/v1/offers/') && response.request().method() === 'POST');
  await page.getByRole('button', { name: en.offerForm.create }).click();
  const answer = await created;
  expect(answer.status(), await answer.text()).toBe(201);
  const nowOffer = ((await answer.json()) as { data: { offerId: number; schedule: string | null; activeNow: boolean | null } }).data;
  expect(nowOffer).toMatchObject({ schedule: nowSchedule, activeNow: true });
  await expect(page.getByText(en.messages.offerCreated)).toBeVisible();

  // The second, through the API: its window starts later.
  const laterTitle = `Pastizzi at sunset ${suffix}`;
  const laterAnswer = await page.request.post('/api/v1/offers/', {
    multipart: {
      title: laterTitle,
      description: 'Two pastizzi with your drink',
      categoryId: '1',
      discountValue: '30',
      startDate: day(-1),
      endDate: day(30),
      schedule: laterSchedule,
    },
  });
  expect(laterAnswer.status(), await laterAnswer.text()).toBe(201);
  const laterOffer = ((await laterAnswer.json()) as { data: { offerId: number; activeNow: boolean | null } }).data;
  expect(laterOffer.activeNow).toBe(false);

  // The owner's own sheet of the offer: its happy hour as written.
  await page.goto(`/viewoffer/${nowOffer.offerId}`);
  const sheetRow = page.getByRole('definition').filter({ hasText: nowSchedule });
  await expect(sheetRow).toBeVisible();
  await expectAxeLightAndDark(page, sheetRow);

  // A shopper, in English: the home's cards.
  await page.context().clearCookies();
  await signUpByApi(page);
  await page.goto('/');
  const onNowText = en.happyHour.onNow.replace('{{hours}}', `${nowFrom}–${nowTo}`);
  const startsText = (laterIsToday ? en.happyHour.startsAt : en.happyHour.startsOn)
    .replace('{{hours}}', `${later.time}–${laterTo}`)
    .replace('{{day}}', en.openStatus.days[later.weekday])
    .replace('{{time}}', later.time);
  const nowCard = cardTitled(page, nowTitle);
  const laterCard = cardTitled(page, laterTitle);
  await expect(nowCard.getByTestId('happy-hour')).toHaveText(onNowText);
  await expect(laterCard.getByTestId('happy-hour')).toHaveText(startsText);
  await expectAxeLightAndDark(page, nowCard);

  // The On now chip: only the offers that hold now; in the URL, so the theme switch's reload keeps it.
  const chip = page.getByRole('button', { name: en.happyHour.chip });
  await expect(chip).toHaveAttribute('aria-pressed', 'false');
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/[?&]on=1(&|$)/);
  await expect(laterCard).toHaveCount(0);
  await expect(nowCard.getByTestId('happy-hour')).toHaveText(onNowText);
  await expectAxeLightAndDark(page, nowCard);
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(laterCard).toHaveCount(0);
  await chip.click();
  await expect(laterCard).toBeVisible();

  // The search, with its chip in the URL.
  await page.goto(`/searchoffers?q=${suffix}`);
  await expect(cardTitled(page, nowTitle).getByTestId('happy-hour')).toHaveText(onNowText);
  await expect(cardTitled(page, laterTitle).getByTestId('happy-hour')).toHaveText(startsText);
  const searchChip = page.getByRole('button', { name: en.happyHour.chip });
  await searchChip.click();
  await expect(searchChip).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/[?&]on=1(&|$)/);
  await expect(cardTitled(page, laterTitle)).toHaveCount(0);
  await expect(cardTitled(page, nowTitle)).toBeVisible();
  await expectAxeLightAndDark(page, cardTitled(page, nowTitle));

  // The offer page: the happy hour, and its schedule as the shop wrote it.
  await page.goto(`/viewoffer/${laterOffer.offerId}`);
  const happyHour = page.getByTestId('offer-happy-hour');
  await expect(happyHour.getByTestId('happy-hour')).toHaveText(startsText);
  await expect(happyHour.getByTestId('offer-schedule')).toHaveText(laterSchedule);
  await expectAxeLightAndDark(page, happyHour);

  // A code of each, claimed at any hour.
  const nowCode = await claimCode(page, nowOffer.offerId);
  const laterCode = await claimCode(page, laterOffer.offerId);

  // The shopper's walk in Arabic, right to left: the cards, the chip, the offer page.
  await page.context().addCookies([{ name: LANGUAGE_COOKIE_NAME, value: languageCookieValue('ar'), url: baseURL ?? '' }]);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(cardTitled(page, nowTitle).getByTestId('happy-hour')).toHaveText(ar.happyHour.onNow.replace('{{hours}}', `${nowFrom}–${nowTo}`));
  await expect(cardTitled(page, laterTitle).getByTestId('happy-hour')).toHaveText(
    (laterIsToday ? ar.happyHour.startsAt : ar.happyHour.startsOn)
      .replace('{{hours}}', `${later.time}–${laterTo}`)
      .replace('{{day}}', ar.openStatus.days[later.weekday])
      .replace('{{time}}', later.time),
  );
  await page.getByRole('button', { name: ar.happyHour.chip }).click();
  await expect(cardTitled(page, laterTitle)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.goto(`/viewoffer/${nowOffer.offerId}`);
  await expect(page.getByTestId('offer-happy-hour').getByTestId('offer-schedule')).toHaveText(nowSchedule);
  await expectNoSeriousA11yViolations(page);

  // The owner's till: the later code is refused with its next window, the one on now is redeemed.
  await page.context().clearCookies();
  await logInByApi(page, owner.username, owner.password);
  await page.goto('/redeem');
  await redeem(page, laterCode);
  await expect(page.getByTestId('redeem-error')).toHaveText(
    en.messages.offerOutsideSchedule.replace('{{schedule}}', laterSchedule).replace('{{next}}', `${later.day} ${later.time}`),
  );
  await expect(page.getByTestId('redemption-result')).toHaveCount(0);
  await redeem(page, nowCode);
  await expect(page.getByTestId('redemption-result')).toBeVisible();
  await expect(page.getByTestId('redeem-error')).toHaveCount(0);
});
