import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  daysInRange,
  isCalendarDate,
  maltaDateOf,
  maltaDayEnd,
  maltaMidnight,
  maltaOffsetHours,
  maltaToday,
  MALTA_TIME_ZONE,
  monthOf,
  weekOf,
} from './malta-time.ts';

describe('maltaDateOf', () => {
  it('turns at midnight in Malta: 23:00 UTC in winter (UTC+1), 22:00 UTC in summer (UTC+2)', () => {
    expect(maltaDateOf(new Date('2026-01-15T22:59:59.999Z'))).toBe('2026-01-15');
    expect(maltaDateOf(new Date('2026-01-15T23:00:00.000Z'))).toBe('2026-01-16');
    expect(maltaDateOf(new Date('2026-07-01T21:00:00.000Z'))).toBe('2026-07-01');
    expect(maltaDateOf(new Date('2026-07-01T21:59:59.999Z'))).toBe('2026-07-01');
    expect(maltaDateOf(new Date('2026-07-01T22:00:00.000Z'))).toBe('2026-07-02');
  });

  it('follows the clock changes of the last Sundays of March and October', () => {
    // 29 March 2026: 02:00 CET becomes 03:00 CEST at 01:00 UTC; that evening midnight comes at 22:00 UTC.
    expect(maltaDateOf(new Date('2026-03-28T22:59:59Z'))).toBe('2026-03-28');
    expect(maltaDateOf(new Date('2026-03-28T23:00:00Z'))).toBe('2026-03-29');
    expect(maltaDateOf(new Date('2026-03-29T21:59:59Z'))).toBe('2026-03-29');
    expect(maltaDateOf(new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
    // 25 October 2026: 03:00 CEST becomes 02:00 CET at 01:00 UTC; that evening midnight comes at 23:00 UTC.
    expect(maltaDateOf(new Date('2026-10-24T21:59:59Z'))).toBe('2026-10-24');
    expect(maltaDateOf(new Date('2026-10-24T22:00:00Z'))).toBe('2026-10-25');
    expect(maltaDateOf(new Date('2026-10-25T22:59:59Z'))).toBe('2026-10-25');
    expect(maltaDateOf(new Date('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
  });

  it('gives the right date when asked again within the hour and back and forth across midnight', () => {
    const before = new Date('2026-11-20T22:59:00Z');
    const after = new Date('2026-11-20T23:00:00Z');
    expect([before, after, before, after, new Date('2026-11-20T22:01:00Z')].map(maltaDateOf)).toEqual([
      '2026-11-20',
      '2026-11-21',
      '2026-11-20',
      '2026-11-21',
      '2026-11-20',
    ]);
  });

  it("is today's date in Malta for maltaToday", () => {
    expect(maltaToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(maltaToday()).toBe(maltaDateOf(new Date()));
  });
});

describe('maltaMidnight and maltaDayEnd', () => {
  it('begin and end a Maltese day at its midnights, winter and summer', () => {
    expect(maltaMidnight('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(maltaMidnight('2026-07-15').toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(maltaDayEnd('2026-12-31').toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect(maltaDayEnd('2026-07-15').toISOString()).toBe('2026-07-15T22:00:00.000Z');
  });

  it('make the days of the clock changes 23 and 25 hours long', () => {
    expect(maltaMidnight('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(maltaDayEnd('2026-03-29').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(maltaMidnight('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(maltaDayEnd('2026-10-25').toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('agree with maltaDateOf on either side of midnight', () => {
    for (const date of ['2026-02-28', '2026-03-29', '2026-06-30', '2026-10-25', '2028-02-29']) {
      const start = maltaMidnight(date).getTime();
      expect(maltaDateOf(new Date(start - 1))).toBe(addDays(date, -1));
      expect(maltaDateOf(new Date(start))).toBe(date);
      expect(maltaDateOf(new Date(maltaDayEnd(date).getTime() - 1))).toBe(date);
    }
  });
});

describe('calendar dates', () => {
  it('knows real dates', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-04-31')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
    expect(isCalendarDate('yesterday')).toBe(false);
  });

  it('adds and counts days across months, years and the clock changes', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-10-26', '2026-10-24')).toBe(-2);
    expect(daysInRange('2026-02-01', '2026-02-28')).toBe(28);
    expect(daysInRange('2026-03-29', '2026-03-29')).toBe(1);
  });

  it('starts a week on Monday and ends it on Sunday', () => {
    const week = { from: '2026-03-02', to: '2026-03-08' };
    expect(weekOf('2026-03-02')).toEqual(week); // Monday
    expect(weekOf('2026-03-05')).toEqual(week); // Thursday
    expect(weekOf('2026-03-08')).toEqual(week); // Sunday
    expect(weekOf('2026-03-09')).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    expect(weekOf('2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });

  it('gives a month from its 1st to its last day', () => {
    expect(monthOf('2026-02-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthOf('2028-02-29')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthOf('2026-04-01')).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(monthOf('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});

describe('maltaOffsetHours', () => {
  // The platform's own time-zone data is the reference: an update of it that moves Malta's clock fails here.
  const maltaHour = new Intl.DateTimeFormat('en-GB', { timeZone: MALTA_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' });
  const maltaDate = new Intl.DateTimeFormat('en-CA', { timeZone: MALTA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  const HOUR = 3_600_000;

  it("agrees with the platform's Europe/Malta every three hours from 1996 to 2060, and at every hour around each change", () => {
    const instants: number[] = [];
    for (let time = Date.UTC(1996, 0, 1); time < Date.UTC(2060, 0, 1); time += 3 * HOUR) instants.push(time);
    for (let year = 1996; year < 2060; year += 1) {
      for (const month of [2, 9]) {
        const lastDay = Date.UTC(year, month + 1, 0);
        const change = lastDay - new Date(lastDay).getUTCDay() * 24 * HOUR + HOUR;
        for (let offset = -3; offset <= 3; offset += 1) instants.push(change + offset * HOUR, change + offset * HOUR - 1);
      }
    }
    const disagreements = instants.filter((time) => {
      const utcHour = new Date(time).getUTCHours();
      const expected = (Number(maltaHour.format(time)) - utcHour + 24) % 24;
      return maltaOffsetHours(time) !== expected || maltaDateOf(new Date(time)) !== maltaDate.format(time);
    });
    expect(disagreements.map((time) => new Date(time).toISOString())).toEqual([]);
    expect(instants.length).toBeGreaterThan(180_000);
  });

  it('refuses a date that does not exist rather than answering an invalid instant', () => {
    expect(() => maltaMidnight('2026-02-30x')).toThrow(RangeError);
  });
});
