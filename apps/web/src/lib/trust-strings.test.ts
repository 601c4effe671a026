import { describe, expect, it } from 'vitest';
import { enCore } from '@qrib/shared/i18n/en-core';
import { enTrust } from '@qrib/shared/i18n/en-trust';
import { initI18n } from './i18n.ts';

describe('trust strings', () => {
  it('the first load carries only the two the home shows; the rest come with the screens that import them', async () => {
    expect(Object.keys(enCore.trust).sort()).toEqual(['featured', 'howOffersLink']);
    expect(initI18n('en').exists('trust.reviewsHeading')).toBe(false);
    await import('./trust-strings.ts');
    const i18n = initI18n('en');
    expect(i18n.t('trust.reviewsHeading')).toBe(enTrust.trust.reviewsHeading);
    expect(i18n.t('trust.featured')).toBe('Featured');
  });
});
