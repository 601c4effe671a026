import { describe, expect, it } from 'vitest';
import { addDays, maltaToday } from './malta-time.ts';
import { MESSAGES } from './messages.ts';
import { keepOfferImages, offerFieldsSchema } from './offer-schemas.ts';

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
    });
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

describe('keepOfferImages', () => {
  it('keeps JPG, JPEG and PNG only, at most 6, dropping the rest silently', () => {
    const files = ['a.jpg', 'b.gif', 'c.PNG', 'd.jpeg', 'e.pdf', 'f.png', 'g.jpg', 'h.jpg', 'i.png'].map((name) => ({ name }));
    expect(keepOfferImages([], files).map((file) => file.name)).toEqual(['a.jpg', 'c.PNG', 'd.jpeg', 'f.png', 'g.jpg', 'h.jpg']);
    expect(keepOfferImages([{ name: 'x.png' }], [{ name: 'y.png' }], 1).map((file) => file.name)).toEqual(['x.png']);
  });
});
