/**
 * Malta's calendar and clock, written once for the API and the web (DESIGN.md §3): offers run to the end of
 * their end date in Malta, receipts are dated in Malta, insight reports count Malta days, weeks (Monday to
 * Sunday) and months. A calendar date is a 'YYYY-MM-DD' text; its arithmetic is done on UTC midnights, which
 * have no daylight-saving gaps. Malta is UTC+1 in winter and UTC+2 in summer, always a whole number of hours
 * ahead of UTC.
 *
 * The offset is computed from the EU's summer-time rule (Directive 2000/84/EC, in force in Malta since 1996: from
 * 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October), not asked of Intl: making a
 * time-zone formatter and calling formatToParts were the costliest work of a phone's first render of the offers.
 * malta-time.test.ts holds the rule to the platform's own time-zone data hour by hour from 1996 to 2060, so an
 * update of that data that changes Malta's clock fails the tests here.
 */
export const MALTA_TIME_ZONE = 'Europe/Malta';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 01:00 UTC on the last Sunday of a month (0-based), when EU clocks change. */
function lastSundayClockChange(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0);
  return lastDay - new Date(lastDay).getUTCDay() * DAY_MS + HOUR_MS;
}

/** Hours Malta's clock is ahead of UTC at an instant (UTC ms): 2 in summer time, else 1. */
export function maltaOffsetHours(utcMs: number): number {
  const year = new Date(utcMs).getUTCFullYear();
  return utcMs >= lastSundayClockChange(year, 2) && utcMs < lastSundayClockChange(year, 9) ? 2 : 1;
}

// Malta's date only turns at a whole UTC hour, so one computation per hour serves every call in between (the
// nearby feed asks for today's date on every request).
let knownHour = Number.NaN;
let knownDate = '';

/** The calendar date in Malta at an instant. */
export function maltaDateOf(instant: Date): string {
  const time = instant.getTime();
  const hour = Math.floor(time / HOUR_MS);
  if (hour !== knownHour) {
    knownDate = isoDateOf(time + maltaOffsetHours(time) * HOUR_MS);
    knownHour = hour;
  }
  return knownDate;
}

/** Today's date in Malta. */
export function maltaToday(now: Date = new Date()): string {
  return maltaDateOf(now);
}

function utcMidnight(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00Z`);
}

function isoDateOf(utcMs: number): string {
  return new Date(utcMs).toISOString().slice(0, 10);
}

/** The instant a Maltese calendar date begins: 00:00 that day in Malta (22:00 or 23:00 UTC the day before). */
export function maltaMidnight(isoDate: string): Date {
  const midnightUtc = utcMidnight(isoDate);
  if (!Number.isFinite(midnightUtc)) throw new RangeError(`Not a calendar date: ${isoDate}`);
  // The offset in force at UTC midnight is the one of Malta's midnight before it (the clocks change at 01:00 UTC).
  return new Date(midnightUtc - maltaOffsetHours(midnightUtc) * HOUR_MS);
}

/** The instant a Maltese calendar date ends: midnight after it in Malta. */
export function maltaDayEnd(isoDate: string): Date {
  return maltaMidnight(addDays(isoDate, 1));
}

/**
 * The calendar dates Qrib takes from anyone (offers' start and end, reports' ranges, the till's days): far enough
 * either side of today for any shop, and where the clock rule above is known to hold. A date outside is refused
 * (400 `dateOutOfRange`), never computed with: Malta's midnight of 0001-01-01 falls in year 0, which no Date names.
 */
export const EARLIEST_DATE = '2000-01-01';
export const LATEST_DATE = '2100-12-31';

/** Whether a calendar date (YYYY-MM-DD) lies in EARLIEST_DATE…LATEST_DATE; the fixed width makes text order date order. */
export function isDateInRange(isoDate: string): boolean {
  return isoDate >= EARLIEST_DATE && isoDate <= LATEST_DATE;
}

/** A YYYY-MM-DD text that names a real calendar date. */
export function isCalendarDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const time = utcMidnight(text);
  return !Number.isNaN(time) && isoDateOf(time) === text;
}

export function addDays(isoDate: string, days: number): string {
  return isoDateOf(utcMidnight(isoDate) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);
}

/** Days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return daysBetween(from, to) + 1;
}

export interface DateSpan {
  from: string;
  to: string;
}

/** The week (Monday to Sunday) that holds a date. */
export function weekOf(isoDate: string): DateSpan {
  // getUTCDay: Sunday 0 … Saturday 6; the week starts on Monday.
  const weekday = new Date(utcMidnight(isoDate)).getUTCDay();
  const from = addDays(isoDate, -((weekday + 6) % 7));
  return { from, to: addDays(from, 6) };
}

/** The calendar month that holds a date, from the 1st to its last day. */
export function monthOf(isoDate: string): DateSpan {
  const [year = 1970, month = 1] = isoDate.split('-').map(Number);
  return { from: `${isoDate.slice(0, 8)}01`, to: isoDateOf(Date.UTC(year, month, 0)) };
}
