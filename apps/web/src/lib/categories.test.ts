import { describe, expect, it } from 'vitest';
import { categoryDescription, categoryName } from './categories.ts';
import { initI18n } from './i18n.ts';

describe('category names in the reader’s language', () => {
  it('names a seeded category from the catalog by its id, whatever the API calls it', async () => {
    const i18n = initI18n('ar');
    await i18n.changeLanguage('ar');
    expect(categoryName(i18n.t, { categoryId: 1, name: 'Food & Dining' })).toBe('الطعام والمطاعم');
    await i18n.changeLanguage('mt');
    expect(categoryName(i18n.t, { categoryId: 5, name: 'Groceries' })).toBe('Merċa');
    expect(categoryDescription(i18n.t, { categoryId: 6, description: 'Pharmacies, gyms, spas and clinics' })).toBe('Spiżeriji, ġinnasji, spas u kliniċi');
    await i18n.changeLanguage('en');
    expect(categoryName(i18n.t, { categoryId: 2, name: 'Retail Shopping' })).toBe('Retail Shopping');
  });

  it('keeps the API’s own name and description for a category the catalogs do not know', async () => {
    const i18n = initI18n('fr');
    await i18n.changeLanguage('fr');
    expect(categoryName(i18n.t, { categoryId: 42, name: 'Pet Care' })).toBe('Pet Care');
    expect(categoryDescription(i18n.t, { categoryId: 42, description: 'Vets and groomers' })).toBe('Vets and groomers');
  });
});
