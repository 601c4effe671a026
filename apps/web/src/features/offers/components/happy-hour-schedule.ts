/**
 * Issue 28 §3: the common case of an offer's happy hour (days × one time span: `Mo-Th 17:00-19:00`) as the form's
 * fields, and back. Written and read with the shop hours' rows (lib/opening-hours-rows.ts): a happy hour is one row of
 * one span, without 'off' rules (the days not named simply have no window). Anything else reads as null and the
 * owner's text is kept as written.
 */
import { OSM_DAYS, daysText, readOpeningHours, rowProblem, type RowProblem, type TimeSpan } from '../../../lib/opening-hours-rows.ts';

export interface HappyHourRow {
  /** Seven flags, Monday first. */
  days: boolean[];
  span: TimeSpan;
}

/** A new happy hour: Monday to Friday, 17:00–19:00. */
export const DEFAULT_HAPPY_HOUR: HappyHourRow = { days: OSM_DAYS.map((_, day) => day < 5), span: { start: '17:00', end: '19:00' } };

/** What is wrong with the fields, or null when they can be written. */
export function happyHourProblem(row: HappyHourRow): RowProblem | null {
  return rowProblem({ days: row.days, spans: [row.span] });
}

/** The OSM text for the fields (`Mo-Th 17:00-19:00`, `Mo,We 22:00-02:00`), or null while they have a problem. */
export function buildSchedule(row: HappyHourRow): string | null {
  if (happyHourProblem(row) !== null) return null;
  return `${daysText(row.days)} ${row.span.start}-${row.span.end}`;
}

/** The fields a text stands for when it is days × one span (other days at most `off`), else null ('' included). */
export function readSchedule(text: string): HappyHourRow | null {
  if (text.trim() === '') return null;
  const week = readOpeningHours(text);
  const row = week?.rows.length === 1 && !week.closedOnHolidays ? week.rows[0] : undefined;
  const span = row?.spans.length === 1 ? row.spans[0] : undefined;
  return row && span ? { days: row.days, span } : null;
}
