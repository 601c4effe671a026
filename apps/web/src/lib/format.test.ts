import { describe, expect, it } from 'vitest';
import { distanceText, formatDate, formatDiscount, formatMaltaDateTime, formatMaltaDay, formatMaltaTime, timeLeftText } from './format.ts';
import { initI18n } from './i18n.ts';

describe('time left on a card (spec §4)', () => {
  it('reads Offer Expired, N hours Left or N days Left', () => {
    const t = initI18n('en').t;
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

describe('English dates the Maltese way (issue 27)', () => {
  it('writes the day first and the time on the 24-hour clock, other languages unchanged', () => {
    // 17:33 UTC is 18:33 in Malta in November (CET).
    expect(formatMaltaDateTime('2026-11-27T17:33:00.000Z', 'en')).toBe('27 Nov 2026, 18:33');
    expect(formatMaltaTime('2026-11-27T17:33:00.000Z', 'en')).toBe('18:33');
    expect(formatMaltaDay('2026-11-27T17:33:00.000Z', 'en')).toBe('27 Nov 2026');
    expect(formatDate('2026-11-27', 'en')).toBe('27 Nov 2026');
    expect(formatMaltaDateTime('2026-11-27T17:33:00.000Z', 'de')).toBe(new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Malta' }).format(new Date('2026-11-27T17:33:00.000Z')));
  });
});

describe('how far away a shop is (DESIGN.md §5)', () => {
  it('keeps the spec’s km wording from 1 km and gives metres under it, never 0.0 km', () => {
    const t = initI18n('en').t;
    expect(distanceText(t, 1, 'en')).toBe('1.0 km Away');
    expect(distanceText(t, 2.345, 'en')).toBe('2.3 km Away');
    expect(distanceText(t, 2.345, 'en', 'distance')).toBe('Distance: 2.3 km Away');
    expect(distanceText(t, 0.35, 'en')).toBe('350 m away');
    expect(distanceText(t, 0.347, 'en', 'distance')).toBe('Distance: 350 m away');
    // Next door is 10 m, not 0; 999.6 m rounds up to the km wording.
    expect(distanceText(t, 0.0004, 'en')).toBe('10 m away');
    expect(distanceText(t, 0.9996, 'en')).toBe('1.0 km Away');
  });

  it('writes the number the reader’s way, in the reader’s words', async () => {
    const i18n = initI18n('fr');
    await i18n.changeLanguage('fr');
    expect(distanceText(i18n.t, 1.5, 'fr')).toBe('À 1,5 km');
    expect(distanceText(i18n.t, 0.35, 'fr')).toBe('À 350 m');
    await i18n.changeLanguage('mt');
    expect(distanceText(i18n.t, 0.35, 'mt')).toBe('350 m ’il bogħod');
    await i18n.changeLanguage('de');
    expect(distanceText(i18n.t, 12.25, 'de', 'distance')).toBe('Entfernung: 12,3 km');
  });
});

describe('a discount badge (DESIGN.md §5) in the reader’s numbers', () => {
  it('keeps the English badges and writes decimals the reader’s way', async () => {
    const i18n = initI18n('en');
    await i18n.changeLanguage('en');
    expect(formatDiscount(i18n.t, 'PERCENTAGE', 20)).toBe('20%');
    expect(formatDiscount(i18n.t, 'FIXED', 5)).toBe('€5 off');
    expect(formatDiscount(i18n.t, 'FIXED', 4.5)).toBe('€4.50 off');
    await i18n.changeLanguage('fr');
    expect(formatDiscount(i18n.t, 'PERCENTAGE', 12.5)).toBe('12,5 %');
    expect(formatDiscount(i18n.t, 'FIXED', 4.5)).toBe('4,50 € de réduction');
  });
});
