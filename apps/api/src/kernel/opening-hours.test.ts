/**
 * Issue 28 §2: hours are read in Malta's time with Malta's holidays whatever zone the server runs in. Each case is
 * checked in UTC, in New York and in Auckland (process zones with their own summer time on other dates), and the
 * answers must be the same instants.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Hours, openStateOf } from './opening-hours.ts';

const ZONES = ['UTC', 'America/New_York', 'Pacific/Auckland', 'Europe/Malta'];
const zoneBefore = process.env.TZ;

afterEach(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

function read(text: string): Hours {
  const reading = Hours.read(text);
  if (!reading.ok) throw new Error(reading.problem);
  return reading.hours;
}

const iso = (ms: number) => new Date(ms).toISOString();
const at = (text: string) => Date.parse(text);

/** The intervals as ISO pairs, computed with the process in each zone; all zones must agree. */
function intervalsEverywhere(text: string, from: string, to: string): string[][] {
  const answers = ZONES.map((zone) => {
    process.env.TZ = zone;
    return read(text)
      .intervals(at(from), at(to))
      .map(([opens, closes]) => [iso(opens), iso(closes)]);
  });
  for (const answer of answers) expect(answer).toEqual(answers[0]);
  return answers[0] ?? [];
}

describe('opening hours in Malta', () => {
  const WEEK = 'Mo-Fr 08:00-19:00; Sa 08:30-13:00; Su,PH off';

  it('are shut on 8 December (a public holiday, a Tuesday in 2026) and open on the days around it', () => {
    expect(intervalsEverywhere(WEEK, '2026-12-07T00:00:00Z', '2026-12-10T00:00:00Z')).toEqual([
      // Malta is UTC+1 in December: 08:00 is 07:00Z.
      ['2026-12-07T07:00:00.000Z', '2026-12-07T18:00:00.000Z'],
      ['2026-12-09T07:00:00.000Z', '2026-12-09T18:00:00.000Z'],
    ]);
    // Other Maltese holidays the library knows: Freedom Day (31 March), Independence Day (21 September).
    expect(intervalsEverywhere('Mo-Su 09:00-17:00; PH off', '2026-03-31T00:00:00Z', '2026-04-01T00:00:00Z')).toEqual([]);
    expect(intervalsEverywhere('Mo-Su 09:00-17:00; PH off', '2026-09-21T00:00:00Z', '2026-09-22T00:00:00Z')).toEqual([]);
  });

  it('follow the clock change on the last Sunday of March and of October', () => {
    // 29 March 2026: clocks go forward at 01:00Z, so 08:00 is summer time's 06:00Z.
    expect(intervalsEverywhere('Su 08:00-19:00', '2026-03-28T00:00:00Z', '2026-03-30T00:00:00Z')).toEqual([['2026-03-29T06:00:00.000Z', '2026-03-29T17:00:00.000Z']]);
    // 25 October 2026: back to UTC+1 at 01:00Z: 08:00 is 07:00Z.
    expect(intervalsEverywhere('Su 08:00-19:00', '2026-10-24T00:00:00Z', '2026-10-26T00:00:00Z')).toEqual([['2026-10-25T07:00:00.000Z', '2026-10-25T18:00:00.000Z']]);
    // A night over the spring change is an hour shorter: 22:00 CET to 03:00 CEST is four hours.
    const [[opens, closes] = []] = intervalsEverywhere('Sa 22:00-03:00', '2026-03-28T00:00:00Z', '2026-03-30T00:00:00Z');
    expect([opens, closes]).toEqual(['2026-03-28T21:00:00.000Z', '2026-03-29T01:00:00.000Z']);
    // … and one over the autumn change an hour longer: 22:00 CEST to 03:00 CET is six hours.
    expect(intervalsEverywhere('Sa 22:00-03:00', '2026-10-24T00:00:00Z', '2026-10-26T00:00:00Z')).toEqual([['2026-10-24T20:00:00.000Z', '2026-10-25T02:00:00.000Z']]);
  });

  it('carry a span past midnight into the next day, and join touching spans', () => {
    expect(intervalsEverywhere('Fr-Sa 20:00-02:00', '2026-12-04T00:00:00Z', '2026-12-07T00:00:00Z')).toEqual([
      ['2026-12-04T19:00:00.000Z', '2026-12-05T01:00:00.000Z'],
      ['2026-12-05T19:00:00.000Z', '2026-12-06T01:00:00.000Z'],
    ]);
    expect(intervalsEverywhere('Mo-Su 00:00-12:00,12:00-24:00', '2026-12-04T00:00:00Z', '2026-12-05T00:00:00Z')).toEqual([['2026-12-04T00:00:00.000Z', '2026-12-05T00:00:00.000Z']]);
  });

  it('answer open now and the next change', () => {
    process.env.TZ = 'America/New_York';
    // Wednesday 9 December 2026, 18:40 in Malta (17:40Z): open, closing at 19:00.
    expect(openStateOf(WEEK, new Date('2026-12-09T17:40:00Z'))).toEqual({ openNow: true, nextChange: '2026-12-09T18:00:00.000Z' });
    // Saturday 12 December, 21:30 in Malta: closed until Monday 08:00 (Sunday is off).
    expect(openStateOf(WEEK, new Date('2026-12-12T20:30:00Z'))).toEqual({ openNow: false, nextChange: '2026-12-14T07:00:00.000Z' });
    // Monday 7 December, 21:00: closed; the next opening skips the holiday on Tuesday.
    expect(openStateOf(WEEK, new Date('2026-12-07T20:00:00Z'))).toEqual({ openNow: false, nextChange: '2026-12-09T07:00:00.000Z' });
    expect(openStateOf('24/7', new Date('2026-12-07T20:00:00Z'))).toEqual({ openNow: true, nextChange: null });
    expect(openStateOf(null)).toEqual({ openNow: null, nextChange: null });
  });

  it('read real hours as shops write them on OpenStreetMap, and name the problem in ones that do not read', () => {
    // Values of the opening_hours tag as mapped on shops in Malta and elsewhere (OSM wiki's Key:opening_hours examples).
    const real = [
      'Mo-Fr 08:00-12:00,13:00-17:30; Sa 08:00-12:00; PH off',
      'Mo-Sa 09:00-19:00; Su 10:00-13:00',
      'Tu-Su 12:00-15:00,19:00-23:00; Mo off',
      'Mo-Fr 07:30-19:00; Sa 07:30-13:00; Su off',
      'Mo-Su 07:00-23:00',
      '24/7',
      'Mo-Fr 09:00-17:00; Dec 24-26 off',
      'Mo-Th 17:00-19:00',
      'Mo-Fr 08:00-13:00,16:00-19:00; Sa 08:00-13:00; Su,PH off',
    ];
    for (const text of real) expect(Hours.read(text).ok, text).toBe(true);
    for (const text of ['Mo-Fr 25:00-19:00', 'Mo-Xx 08:00-19:00', 'open sometimes', 'Mo-Fr 08:00-']) {
      const reading = Hours.read(text);
      expect(reading.ok, text).toBe(false);
      if (!reading.ok) expect(reading.problem.length).toBeGreaterThan(5);
    }
  });

  it('put the process zone back after each reading', () => {
    process.env.TZ = 'Pacific/Auckland';
    read('Mo-Fr 08:00-19:00').intervals(at('2026-12-07T00:00:00Z'), at('2026-12-08T00:00:00Z'));
    expect(process.env.TZ).toBe('Pacific/Auckland');
    expect(new Date('2026-12-07T00:00:00Z').getHours()).toBe(13);
  });
});
