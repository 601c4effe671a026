import { describe, expect, it } from 'vitest';
import { redemptionsQuerySchema } from './claim-schemas.ts';
import { dateOutOfRange } from './date-rules.ts';
import { FIELD_LABELS } from './field-labels.ts';
import { catalogs } from './i18n/catalogs.ts';
import { insightsQuerySchema } from './insight-schemas.ts';
import { EARLIEST_DATE, LATEST_DATE, isDateInRange } from './malta-time.ts';
import { codeOfMessage } from './message-codes.ts';
import { MESSAGES, formatMessage } from './messages.ts';
import { MAX_DISCOUNT_VALUE, offerFieldsSchema } from './offer-schemas.ts';

const offer = {
  title: 'Ftira Friday',
  description: 'Any ftira with a Kinnie',
  categoryId: '1',
  discountType: 'FIXED',
  discountValue: '5',
  startDate: '2026-06-01',
  endDate: '2026-06-30',
};

/** Each field's messages, in the order the schema gives them. */
function fieldMessages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const messages: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (messages[String(issue.path[0])] ??= []).push(issue.message);
  return messages;
}

describe('the range of dates a request may carry', () => {
  it('is 2000-01-01 to 2100-12-31, both included', () => {
    expect([EARLIEST_DATE, LATEST_DATE]).toEqual(['2000-01-01', '2100-12-31']);
    expect(['2000-01-01', '2026-11-27', '2100-12-31'].map(isDateInRange)).toEqual([true, true, true]);
    expect(['0001-01-01', '1999-12-31', '2101-01-01', '9999-12-31'].map(isDateInRange)).toEqual([false, false, false, false]);
  });

  it('has a message naming the field and the range, with its code and params', () => {
    const text = dateOutOfRange('startDate');
    expect(text).toBe('Start Date must be between 2000-01-01 and 2100-12-31');
    expect(text).toBe(formatMessage(MESSAGES.dateOutOfRange, { label: FIELD_LABELS.startDate, min: EARLIEST_DATE, max: LATEST_DATE }));
    expect(codeOfMessage(text)).toEqual({
      code: 'dateOutOfRange',
      params: { field: 'startDate', label: FIELD_LABELS.startDate, min: EARLIEST_DATE, max: LATEST_DATE },
    });
  });
});

describe('offer dates and discounts (the form and POST/PATCH /offers)', () => {
  it('refuses a start in year 1 and an end in 9999, each under its field', () => {
    const result = offerFieldsSchema.safeParse({ ...offer, startDate: '0001-01-01', endDate: '9999-12-31' });
    expect(fieldMessages(result)).toEqual({ startDate: [dateOutOfRange('startDate')], endDate: [dateOutOfRange('endDate')] });
    expect(fieldMessages(offerFieldsSchema.safeParse({ ...offer, startDate: '1999-12-31' }))).toEqual({ startDate: [dateOutOfRange('startDate')] });
    expect(fieldMessages(offerFieldsSchema.safeParse({ ...offer, endDate: '2101-01-01' }))).toEqual({ endDate: [dateOutOfRange('endDate')] });
  });

  it('takes the first and the last day, and still says only that a date that does not exist is not a date', () => {
    expect(offerFieldsSchema.safeParse({ ...offer, startDate: EARLIEST_DATE, endDate: LATEST_DATE }).success).toBe(true);
    expect(fieldMessages(offerFieldsSchema.safeParse({ ...offer, startDate: 'soon', endDate: '2026-02-30' }))).toEqual({
      startDate: [MESSAGES.dateInvalid],
      endDate: [MESSAGES.dateInvalid],
    });
  });

  it('bounds a fixed (and a buy-x-get-y) value at MAX_DISCOUNT_VALUE and a percentage at 100', () => {
    const tooHigh = formatMessage(MESSAGES.discountValueTooHigh, { max: MAX_DISCOUNT_VALUE });
    const discountMessages = (discountType: string, discountValue: string) =>
      fieldMessages(offerFieldsSchema.safeParse({ ...offer, discountType, discountValue })).discountValue;
    expect(MAX_DISCOUNT_VALUE).toBe(100_000);
    expect(discountMessages('FIXED', '99999999')).toEqual([tooHigh]);
    expect(discountMessages('FIXED', '100000.01')).toEqual([tooHigh]);
    expect(discountMessages('BUYXGETY', '99999999')).toEqual([tooHigh]);
    expect(discountMessages('PERCENTAGE', '99999999')).toEqual([MESSAGES.percentageTooHigh]);
    expect(discountMessages('FIXED', '100000')).toBeUndefined();
    expect(discountMessages('PERCENTAGE', '100')).toBeUndefined();
    expect(codeOfMessage(tooHigh)).toEqual({ code: 'discountValueTooHigh', params: { max: MAX_DISCOUNT_VALUE } });
  });
});

describe('report and till dates', () => {
  it('refuses an insights range that leaves the range, naming the end that does', () => {
    expect(fieldMessages(insightsQuerySchema.safeParse({ from: '0001-01-01', to: '0001-01-07' }))).toEqual({ from: [dateOutOfRange('from')], to: [dateOutOfRange('to')] });
    expect(fieldMessages(insightsQuerySchema.safeParse({ from: '2100-12-30', to: '2101-01-02' }))).toEqual({ to: [dateOutOfRange('to')] });
    expect(insightsQuerySchema.safeParse({ from: '2100-12-25', to: LATEST_DATE }).success).toBe(true);
    expect(fieldMessages(insightsQuerySchema.safeParse({ from: '2026-13-01', to: '2026-12-01' }))).toEqual({ from: [MESSAGES.insightsDateInvalid] });
  });

  it('refuses a till day outside it', () => {
    for (const date of ['0001-01-01', '1999-12-31', '2101-01-01']) {
      expect(fieldMessages(redemptionsQuerySchema.safeParse({ date }))).toEqual({ date: [dateOutOfRange('date')] });
    }
    expect(fieldMessages(redemptionsQuerySchema.safeParse({ date: 'today' }))).toEqual({ date: [MESSAGES.redemptionDateInvalid] });
    expect(redemptionsQuerySchema.parse({ date: EARLIEST_DATE })).toEqual({ date: EARLIEST_DATE });
    expect(redemptionsQuerySchema.parse({})).toEqual({});
  });
});

describe('the messages in every language', () => {
  it.each(Object.entries(catalogs).filter(([code]) => code !== 'en'))('%s translates them and the fields they name', (_code, catalog) => {
    for (const key of ['dateOutOfRange', 'discountValueTooHigh'] as const) expect(catalog.messages[key], key).not.toBe(MESSAGES[key]);
    expect(catalog.messages.dateOutOfRange).toMatch(/\{\{label\}\}.*\{\{min\}\}.*\{\{max\}\}/);
    for (const field of ['startDate', 'endDate', 'from', 'to'] as const) expect(catalog.fields[field], field).not.toBe(FIELD_LABELS[field]);
  });
});
