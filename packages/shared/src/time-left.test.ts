import { describe, expect, it } from 'vitest';
import { haversineKm } from './geo.ts';
import { offerEndsAt, timeLeft } from './time-left.ts';

describe('timeLeft (spec §4)', () => {
  it('ends an offer at midnight after its end date, Malta time (winter UTC+1, summer UTC+2)', () => {
    expect(offerEndsAt('2026-12-31').toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect(offerEndsAt('2026-07-15').toISOString()).toBe('2026-07-15T22:00:00.000Z');
  });

  it('says expired, hours (rounded up) under a day, and days (rounded up) otherwise', () => {
    const end = '2026-12-10'; // ends 2026-12-10T23:00Z
    expect(timeLeft(end, new Date('2026-12-10T23:00:00Z'))).toEqual({ kind: 'expired' });
    expect(timeLeft(end, new Date('2026-12-11T05:00:00Z'))).toEqual({ kind: 'expired' });
    expect(timeLeft(end, new Date('2026-12-10T22:30:00Z'))).toEqual({ kind: 'hours', count: 1 });
    expect(timeLeft(end, new Date('2026-12-10T00:00:01Z'))).toEqual({ kind: 'hours', count: 23 });
    expect(timeLeft(end, new Date('2026-12-09T23:00:00Z'))).toEqual({ kind: 'days', count: 1 });
    expect(timeLeft(end, new Date('2026-12-08T12:00:00Z'))).toEqual({ kind: 'days', count: 3 });
  });
});

describe('haversineKm (spec §9: 6371 km)', () => {
  it('measures Valletta to Sliema and Valletta to Victoria, Gozo', () => {
    expect(haversineKm(35.8989, 14.5146, 35.9122, 14.5019)).toBeCloseTo(1.87, 2);
    expect(haversineKm(35.8989, 14.5146, 36.0443, 14.2398)).toBeCloseTo(29.55, 1);
    expect(haversineKm(0, 0, 0, 1)).toBeCloseTo((6371 * Math.PI) / 180, 6);
  });
});
