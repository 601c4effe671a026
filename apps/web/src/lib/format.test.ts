import { describe, expect, it } from 'vitest';
import { timeLeftText } from './format.ts';
import { initI18n } from './i18n.ts';

describe('time left on a card (spec §4)', () => {
  const t = initI18n('en').t;
  it('reads Offer Expired, N hours Left or N days Left', () => {
    expect(timeLeftText(t, '2026-12-10', new Date('2026-12-11T00:00:00Z'))).toBe('Offer Expired');
    expect(timeLeftText(t, '2026-12-10', new Date('2026-12-10T20:30:00Z'))).toBe('3 hours Left');
    expect(timeLeftText(t, '2026-12-10', new Date('2026-12-07T23:00:00Z'))).toBe('3 days Left');
  });
});
