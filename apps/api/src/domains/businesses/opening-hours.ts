/**
 * Issue 28 §2: a shop's opening hours. The text (OSM opening_hours syntax) is checked when the shop sets it (400
 * openingHoursInvalid naming the library's problem), and its open intervals from a week ago to a fortnight ahead are
 * written to vendor_open_intervals with it (repository/open-intervals.ts) and renewed daily by `refreshOpenIntervals`
 * (the businesses plugin runs it hourly on every replica). The nearby and search statements read "open now" and the
 * next change from that table (db/open-now.ts).
 */
import { DomainError, onField } from '../../kernel/domain-error.ts';
import { DAY_MS, Hours } from '../../kernel/opening-hours.ts';

/** How far ahead intervals are written; a pass renews those whose horizon is within HORIZON_DAYS - 1 days. */
export const HORIZON_DAYS = 14;
/** Intervals begin a week back, so a window open now is answered with its true start (as scheduleStateOf reads it). */
const PAST_DAYS = 7;
const PAST_MS = PAST_DAYS * DAY_MS;

export interface IntervalRow {
  opensAt: Date;
  closesAt: Date;
  horizon: Date;
}

/** The hours read, or 400 openingHoursInvalid with the problem, on `field`. */
export function readHours(text: string, field = 'openingHours', code: 'openingHoursInvalid' | 'scheduleInvalid' = 'openingHoursInvalid'): Hours {
  const reading = Hours.read(text);
  if (!reading.ok) throw new DomainError('invalid', code, { problem: reading.problem }, onField(field, code, { problem: reading.problem }));
  return reading.hours;
}

/** The rows to store for `hours` from `now`: from a week ago to the horizon. */
export function intervalRows(hours: Hours, now: number): IntervalRow[] {
  const horizon = now + HORIZON_DAYS * DAY_MS;
  return hours.intervals(now - PAST_MS, horizon).map(([opens, closes]) => ({ opensAt: new Date(opens), closesAt: new Date(closes), horizon: new Date(horizon) }));
}
