/**
 * Issue 25 finding 4: every date a route takes lies in EARLIEST_DATE…LATEST_DATE (2000-01-01…2100-12-31), else 400
 * naming the field and the range (year 1 used to answer 500: Malta's midnight of 0001-01-01 falls in year 0); a
 * discount is at most 100 % or MAX_DISCOUNT_VALUE.
 */
import { describe, expect, it } from 'vitest';
import { EARLIEST_DATE, FIELD_LABELS, LATEST_DATE, MAX_DISCOUNT_VALUE, MESSAGES, apiErrorSchema, formatMessage } from '@qrib/shared';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/app.ts';
import { multipartBody } from '../fixtures.ts';
import { buildOffer, buildShop, createOffer, maltaDay } from '../factories.ts';
import { bodyOf, useTestApp } from '../helpers.ts';

let app: App;
useTestApp({}, (made) => ({ app } = made));

type DateField = 'startDate' | 'endDate' | 'date' | 'from' | 'to';
const outOfRange = (field: DateField) => ({
  code: 'dateOutOfRange',
  params: { field, label: FIELD_LABELS[field], min: EARLIEST_DATE, max: LATEST_DATE },
});
const outOfRangeText = (field: DateField) => formatMessage(MESSAGES.dateOutOfRange, { label: FIELD_LABELS[field], min: EARLIEST_DATE, max: LATEST_DATE });
const discountTooHigh = formatMessage(MESSAGES.discountValueTooHigh, { max: MAX_DISCOUNT_VALUE });

/** The answer is a 400 naming the field with its code, the field's message and the range. */
function expectRefused(response: LightMyRequestResponse, field: DateField) {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(400);
  const body = bodyOf(response, apiErrorSchema);
  expect(body.fieldErrorCodes?.[field]).toEqual(outOfRange(field));
  expect(body.fieldErrors?.[field]).toBe(outOfRangeText(field));
  expect(body.fieldErrors?.[field]).toContain(`between ${EARLIEST_DATE} and ${LATEST_DATE}`);
}

describe('dates outside 2000-01-01…2100-12-31', () => {
  it('GET /vendors/me/redemptions refuses a day of year 1 or 9999 with 400, and takes the first and last days', async () => {
    const shop = await buildShop(app);
    for (const date of ['0001-01-01', '1999-12-31', '2101-01-01', '9999-12-31']) {
      expectRefused(await app.inject({ method: 'GET', url: `/api/v1/vendors/me/redemptions?date=${date}`, cookies: shop.cookies }), 'date');
    }
    for (const date of [EARLIEST_DATE, LATEST_DATE]) {
      const response = await app.inject({ method: 'GET', url: `/api/v1/vendors/me/redemptions?date=${date}`, cookies: shop.cookies });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: [] });
    }
  });

  it('GET /vendors/me/insights refuses a range that starts or ends outside it', async () => {
    const shop = await buildShop(app);
    const insights = (from: string, to: string) =>
      app.inject({ method: 'GET', url: `/api/v1/vendors/me/insights?period=weekly&from=${from}&to=${to}`, cookies: shop.cookies });
    expectRefused(await insights('0001-01-01', '0001-01-07'), 'from');
    expectRefused(await insights('1999-12-30', '2000-01-02'), 'from');
    expectRefused(await insights('2100-12-30', '2101-01-02'), 'to');
    expectRefused(await insights('9999-12-25', '9999-12-31'), 'from');
    expect((await insights(EARLIEST_DATE, '2000-01-07')).statusCode).toBe(200);
    expect((await insights('2100-12-25', LATEST_DATE)).statusCode).toBe(200);
  });

  it('POST /offers/ refuses a start in year 1 and an end in 9999, and stores nothing', async () => {
    const shop = await buildShop(app);
    const create = (fields: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/v1/offers/', ...multipartBody(buildOffer(fields)), cookies: shop.cookies });
    const both = await create({ startDate: '0001-01-01', endDate: '9999-12-31' });
    expectRefused(both, 'startDate');
    expectRefused(both, 'endDate');
    expectRefused(await create({ startDate: '1999-12-31' }), 'startDate');
    expectRefused(await create({ endDate: '2101-01-01' }), 'endDate');
    const mine = await app.inject({ method: 'GET', url: '/api/v1/vendors/me/offers', cookies: shop.cookies });
    expect(mine.json().data).toEqual([]);
    // The last day there is is a valid end.
    expect((await create({ endDate: LATEST_DATE })).statusCode).toBe(201);
  });

  it('PATCH /offers/:id refuses them too, and the offer keeps its dates', async () => {
    const shop = await buildShop(app);
    const offerId = await createOffer(app, shop);
    const before = (await app.inject({ method: 'GET', url: `/api/v1/offers/${offerId}`, cookies: shop.cookies })).json().data;
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/v1/offers/${offerId}`,
      payload: buildOffer({ startDate: '0001-01-01', endDate: '9999-12-31' }),
      cookies: shop.cookies,
    });
    expectRefused(patched, 'startDate');
    expectRefused(patched, 'endDate');
    const after = (await app.inject({ method: 'GET', url: `/api/v1/offers/${offerId}`, cookies: shop.cookies })).json().data;
    expect([after.startDate, after.endDate]).toEqual([before.startDate, before.endDate]);
  });
});

describe('discount values', () => {
  it('refuses a fixed discount over €100,000 (99,999,999 was taken) and a percentage over 100; takes both limits', async () => {
    const shop = await buildShop(app);
    const create = (fields: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/v1/offers/', ...multipartBody(buildOffer(fields)), cookies: shop.cookies });

    for (const discountValue of ['99999999', '100000.01']) {
      const response = await create({ discountType: 'FIXED', discountValue });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors.discountValue).toBe(discountTooHigh);
      expect(response.json().fieldErrorCodes.discountValue).toEqual({ code: 'discountValueTooHigh', params: { max: MAX_DISCOUNT_VALUE } });
    }
    const buyOneGetOne = await create({ discountType: 'BUYXGETY', discountValue: '99999999' });
    expect(buyOneGetOne.json().fieldErrors.discountValue).toBe(discountTooHigh);
    const percentage = await create({ discountType: 'PERCENTAGE', discountValue: '100.5' });
    expect(percentage.json().fieldErrors.discountValue).toBe(MESSAGES.percentageTooHigh);

    const fixed = await create({ discountType: 'FIXED', discountValue: String(MAX_DISCOUNT_VALUE) });
    expect(fixed.statusCode).toBe(201);
    expect(fixed.json().data.discountValue).toBe(MAX_DISCOUNT_VALUE);
    expect((await create({ discountType: 'PERCENTAGE', discountValue: '100' })).statusCode).toBe(201);
  });

  it('refuses the same on PATCH', async () => {
    const shop = await buildShop(app);
    const offerId = await createOffer(app, shop, { discountType: 'FIXED', discountValue: '5', startDate: maltaDay(0) });
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/v1/offers/${offerId}`,
      payload: buildOffer({ discountType: 'FIXED', discountValue: '99999999' }),
      cookies: shop.cookies,
    });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().fieldErrors.discountValue).toBe(discountTooHigh);
  });
});
