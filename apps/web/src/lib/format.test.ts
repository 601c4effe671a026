import { describe, expect, it } from 'vitest';
import { distanceText, formatDate, formatDiscount, formatEuros, formatMaltaDateTime, formatMaltaDay, formatMaltaTime, formatPriceChange, timeLeftText } from './format.ts';
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

describe('Buy-X-get-Y badges and prices before and after (issue 27)', () => {
  it('reads "Buy 2, get 1 free" with quantities in every language, and the spec’s Special Off without them', async () => {
    const i18n = initI18n('en');
    await i18n.changeLanguage('en');
    expect(formatDiscount(i18n.t, 'BUYXGETY', 1, { buyQuantity: 2, getQuantity: 1 })).toBe('Buy 2, get 1 free');
    expect(formatDiscount(i18n.t, 'BUYXGETY', 1)).toBe('Special Off');
    expect(formatDiscount(i18n.t, 'BUYXGETY', 1, { buyQuantity: null, getQuantity: null })).toBe('Special Off');
    // Quantities never change the other badges.
    expect(formatDiscount(i18n.t, 'PERCENTAGE', 20, { buyQuantity: 2, getQuantity: 1 })).toBe('20%');
    const expected: Record<string, string> = {
      mt: "Ixtri 3, ħu 1 b'xejn",
      fr: 'Achetez-en 3, 1 en cadeau',
      it: 'Compri 3, 1 in omaggio',
      de: 'Kauf 3, 1 gratis',
      el: 'Αγοράστε 3, πάρτε 1 δώρο',
      tr: '3 al, 1 bedava',
      // Digits as Intl writes them in Arabic (Latin or Arabic-Indic, by the runtime's ICU).
      ar: `اشترِ ${new Intl.NumberFormat('ar').format(3)} واحصل على ${new Intl.NumberFormat('ar').format(1)} مجانًا`,
      hi: '3 खरीदें, 1 मुफ़्त पाएँ',
      ja: '3個買うと1個無料',
    };
    for (const [language, text] of Object.entries(expected)) {
      await i18n.changeLanguage(language);
      expect(formatDiscount(i18n.t, 'BUYXGETY', 1, { buyQuantity: 3, getQuantity: 1 }), language).toBe(text);
    }
  });

  it('writes the price before and after in euros the reader’s way, the arrow pointing the reading direction', async () => {
    const i18n = initI18n('en');
    await i18n.changeLanguage('en');
    expect(formatPriceChange(i18n.t, 'en', 4, 3.2)).toBe('€4.00 → €3.20');
    expect(formatPriceChange(i18n.t, 'en', 2.8, null)).toBe('€2.80');
    expect(formatPriceChange(i18n.t, 'en', null, null)).toBeNull();
    expect(formatPriceChange(i18n.t, 'en', undefined, 3)).toBeNull();
    expect(formatEuros(1234.5, 'en')).toBe('€1,234.50');
    await i18n.changeLanguage('fr');
    expect(formatPriceChange(i18n.t, 'fr', 4, 3.2)).toBe(`4,00\u00a0€ → 3,20\u00a0€`);
    await i18n.changeLanguage('ar');
    const arabic = formatPriceChange(i18n.t, 'ar', 4, 3.2) ?? '';
    // Before comes first in the text, so in a right-to-left line it stands on the right and the arrow points left to after.
    expect(arabic.indexOf(formatEuros(4, 'ar'))).toBe(0);
    expect(arabic).toContain(' ← ');
    expect(arabic.endsWith(formatEuros(3.2, 'ar'))).toBe(true);
    expect(formatEuros(3.2, 'ar')).toBe(new Intl.NumberFormat('ar', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(3.2));
  });
});
