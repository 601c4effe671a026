/**
 * Issue 28 §2: the common cases of a shop's opening hours as rows the owner fills in (days × one or two time
 * spans, and closed on public holidays), and the OpenStreetMap `opening_hours` text they stand for. The text is what
 * is stored and evaluated (by the API); these rows are only a way to write it, and to read it back when it is one of
 * the common cases. Anything else (months, week numbers, comments, holidays with hours…) reads as null: the owner's
 * text is then kept as written.
 */

import { OSM_DAYS, type OsmDay } from './osm-days.ts';

export { OSM_DAYS };

/** A span as written: 'HH:MM' both; the end may be '24:00', or earlier than the start (it runs past midnight). */
export interface TimeSpan {
  start: string;
  end: string;
}

export interface HoursRow {
  /** Seven flags, Monday first. */
  days: boolean[];
  /** One or two spans. */
  spans: TimeSpan[];
}

export interface WeekHours {
  rows: HoursRow[];
  closedOnHolidays: boolean;
}

export const NO_HOURS: WeekHours = { rows: [], closedOnHolidays: false };
export const MAX_SPANS = 2;

export type RowProblem = 'noDays' | 'timeFormat' | 'sameTimes';

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** What is wrong with a row, or null when it can be written. */
export function rowProblem(row: HoursRow): RowProblem | null {
  if (!row.days.some(Boolean)) return 'noDays';
  for (const { start, end } of row.spans) {
    if (!TIME.test(start) || !(TIME.test(end) || end === '24:00')) return 'timeFormat';
    if (start === end) return 'sameTimes';
  }
  return null;
}

/** The days as OSM writes them: runs of three or more as a range (Mo-Fr), shorter ones listed (Sa,Su). */
export function daysText(days: readonly boolean[]): string {
  const parts: string[] = [];
  let index = 0;
  while (index < OSM_DAYS.length) {
    if (!days[index]) {
      index += 1;
      continue;
    }
    let last = index;
    while (last + 1 < OSM_DAYS.length && days[last + 1]) last += 1;
    if (last - index >= 2) parts.push(`${OSM_DAYS[index]}-${OSM_DAYS[last]}`);
    else for (let day = index; day <= last; day += 1) parts.push(OSM_DAYS[day] ?? '');
    index = last + 1;
  }
  return parts.join(',');
}

/**
 * The OSM text for the rows: one rule a row in their order (a later row wins for a day two rows name, as in OSM),
 * then the days no row names, and the public holidays when closed, as `off` (`Mo-Fr 08:00-19:00; Sa 08:30-13:00;
 * Su,PH off`). No row, no hours: ''. Rows with a problem (rowProblem) are left out.
 */
export function buildOpeningHours(week: WeekHours): string {
  const rows = week.rows.filter((row) => rowProblem(row) === null);
  if (rows.length === 0) return '';
  const rules = rows.map((row) => `${daysText(row.days)} ${row.spans.map(({ start, end }) => `${start}-${end}`).join(',')}`);
  const closed = daysText(OSM_DAYS.map((_, day) => !rows.some((row) => row.days[day])));
  const off = [closed, week.closedOnHolidays ? 'PH' : ''].filter(Boolean).join(',');
  if (off) rules.push(`${off} off`);
  return rules.join('; ');
}

/** 'Mo', 'Mo-Fr' or a wrapping 'Sa-Mo' as flags; null for anything else. */
function readDayRange(token: string): boolean[] | null {
  const [from, to, ...rest] = token.split('-');
  const first = OSM_DAYS.indexOf(from as OsmDay);
  const last = to === undefined ? first : OSM_DAYS.indexOf(to as OsmDay);
  if (rest.length > 0 || first < 0 || last < 0) return null;
  const days = OSM_DAYS.map(() => false);
  for (let day = first; ; day = (day + 1) % OSM_DAYS.length) {
    days[day] = true;
    if (day === last) break;
  }
  return days;
}

function readSpan(token: string): TimeSpan | null {
  const match = /^(\d\d:\d\d)-(\d\d:\d\d)$/.exec(token);
  if (!match) return null;
  const span = { start: match[1] ?? '', end: match[2] ?? '' };
  return rowProblem({ days: [true], spans: [span] }) === null ? span : null;
}

/**
 * The rows a text stands for when it is one of the common cases the rows can write, else null (the text is then
 * used as written). '' is no hours; `24/7` is every day all day. A rule `… off` may name only days no timed rule
 * names, and public holidays (PH) only as `off` after every timed rule (so that they win, as OSM reads it).
 */
export function readOpeningHours(text: string): WeekHours | null {
  const trimmed = text.trim();
  if (trimmed === '') return NO_HOURS;
  if (trimmed === '24/7') return { rows: [{ days: OSM_DAYS.map(() => true), spans: [{ start: '00:00', end: '24:00' }] }], closedOnHolidays: false };
  const rows: HoursRow[] = [];
  const offDays = OSM_DAYS.map(() => false);
  let closedOnHolidays = false;
  for (const rule of trimmed.split(';').map((part) => part.trim().replace(/\s*([,-])\s*/g, '$1'))) {
    const match = /^([A-Za-z,-]+)\s+(\S+)$/.exec(rule);
    if (!match) return null;
    const selectors = (match[1] ?? '').split(',');
    const what = match[2] ?? '';
    const days = OSM_DAYS.map(() => false);
    let hasHolidays = false;
    for (const selector of selectors) {
      if (selector === 'PH') {
        hasHolidays = true;
        continue;
      }
      const range = readDayRange(selector);
      if (!range) return null;
      range.forEach((on, day) => {
        if (on) days[day] = true;
      });
    }
    if (what === 'off' || what === 'closed') {
      days.forEach((on, day) => {
        if (on) offDays[day] = true;
      });
      if (hasHolidays) closedOnHolidays = true;
      continue;
    }
    // Hours for holidays, or a timed rule after the holidays' 'off' (it would open them again), are not rows.
    if (hasHolidays || closedOnHolidays) return null;
    const spans = what.split(',').map(readSpan);
    if (spans.length > MAX_SPANS || spans.some((span) => span === null)) return null;
    rows.push({ days, spans: spans.filter((span): span is TimeSpan => span !== null) });
  }
  // A day both timed and 'off' depends on the rules' order in a way rows do not show.
  if (offDays.some((off, day) => off && rows.some((row) => row.days[day]))) return null;
  if (rows.length === 0) return null;
  return { rows, closedOnHolidays };
}

/** Each weekday's spans (Monday first) as the rows say it: the last row naming a day wins; [] is closed. */
export function spansByWeekday(week: WeekHours): TimeSpan[][] {
  return OSM_DAYS.map((_, day) => {
    const row = week.rows.findLast((candidate) => candidate.days[day]);
    return row ? row.spans : [];
  });
}

/** Runs of consecutive weekdays with the same spans, for a week's table: [first, last, spans]. */
export function weekRuns(week: WeekHours): { first: number; last: number; spans: TimeSpan[] }[] {
  const byDay = spansByWeekday(week);
  const key = (spans: TimeSpan[]) => spans.map(({ start, end }) => `${start}-${end}`).join(',');
  const runs: { first: number; last: number; spans: TimeSpan[] }[] = [];
  byDay.forEach((spans, day) => {
    const previous = runs.at(-1);
    if (previous && previous.last === day - 1 && key(previous.spans) === key(spans)) previous.last = day;
    else runs.push({ first: day, last: day, spans });
  });
  return runs;
}
