/**
 * Issue 28 §2 and §3: a shop's opening hours and an offer's happy-hour schedule are texts in OpenStreetMap's
 * `opening_hours` syntax (`Mo-Fr 08:00-19:00; Sa 08:30-13:00; Su,PH off`). The API parses and evaluates them (the
 * `opening_hours` library, Europe/Malta, Malta's public holidays) and answers, for each shop, `openNow` (null when
 * the shop gave no hours: 'hours not given', never 'closed') and `nextChange` (the instant it next opens or closes,
 * null when none is known in the coming fortnight). What a screen says is decided here, once, from those two and the
 * clock, in Malta's time: "Open · closes 19:00", "Closes in 20 min", "Closed · opens Mon 08:00".
 * No zod here: the cards import this module, and the shopper home's first load has no room for the validator (the
 * answers' fields are in opening-hours-schemas.ts).
 */
import { maltaOffsetHours } from './malta-time.ts';

/** The longest hours or schedule text accepted (OSM's own limit on a tag's value). */
export const OPENING_HOURS_MAX_LENGTH = 255;
/** An open shop closing within this many minutes says "Closes in N min". */
export const CLOSES_SOON_MINUTES = 60;

export type OpenState =
  | { kind: 'unknown' }
  | { kind: 'open'; closesAt: string | null }
  | { kind: 'closingSoon'; minutes: number }
  | { kind: 'closed'; opensAt: string | null; weekday: number | null };

const HOUR_MS = 3_600_000;

/** The instant's wall clock in Malta as a UTC date (read it with getUTC*). */
function maltaWall(instant: number): Date {
  return new Date(instant + maltaOffsetHours(instant) * HOUR_MS);
}

/** 'HH:MM' in Malta. */
export function maltaTimeOfDay(instant: Date | string | number): string {
  return maltaWall(new Date(instant).getTime()).toISOString().slice(11, 16);
}

/** The weekday in Malta, 0 Monday … 6 Sunday. */
export function maltaWeekday(instant: Date | string | number): number {
  return (maltaWall(new Date(instant).getTime()).getUTCDay() + 6) % 7;
}

function maltaDay(instant: number): string {
  return maltaWall(instant).toISOString().slice(0, 10);
}

/**
 * What to say about a shop's (or a happy hour's) state now. `weekday` is set when the next opening is on another
 * Malta day (then the screen names the day: "opens Mon 08:00"), null when it is today ("opens 17:00").
 */
export function openState(openNow: boolean | null, nextChange: string | null, now: Date = new Date()): OpenState {
  if (openNow === null) return { kind: 'unknown' };
  const next = nextChange === null ? Number.NaN : Date.parse(nextChange);
  // The answer is older than its next change (a page left open): the state has flipped, the change after is unknown.
  if (!Number.isNaN(next) && next <= now.getTime()) return openNow ? { kind: 'closed', opensAt: null, weekday: null } : { kind: 'open', closesAt: null };
  if (openNow) {
    if (Number.isNaN(next)) return { kind: 'open', closesAt: null };
    const minutes = Math.ceil((next - now.getTime()) / 60_000);
    if (minutes <= CLOSES_SOON_MINUTES) return { kind: 'closingSoon', minutes: Math.max(1, minutes) };
    return { kind: 'open', closesAt: maltaTimeOfDay(next) };
  }
  if (Number.isNaN(next)) return { kind: 'closed', opensAt: null, weekday: null };
  return { kind: 'closed', opensAt: maltaTimeOfDay(next), weekday: maltaDay(next) === maltaDay(now.getTime()) ? null : maltaWeekday(next) };
}

export type HappyHourState =
  | { kind: 'allDay' }
  | { kind: 'onNow'; from: string; to: string }
  | { kind: 'starts'; from: string; to: string; weekday: number | null }
  | { kind: 'noWindow' };

/** What a card says about a happy hour: "Happy hour 17:00–19:00 · on now", "… · starts 17:00" (a day named when not today). */
export function happyHourState(activeNow: boolean | null, windowOpensAt: string | null, windowClosesAt: string | null, now: Date = new Date()): HappyHourState {
  if (activeNow === null) return { kind: 'allDay' };
  if (windowOpensAt === null || windowClosesAt === null) return { kind: 'noWindow' };
  const opens = Date.parse(windowOpensAt);
  const closes = Date.parse(windowClosesAt);
  const from = maltaTimeOfDay(opens);
  const to = maltaTimeOfDay(closes);
  // Read from the window's own times, so an answer older than the window's start or end still says the truth.
  const at = now.getTime();
  if (closes <= at) return { kind: 'noWindow' };
  if (opens <= at) return { kind: 'onNow', from, to };
  return { kind: 'starts', from, to, weekday: maltaDay(opens) === maltaDay(at) ? null : maltaWeekday(opens) };
}
