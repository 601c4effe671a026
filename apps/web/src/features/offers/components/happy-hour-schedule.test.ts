import { describe, expect, it } from 'vitest';
import { DEFAULT_HAPPY_HOUR, buildSchedule, happyHourProblem, readSchedule, type HappyHourRow } from './happy-hour-schedule.ts';

const days = (...on: number[]) => [0, 1, 2, 3, 4, 5, 6].map((day) => on.includes(day));

describe('a happy hour as days × one span (issue 28 §3)', () => {
  it('writes the OSM text, ranges of three days or more as a range, a span past midnight as written', () => {
    expect(buildSchedule({ days: days(0, 1, 2, 3), span: { start: '17:00', end: '19:00' } })).toBe('Mo-Th 17:00-19:00');
    expect(buildSchedule({ days: days(0, 2, 5, 6), span: { start: '22:00', end: '02:00' } })).toBe('Mo,We,Sa,Su 22:00-02:00');
    expect(buildSchedule({ days: days(0, 1, 2, 3, 4, 5, 6), span: { start: '16:30', end: '24:00' } })).toBe('Mo-Su 16:30-24:00');
    expect(buildSchedule(DEFAULT_HAPPY_HOUR)).toBe('Mo-Fr 17:00-19:00');
  });

  it('writes nothing while a field is wrong, and names the problem', () => {
    const noDays: HappyHourRow = { days: days(), span: { start: '17:00', end: '19:00' } };
    expect(buildSchedule(noDays)).toBeNull();
    expect(happyHourProblem(noDays)).toBe('noDays');
    expect(happyHourProblem({ days: days(1), span: { start: '5pm', end: '19:00' } })).toBe('timeFormat');
    expect(happyHourProblem({ days: days(1), span: { start: '17:00', end: '17:00' } })).toBe('sameTimes');
    expect(happyHourProblem(DEFAULT_HAPPY_HOUR)).toBeNull();
  });

  it('reads back what it writes (round trip both ways)', () => {
    const rows: HappyHourRow[] = [
      DEFAULT_HAPPY_HOUR,
      { days: days(0, 1, 2, 3), span: { start: '17:00', end: '19:00' } },
      { days: days(4, 5, 6), span: { start: '21:00', end: '01:30' } },
      { days: days(6), span: { start: '12:00', end: '24:00' } },
      { days: days(0, 2, 4), span: { start: '08:00', end: '10:00' } },
    ];
    for (const row of rows) {
      const text = buildSchedule(row);
      expect(text).not.toBeNull();
      expect(readSchedule(text ?? '')).toEqual(row);
      expect(buildSchedule(readSchedule(text ?? '') ?? DEFAULT_HAPPY_HOUR)).toBe(text);
    }
  });

  it('reads the common texts an owner types, and nothing it cannot show as days × one span', () => {
    expect(readSchedule('Mo-Th 17:00-19:00; Fr-Su off')).toEqual({ days: days(0, 1, 2, 3), span: { start: '17:00', end: '19:00' } });
    expect(readSchedule(' Sa-Mo 18:00-20:00 ')).toEqual({ days: days(0, 5, 6), span: { start: '18:00', end: '20:00' } });
    expect(readSchedule('')).toBeNull();
    expect(readSchedule('Mo-Fr 12:00-14:00,17:00-19:00')).toBeNull();
    expect(readSchedule('Mo-Fr 17:00-19:00; Sa 12:00-14:00')).toBeNull();
    expect(readSchedule('Mo-Fr 17:00-19:00; PH off')).toBeNull();
    expect(readSchedule('Dec Mo-Fr 17:00-19:00')).toBeNull();
    expect(readSchedule('sunset-sunrise')).toBeNull();
  });
});
