/**
 * Malta's calendar and clock, written once for the API and the web (DESIGN.md §3): offers run to the end of
 * their end date in Malta, receipts are dated in Malta, insight reports count Malta days, weeks (Monday to
 * Sunday) and months. A calendar date is a 'YYYY-MM-DD' text; its arithmetic is done on UTC midnights, which
 * have no daylight-saving gaps. Malta is UTC+1 in winter and UTC+2 in summer, always a whole number of hours
 * ahead of UTC.
 */
export const MALTA_TIME_ZONE = 'Europe/Malta';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const maltaDateFormat = new Intl.DateTimeFormat('en-CA', { timeZone: MALTA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const maltaHourFormat = new Intl.DateTimeFormat('en-GB', { timeZone: MALTA_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' });

// Malta's date only turns at a whole UTC hour, so one formatting per hour serves every call in between (the
// nearby feed asks for today's date on every request).
let knownHour = Number.NaN;
let knownDate = '';

/** The calendar date in Malta at an instant. */
export function maltaDateOf(instant: Date): string {
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  if (hour !== knownHour) {
    knownDate = maltaDateFormat.format(instant);
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

/**
 * Malta's UTC offset in hours by date, once per date: formatToParts with a time zone is slow, and a list of offers
 * asks it for the same few end dates again and again. Bounded: emptied past MAX_REMEMBERED_OFFSETS dates.
 */
const maltaOffsets = new Map<string, number>();
const MAX_REMEMBERED_OFFSETS = 4_096;

/** The instant a Maltese calendar date begins: 00:00 that day in Malta (22:00 or 23:00 UTC the day before). */
export function maltaMidnight(isoDate: string): Date {
  const midnightUtc = utcMidnight(isoDate);
  let maltaHour = maltaOffsets.get(isoDate);
  if (maltaHour === undefined) {
    // Malta's clock reads 01:00 or 02:00 at UTC midnight: that is the offset in force (the clocks change at 01:00 UTC).
    const parts = maltaHourFormat.formatToParts(new Date(midnightUtc));
    maltaHour = Number(parts.find((part) => part.type === 'hour')?.value ?? 0);
    if (maltaOffsets.size >= MAX_REMEMBERED_OFFSETS) maltaOffsets.clear();
    if (Number.isFinite(midnightUtc)) maltaOffsets.set(isoDate, maltaHour);
  }
  return new Date(midnightUtc - maltaHour * HOUR_MS);
}

/** The instant a Maltese calendar date ends: midnight after it in Malta. */
export function maltaDayEnd(isoDate: string): Date {
  return maltaMidnight(addDays(isoDate, 1));
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
