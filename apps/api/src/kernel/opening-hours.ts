/**
 * Issue 28 §2 and §3: opening hours and happy-hour schedules in OpenStreetMap's `opening_hours` syntax, read and
 * evaluated by the `opening_hours` library in Malta's time with Malta's public holidays (its data for country 'mt':
 * 8 December, 31 March, … as "PH").
 *
 * The library reads and writes the process's local clock (JavaScript Date's local fields). Evaluation therefore runs
 * on Malta's wall clock written as local dates, with the process's zone set to UTC for the few microseconds of each
 * synchronous call and put back after it (Node applies a change of process.env.TZ at once): UTC has no daylight-saving
 * gaps, so every Malta wall time exists as a local date, whatever zone the server runs in. Wall times are turned back
 * into instants with Malta's offset (packages/shared malta-time.ts, the EU rule): a span over the night the clocks
 * change is as long as it really is (22:00–03:00 on the last Saturday of March is four hours).
 */
import OpeningHours from 'opening_hours';
import { maltaOffsetHours } from '@qrib/shared';

const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** Malta, for the library's holidays (country 'mt') and its sunrise/sunset variables. */
const MALTA = { lat: 35.9, lon: 14.45, address: { country_code: 'mt', state: '' } };

/** Runs `work` with the process's local zone set to UTC (synchronous work only), then puts the zone back. */
function inUtc<T>(work: () => T): T {
  const zone = process.env.TZ;
  if (zone === 'UTC') return work();
  process.env.TZ = 'UTC';
  try {
    return work();
  } finally {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  }
}

/** An instant's Malta wall clock as a local date (inside inUtc). */
function toWall(instant: number): Date {
  const wall = new Date(instant + maltaOffsetHours(instant) * HOUR_MS);
  return new Date(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds(), wall.getUTCMilliseconds());
}

/**
 * A local date read as Malta's wall clock (inside inUtc) back to an instant. A wall time the spring change skips
 * (02:00–03:00 on the last Sunday of March) counts as winter time, i.e. the instant an hour later on the clock; one the
 * autumn change repeats is its first occurrence.
 */
function fromWall(local: Date): number {
  const wall = Date.UTC(local.getFullYear(), local.getMonth(), local.getDate(), local.getHours(), local.getMinutes(), local.getSeconds(), local.getMilliseconds());
  for (const offset of [2, 1]) {
    const instant = wall - offset * HOUR_MS;
    if (maltaOffsetHours(instant) === offset) return instant;
  }
  return wall - HOUR_MS;
}

export type HoursReading = { ok: true; hours: Hours } | { ok: false; problem: string };

/** Parsed hours or schedule text, evaluated in Malta. */
export class Hours {
  private constructor(
    readonly text: string,
    private readonly parsed: OpeningHours,
  ) {}

  /** Reads `text`; a text the library refuses answers its problem (the library's words, shortened). */
  static read(text: string): HoursReading {
    try {
      const parsed = inUtc(() => new OpeningHours(text, MALTA));
      return { ok: true, hours: new Hours(text, parsed) };
    } catch (error) {
      const problem = String(error instanceof Error ? error.message : error)
        .replace(/\s+/g, ' ')
        .trim();
      return { ok: false, problem: problem.length > 200 ? `${problem.slice(0, 199)}…` : problem };
    }
  }

  /**
   * The open intervals between two instants as [opens, closes] instants, touching ones joined, each cut to the range.
   */
  intervals(from: number, to: number): Array<[number, number]> {
    const raw = inUtc(() => this.parsed.getOpenIntervals(toWall(from), toWall(to)).map(([opens, closes]) => [fromWall(opens), fromWall(closes)] as [number, number]));
    const joined: Array<[number, number]> = [];
    for (const [opens, closes] of raw) {
      const start = Math.max(opens, from);
      const end = Math.min(closes, to);
      if (end <= start) continue;
      const last = joined.at(-1);
      if (last && start <= last[1]) last[1] = Math.max(last[1], end);
      else joined.push([start, end]);
    }
    return joined;
  }

  /** Whether it is open at an instant, and the next change within `horizonMs` (null when none in it). */
  stateAt(at: number, horizonMs = 14 * DAY_MS): { open: boolean; nextChange: number | null } {
    const intervals = this.intervals(at, at + horizonMs);
    const first = intervals[0];
    if (!first) return { open: false, nextChange: null };
    if (first[0] <= at) return { open: true, nextChange: first[1] >= at + horizonMs ? null : first[1] };
    return { open: false, nextChange: first[0] };
  }
}

/**
 * What a shop's page and its offers answer about its hours at `now` (issue 28 §2): null and null without hours; a text
 * that no longer reads (stored before a library update) also counts as not given.
 */
export function openStateOf(text: string | null, now: Date = new Date()): { openNow: boolean | null; nextChange: string | null } {
  if (text === null) return { openNow: null, nextChange: null };
  const reading = Hours.read(text);
  if (!reading.ok) return { openNow: null, nextChange: null };
  const state = reading.hours.stateAt(now.getTime());
  return { openNow: state.open, nextChange: state.nextChange === null ? null : new Date(state.nextChange).toISOString() };
}

/**
 * An offer's happy hour at `now` (issue 28 §3): no schedule, all day (activeNow null); else whether a window is open,
 * and that window or the next one (its true start, even when it began before `now`), within the coming fortnight.
 */
export function scheduleStateOf(
  schedule: string | null,
  now: Date = new Date(),
): { schedule: string | null; activeNow: boolean | null; windowOpensAt: string | null; windowClosesAt: string | null } {
  if (schedule === null) return { schedule, activeNow: null, windowOpensAt: null, windowClosesAt: null };
  const reading = Hours.read(schedule);
  if (!reading.ok) return { schedule, activeNow: false, windowOpensAt: null, windowClosesAt: null };
  const at = now.getTime();
  // From a week back, as the stored windows are (businesses/opening-hours.ts), so both answer the same true start.
  const window = reading.hours.intervals(at - 7 * DAY_MS, at + 14 * DAY_MS).find(([, closes]) => closes > at);
  if (!window) return { schedule, activeNow: false, windowOpensAt: null, windowClosesAt: null };
  return { schedule, activeNow: window[0] <= at, windowOpensAt: new Date(window[0]).toISOString(), windowClosesAt: new Date(window[1]).toISOString() };
}
