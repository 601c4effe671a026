import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl-formats.ts';

describe('Intl formatters made once', () => {
  it('hands back the same formatter for the same locale and options, and another for other ones', () => {
    const euro = numberFormat('en-GB', { style: 'currency', currency: 'EUR' });
    expect(numberFormat('en-GB', { style: 'currency', currency: 'EUR' })).toBe(euro);
    expect(euro.format(3.5)).toBe('€3.50');
    expect(numberFormat('de', { style: 'currency', currency: 'EUR' })).not.toBe(euro);
    expect(numberFormat('en-GB')).not.toBe(euro);
    expect(numberFormat('en-GB').format(1234.5)).toBe('1,234.5');
    const day = dateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(dateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' })).toBe(day);
    expect(day.format(new Date('2026-11-27T18:33:00Z'))).toBe('27 Nov 2026');
  });
});
