/** Issue 28 §2 and §3: what a card says about a shop's hours and an offer's happy hour, in Malta's time. */
import { describe, expect, it } from 'vitest';
import { happyHourState, openState } from './opening-hours.ts';

// Wednesday 9 December 2026, 18:40 in Malta (UTC+1).
const NOW = new Date('2026-12-09T17:40:00Z');

describe('openState', () => {
  it('says open with its closing, closing soon, closed with the next opening (a day named when not today), or not given', () => {
    expect(openState(null, null, NOW)).toEqual({ kind: 'unknown' });
    expect(openState(true, '2026-12-09T21:00:00.000Z', NOW)).toEqual({ kind: 'open', closesAt: '22:00' });
    expect(openState(true, '2026-12-09T18:00:00.000Z', NOW)).toEqual({ kind: 'closingSoon', minutes: 20 });
    expect(openState(true, null, NOW)).toEqual({ kind: 'open', closesAt: null });
    expect(openState(false, '2026-12-09T19:00:00.000Z', NOW)).toEqual({ kind: 'closed', opensAt: '20:00', weekday: null });
    // Monday 14 December 08:00 in Malta: weekday 0.
    expect(openState(false, '2026-12-14T07:00:00.000Z', NOW)).toEqual({ kind: 'closed', opensAt: '08:00', weekday: 0 });
    expect(openState(false, null, NOW)).toEqual({ kind: 'closed', opensAt: null, weekday: null });
  });

  it('turns over once the answer is older than its next change', () => {
    expect(openState(true, '2026-12-09T17:30:00.000Z', NOW)).toEqual({ kind: 'closed', opensAt: null, weekday: null });
    expect(openState(false, '2026-12-09T17:30:00.000Z', NOW)).toEqual({ kind: 'open', closesAt: null });
  });

  it('uses summer time in summer: 17:00Z on 1 July is 19:00 in Malta', () => {
    expect(openState(true, '2026-07-01T17:00:00.000Z', new Date('2026-07-01T12:00:00Z'))).toEqual({ kind: 'open', closesAt: '19:00' });
  });
});

describe('happyHourState', () => {
  const opens = '2026-12-09T16:00:00.000Z';
  const closes = '2026-12-09T18:00:00.000Z';
  it('says nothing for an offer without a schedule, on now inside the window, starts before it, and no window after it', () => {
    expect(happyHourState(null, null, null, NOW)).toEqual({ kind: 'allDay' });
    expect(happyHourState(true, opens, closes, NOW)).toEqual({ kind: 'onNow', from: '17:00', to: '19:00' });
    expect(happyHourState(false, opens, closes, new Date('2026-12-09T10:00:00Z'))).toEqual({ kind: 'starts', from: '17:00', to: '19:00', weekday: null });
    // Seen on Tuesday: starts Wednesday (weekday 2).
    expect(happyHourState(false, opens, closes, new Date('2026-12-08T10:00:00Z'))).toEqual({ kind: 'starts', from: '17:00', to: '19:00', weekday: 2 });
    expect(happyHourState(false, null, null, NOW)).toEqual({ kind: 'noWindow' });
    // An answer older than the window's start or end still says the truth.
    expect(happyHourState(false, opens, closes, NOW)).toEqual({ kind: 'onNow', from: '17:00', to: '19:00' });
    expect(happyHourState(true, opens, closes, new Date('2026-12-09T18:30:00Z'))).toEqual({ kind: 'noWindow' });
  });
});
