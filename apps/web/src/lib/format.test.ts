import { describe, expect, it } from 'vitest';
import { formatMaltaDateTime, timeLeftText } from './format.ts';
import { initI18n } from './i18n.ts';

describe('time left on a card (spec §4)', () => {
  const t = initI18n('en').t;
  it('reads Offer Expired, N hours Left or N days Left', () => {
    expect(timeLeftText(t, '2026-12-10', new Date('2026-12-11T00:00:00Z'))).toBe('Offer Expired');
    expect(timeLeftText(t, '2026-12-10', new Date('2026-12-10T20:30:00Z'))).toBe('3 hours Left');
    expect(timeLeftText(t, '2026-12-10', new Date('2026-12-07T23:00:00Z'))).toBe('3 days Left');
  });
});

describe('an instant on Malta’s clock', () => {
  it('shows summer and winter times in Malta whatever the reader’s zone, in the reader’s language', () => {
    // 10:30 UTC is 12:30 in Malta in July (CEST) and 11:30 in January (CET).
    expect(formatMaltaDateTime('2026-07-01T10:30:00.000Z', 'en')).toMatch(/12:30/);
    expect(formatMaltaDateTime('2026-01-15T10:30:00.000Z', 'en')).toMatch(/11:30/);
    expect(formatMaltaDateTime('2026-07-01T10:30:00.000Z', 'en')).toContain('2026');
    expect(formatMaltaDateTime('2026-07-01T10:30:00.000Z', 'fr')).toMatch(/juil/);
    expect(formatMaltaDateTime('not a date', 'en')).toBe('not a date');
  });
});
