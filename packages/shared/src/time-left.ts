/**
 * Spec §4 "Time left" on offer cards: past the end gives 'Offer Expired'; under 24 hours 'N hours Left'
 * (rounded up); otherwise 'N days Left' (rounded up). An offer ends at the end of its end date in Malta
 * (DESIGN.md §3), so the end instant is midnight after the end date, Europe/Malta time.
 */
import { maltaDayEnd } from './malta-time.ts';

export type TimeLeft = { kind: 'expired' } | { kind: 'hours'; count: number } | { kind: 'days'; count: number };

const HOUR_MS = 3_600_000;

/** The UTC instant at which a Maltese calendar date ends (00:00 of the next day in Europe/Malta). */
export function offerEndsAt(endDate: string): Date {
  return maltaDayEnd(endDate);
}

export function timeLeft(endDate: string, now: Date = new Date()): TimeLeft {
  const remaining = offerEndsAt(endDate).getTime() - now.getTime();
  if (remaining <= 0) return { kind: 'expired' };
  if (remaining < 24 * HOUR_MS) return { kind: 'hours', count: Math.ceil(remaining / HOUR_MS) };
  return { kind: 'days', count: Math.ceil(remaining / (24 * HOUR_MS)) };
}
