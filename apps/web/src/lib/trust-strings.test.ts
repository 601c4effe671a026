import { describe, expect, it, vi } from 'vitest';
import { enTrust } from '@qrib/shared/i18n/en-trust';

describe('trust strings', () => {
  it('the first load carries only the two the home shows; the rest come with the screens that import them', async () => {
    // Fresh modules: test files share a process (vite.config.ts), and a screen another file rendered may already
    // have imported trust-strings.ts (i18next merges the added strings into the catalog it was given).
    vi.resetModules();
    const { enCore } = await import('@qrib/shared/i18n/en-core');
    const { initI18n } = await import('./i18n.ts');
    expect(Object.keys(enCore.trust).sort()).toEqual(['featured', 'howOffersLink']);
    expect(initI18n('en').exists('trust.reviewsHeading')).toBe(false);
    await import('./trust-strings.ts');
    const i18n = initI18n('en');
    expect(i18n.t('trust.reviewsHeading')).toBe(enTrust.trust.reviewsHeading);
    expect(i18n.t('trust.featured')).toBe('Featured');
  });
});
