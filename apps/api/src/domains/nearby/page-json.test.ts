import { describe, expect, it } from 'vitest';
import { writeKilometres } from './page-json.ts';

/** What the route's serializer prints for a distance: the kilometres rounded to metres, as JSON. */
const asJson = (km: number) => JSON.stringify(Math.round(km * 1000) / 1000);

function written(km: number, offset = 0): string {
  const body = Buffer.alloc(offset + 40, 0x2a);
  const end = writeKilometres(body, offset, km);
  expect(body.subarray(0, offset).every((byte) => byte === 0x2a)).toBe(true);
  expect(body.subarray(end).every((byte) => byte === 0x2a)).toBe(true);
  return body.toString('latin1', offset, end);
}

describe('writeKilometres', () => {
  it('prints every whole metre up to 100 km exactly as JSON.stringify does', () => {
    const body = Buffer.alloc(40);
    const differences: string[] = [];
    for (let metres = 0; metres <= 100_000; metres += 1) {
      const km = metres / 1000;
      const text = body.toString('latin1', 0, writeKilometres(body, 0, km));
      if (text !== asJson(km)) differences.push(`${km}: ${text}`);
    }
    expect(differences).toEqual([]);
  });

  it('rounds unrounded distances to the metre like the route does', () => {
    let state = 7;
    const random = () => {
      state = (state * 48_271) % 2_147_483_647;
      return state / 2_147_483_647;
    };
    for (let sample = 0; sample < 20_000; sample += 1) {
      const km = random() * 60;
      expect(written(km, sample % 5)).toBe(asJson(km));
    }
    // Halves of a metre and values just under a whole kilometre.
    for (const km of [0.0005, 0.0015, 1.0005, 9.9995, 9.99949, 10, 99.9999, 0.0004]) expect(written(km)).toBe(asJson(km));
  });

  it('falls back to JSON for distances beyond two digits of kilometres', () => {
    for (const km of [100, 123.456, 20_015.087, 1e12 + 0.5]) expect(written(km)).toBe(asJson(km));
  });
});
