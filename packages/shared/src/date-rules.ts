/**
 * The one rule for a calendar date a request carries (issue 25): a real YYYY-MM-DD date from EARLIEST_DATE to
 * LATEST_DATE. Every shared schema with a date field uses it (an offer's start and end, an insights report's range,
 * the till's day), so the forms and the API refuse the same dates with one message naming the field and the range.
 */
import type { z } from 'zod';
import { FIELD_LABELS } from './field-labels.ts';
import { EARLIEST_DATE, LATEST_DATE, isCalendarDate, isDateInRange } from './malta-time.ts';
import { codedMessage } from './message-codes.ts';

export type DateField = 'startDate' | 'endDate' | 'date' | 'from' | 'to';

/** '{{label}} must be between 2000-01-01 and 2100-12-31' for the field (code `dateOutOfRange`). */
export function dateOutOfRange(field: DateField): string {
  return codedMessage('dateOutOfRange', { field, label: FIELD_LABELS[field], min: EARLIEST_DATE, max: LATEST_DATE });
}

/**
 * A text schema's date checks, for `.apply`: `invalidMessage` when the text names no real date (and nothing more),
 * dateOutOfRange(field) when the date lies outside the range.
 */
export function calendarDate(field: DateField, invalidMessage: string) {
  return (text: z.ZodString) =>
    text.refine(isCalendarDate, { error: invalidMessage, abort: true }).refine(isDateInRange, { error: dateOutOfRange(field) });
}
