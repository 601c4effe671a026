import { describe, expect, it } from 'vitest';
import { buildOpeningHours, daysText, readOpeningHours, rowProblem, weekRuns, type HoursRow, type WeekHours } from './opening-hours-rows.ts';

/** Flags from OSM day codes, e.g. days('Mo Tu We'). */
const days = (codes: string) => ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'].map((code) => codes.split(' ').includes(code));
const row = (codes: string, ...spans: [string, string][]): HoursRow => ({ days: days(codes), spans: spans.map(([start, end]) => ({ start, end })) });

const CAFE: WeekHours = {
  rows: [row('Mo Tu We Th Fr', ['08:00', '19:00']), row('Sa', ['08:30', '13:00'])],
  closedOnHolidays: true,
};

describe('the days as OSM writes them', () => {
  it('writes runs of three or more as a range and shorter runs as a list', () => {
    expect(daysText(days('Mo Tu We Th Fr'))).toBe('Mo-Fr');
    expect(daysText(days('Sa Su'))).toBe('Sa,Su');
    expect(daysText(days('Mo We Th Fr Su'))).toBe('Mo,We-Fr,Su');
    expect(daysText(days('Mo Tu We Th Fr Sa Su'))).toBe('Mo-Su');
    expect(daysText(days(''))).toBe('');
  });
});

describe('building the text from rows', () => {
  it("writes the issue's example: days × spans, then the days no row names and the holidays as off", () => {
    expect(buildOpeningHours(CAFE)).toBe('Mo-Fr 08:00-19:00; Sa 08:30-13:00; Su,PH off');
  });

  it('writes two spans, a span past midnight, and every day open all day', () => {
    expect(buildOpeningHours({ rows: [row('Mo Tu We Th Fr', ['08:00', '12:00'], ['15:00', '19:00']), row('Fr Sa', ['18:00', '02:00'])], closedOnHolidays: false })).toBe(
      'Mo-Fr 08:00-12:00,15:00-19:00; Fr,Sa 18:00-02:00; Su off',
    );
    expect(buildOpeningHours({ rows: [row('Mo Tu We Th Fr Sa Su', ['00:00', '24:00'])], closedOnHolidays: false })).toBe('Mo-Su 00:00-24:00');
    expect(buildOpeningHours({ rows: [row('Mo Tu We Th Fr Sa Su', ['09:00', '17:00'])], closedOnHolidays: true })).toBe('Mo-Su 09:00-17:00; PH off');
  });

  it('gives no hours for no rows (hours not given), and leaves out rows that cannot be written', () => {
    expect(buildOpeningHours({ rows: [], closedOnHolidays: true })).toBe('');
    expect(buildOpeningHours({ rows: [row('', ['08:00', '19:00']), row('Mo', ['8', '19:00'])], closedOnHolidays: false })).toBe('');
    expect(buildOpeningHours({ rows: [row('Sa', ['10:00', '10:00']), row('Su', ['10:00', '12:00'])], closedOnHolidays: false })).toBe('Su 10:00-12:00; Mo-Sa off');
  });

  it('says what is wrong with a row', () => {
    expect(rowProblem(row('', ['08:00', '19:00']))).toBe('noDays');
    expect(rowProblem(row('Mo', ['8:00', '19:00']))).toBe('timeFormat');
    expect(rowProblem(row('Mo', ['24:00', '02:00']))).toBe('timeFormat');
    expect(rowProblem(row('Mo', ['08:00', '25:00']))).toBe('timeFormat');
    expect(rowProblem(row('Mo', ['08:00', '08:00']))).toBe('sameTimes');
    expect(rowProblem(row('Mo', ['22:00', '24:00']))).toBeNull();
    expect(rowProblem(row('Mo', ['22:00', '03:00']))).toBeNull();
  });
});

describe('reading a text back into rows', () => {
  it('reads what the rows write, and writes it again the same', () => {
    const texts = [
      'Mo-Fr 08:00-19:00; Sa 08:30-13:00; Su,PH off',
      'Mo-Fr 08:00-12:00,15:00-19:00; Fr,Sa 18:00-02:00; Su off',
      'Mo-Su 00:00-24:00',
      'Mo-Su 09:00-17:00; PH off',
      'Mo,We-Fr,Su 10:00-14:00; Tu,Sa off',
    ];
    for (const text of texts) {
      const week = readOpeningHours(text);
      expect(week, text).not.toBeNull();
      expect(buildOpeningHours(week ?? { rows: [], closedOnHolidays: false }), text).toBe(text);
    }
    expect(readOpeningHours('Mo-Fr 08:00-19:00; Sa 08:30-13:00; Su,PH off')).toEqual(CAFE);
  });

  it('reads the common ways people write the same: spaces, wrapping ranges, closed, 24/7, no off rule', () => {
    expect(readOpeningHours(' Mo - Fr 08:00 - 19:00 ;Sa 08:30-13:00; Su, PH closed ')).toEqual(CAFE);
    expect(readOpeningHours('Sa-Mo 10:00-12:00')).toEqual({ rows: [row('Sa Su Mo', ['10:00', '12:00'])], closedOnHolidays: false });
    expect(readOpeningHours('24/7')).toEqual({ rows: [row('Mo Tu We Th Fr Sa Su', ['00:00', '24:00'])], closedOnHolidays: false });
    expect(buildOpeningHours(readOpeningHours('Mo-Fr 08:00-19:00') ?? CAFE)).toBe('Mo-Fr 08:00-19:00; Sa,Su off');
  });

  it('reads an empty text as no hours', () => {
    expect(readOpeningHours('')).toEqual({ rows: [], closedOnHolidays: false });
    expect(readOpeningHours('   ')).toEqual({ rows: [], closedOnHolidays: false });
  });

  it('says null (the text is used as written) for what rows cannot say', () => {
    for (const text of [
      'Mo-Fr 08:00-12:00,13:00-15:00,16:00-19:00', // three spans
      'Jan-Mar Mo-Fr 08:00-19:00', // months
      'Mo-Fr 08:00-19:00; PH 10:00-12:00', // hours on holidays
      'PH off; Mo-Fr 08:00-19:00', // holidays opened again by a later rule
      'Mo off; Mo-Fr 08:00-19:00', // a day both closed and open
      'Mo-Fr 08:00-19:00 "ring the bell"', // a comment
      'Mo-Fr sunrise-sunset',
      'Mo-Fr 8:00-19:00',
      'Mo-Fr 08:00-19:00;', // a rule left unfinished
      'Xx 08:00-19:00',
      'Su,PH off', // no timed rule at all
      'Mo-Fr 08:00+',
    ]) {
      expect(readOpeningHours(text), text).toBeNull();
    }
  });
});

describe("a week's table", () => {
  it('groups consecutive days with the same hours; the last row naming a day wins', () => {
    const week: WeekHours = { rows: [row('Mo Tu We Th Fr Sa', ['08:00', '19:00']), row('Sa', ['08:30', '13:00'])], closedOnHolidays: false };
    expect(weekRuns(week)).toEqual([
      { first: 0, last: 4, spans: [{ start: '08:00', end: '19:00' }] },
      { first: 5, last: 5, spans: [{ start: '08:30', end: '13:00' }] },
      { first: 6, last: 6, spans: [] },
    ]);
  });
});
