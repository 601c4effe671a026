import { describe, expect, it } from 'vitest';
import { addDays, maltaToday } from './malta-time.ts';
import { MESSAGES, formatMessage } from './messages.ts';
import { MAX_BUY_GET_QUANTITY, MAX_DISCOUNT_VALUE, keepOfferImages, offerFieldsSchema } from './offer-schemas.ts';

/** The Malta calendar date `days` from today, so the offer runs around now whenever the test runs. */
const maltaDay = (days: number) => addDays(maltaToday(), days);

const valid = {
  title: 'Ftira Friday',
  description: 'Any ftira with a Kinnie',
  categoryId: '1',
  discountType: 'percentage',
  discountValue: '20',
  startDate: maltaDay(0),
  endDate: maltaDay(30),
  sendNotifications: 'true',
  featuredOffer: 'false',
};

describe('offer rules (spec §5)', () => {
  it('reads multipart text into typed values with the spec defaults', () => {
    expect(offerFieldsSchema.parse(valid)).toEqual({
      title: 'Ftira Friday',
      description: 'Any ftira with a Kinnie',
      categoryId: 1,
      discountType: 'PERCENTAGE',
      discountValue: 20,
      startDate: valid.startDate,
      endDate: valid.endDate,
      termsAndConditions: null,
      targetAudience: 'ALL_CUSTOMERS',
      redemptionLimit: 'UNLIMITED',
      maxRedemptions: null,
      sendNotifications: true,
      featuredOffer: false,
      regularPrice: null,
      buyQuantity: null,
      getQuantity: null,
      // Issue 28 §3: no happy hour, the offer holds all day.
      schedule: null,
    });
  });

  it('reads a happy-hour schedule trimmed, and an empty one as none (issue 28 §3)', () => {
    expect(offerFieldsSchema.parse({ ...valid, schedule: '  Mo-Th 17:00-19:00 ' }).schedule).toBe('Mo-Th 17:00-19:00');
    expect(offerFieldsSchema.parse({ ...valid, schedule: '' }).schedule).toBeNull();
    expect(offerFieldsSchema.safeParse({ ...valid, schedule: 'Mo 17:00-19:00\nTu 17:00-19:00' }).success).toBe(false);
  });

  it('accepts its own output again (an edit sends back what the form parsed)', () => {
    const once = offerFieldsSchema.parse({ ...valid, redemptionLimit: 'LIMITED', maxRedemptions: '5' });
    expect(offerFieldsSchema.parse(once)).toEqual(once);
  });

  it('reports every failing rule at once, the cross-field ones included', () => {
    const result = offerFieldsSchema.safeParse({ ...valid, title: '', startDate: maltaDay(30), endDate: maltaDay(0), discountValue: '150', redemptionLimit: 'LIMITED' });
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual([MESSAGES.offerTitleRequired, MESSAGES.endBeforeStart, MESSAGES.percentageTooHigh, MESSAGES.maxRedemptionsInvalid]);
  });

  it('tells a missing discount from an invalid one', () => {
    const messageFor = (discountValue: unknown) => offerFieldsSchema.safeParse({ ...valid, discountValue }).error?.issues[0]?.message;
    expect(messageFor('')).toBe(MESSAGES.discountValueRequired);
    expect(messageFor(undefined)).toBe(MESSAGES.discountValueRequired);
    expect(messageFor('0')).toBe(MESSAGES.discountValueInvalid);
    expect(messageFor('abc')).toBe(MESSAGES.discountValueInvalid);
    expect(messageFor('-1')).toBe(MESSAGES.discountValueInvalid);
  });
});

describe('price before and Buy-X-get-Y quantities (issue 27)', () => {
  const buyGet = { ...valid, discountType: 'BUYXGETY', discountValue: '1' };
  const issuesOf = (input: Record<string, unknown>) =>
    offerFieldsSchema.safeParse(input).error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) ?? [];

  it('reads the price before in euros and cents (a decimal comma too); blank or left out is null', () => {
    expect(offerFieldsSchema.parse({ ...valid, regularPrice: '4.50' }).regularPrice).toBe(4.5);
    expect(offerFieldsSchema.parse({ ...valid, regularPrice: ' 12,3 ' }).regularPrice).toBe(12.3);
    expect(offerFieldsSchema.parse({ ...valid, regularPrice: 7 }).regularPrice).toBe(7);
    expect(offerFieldsSchema.parse({ ...valid, regularPrice: '' }).regularPrice).toBeNull();
    expect(offerFieldsSchema.parse({ ...valid, regularPrice: null }).regularPrice).toBeNull();
    expect(offerFieldsSchema.parse(valid).regularPrice).toBeNull();
    expect(offerFieldsSchema.parse({ ...valid, regularPrice: String(MAX_DISCOUNT_VALUE) }).regularPrice).toBe(MAX_DISCOUNT_VALUE);
  });

  it('refuses a price before that is not euros above zero with at most two decimals, or above the money maximum', () => {
    for (const regularPrice of ['0', '-1', 'abc', '4.505', '1e400', 'NaN', '4,5,0', true]) {
      expect(issuesOf({ ...valid, regularPrice }), String(regularPrice)).toEqual([{ path: 'regularPrice', message: MESSAGES.regularPriceInvalid }]);
    }
    expect(issuesOf({ ...valid, regularPrice: String(MAX_DISCOUNT_VALUE + 0.01) })).toEqual([
      { path: 'regularPrice', message: formatMessage(MESSAGES.regularPriceTooHigh, { max: MAX_DISCOUNT_VALUE }) },
    ]);
  });

  it('reads Buy and Get free of a Buy-X-get-Y offer as whole numbers, both or neither', () => {
    expect(offerFieldsSchema.parse({ ...buyGet, buyQuantity: '2', getQuantity: ' 1 ' })).toMatchObject({ buyQuantity: 2, getQuantity: 1 });
    expect(offerFieldsSchema.parse({ ...buyGet, buyQuantity: '', getQuantity: '' })).toMatchObject({ buyQuantity: null, getQuantity: null });
    expect(offerFieldsSchema.parse(buyGet)).toMatchObject({ buyQuantity: null, getQuantity: null });
    expect(issuesOf({ ...buyGet, buyQuantity: '2' })).toEqual([{ path: 'getQuantity', message: MESSAGES.getQuantityRequired }]);
    expect(issuesOf({ ...buyGet, getQuantity: '1' })).toEqual([{ path: 'buyQuantity', message: MESSAGES.buyQuantityRequired }]);
    const buyInvalid = formatMessage(MESSAGES.buyQuantityInvalid, { max: MAX_BUY_GET_QUANTITY });
    const getInvalid = formatMessage(MESSAGES.getQuantityInvalid, { max: MAX_BUY_GET_QUANTITY });
    for (const bad of ['0', '1.5', '-2', 'two', String(MAX_BUY_GET_QUANTITY + 1)]) {
      expect(issuesOf({ ...buyGet, buyQuantity: bad, getQuantity: '1' }), bad).toEqual([{ path: 'buyQuantity', message: buyInvalid }]);
      expect(issuesOf({ ...buyGet, buyQuantity: '1', getQuantity: bad }), bad).toEqual([{ path: 'getQuantity', message: getInvalid }]);
    }
  });

  it('ignores Buy and Get free on any other discount type (hidden on the form), even invalid or alone', () => {
    expect(offerFieldsSchema.parse({ ...valid, buyQuantity: '2', getQuantity: '1' })).toMatchObject({ buyQuantity: null, getQuantity: null });
    expect(offerFieldsSchema.parse({ ...valid, discountType: 'FIXED', buyQuantity: 'x' })).toMatchObject({ buyQuantity: null, getQuantity: null });
  });

  it('accepts its own output again', () => {
    const once = offerFieldsSchema.parse({ ...buyGet, regularPrice: '3.20', buyQuantity: '3', getQuantity: '2' });
    expect(offerFieldsSchema.parse(once)).toEqual(once);
  });
});

describe('keepOfferImages', () => {
  it('keeps JPG, JPEG and PNG only, at most 6, dropping the rest silently', () => {
    const files = ['a.jpg', 'b.gif', 'c.PNG', 'd.jpeg', 'e.pdf', 'f.png', 'g.jpg', 'h.jpg', 'i.png'].map((name) => ({ name }));
    expect(keepOfferImages([], files).map((file) => file.name)).toEqual(['a.jpg', 'c.PNG', 'd.jpeg', 'f.png', 'g.jpg', 'h.jpg']);
    expect(keepOfferImages([{ name: 'x.png' }], [{ name: 'y.png' }], 1).map((file) => file.name)).toEqual(['x.png']);
  });
});
