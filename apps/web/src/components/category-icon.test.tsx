import { describe, expect, it } from 'vitest';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { categoryLook } from './category-icon.tsx';

const seededIds = Object.keys(catalogs.en.categories).map(Number);

describe('one icon and colour per category', () => {
  it('gives every seeded category its own icon and its own colour', () => {
    const looks = seededIds.map(categoryLook);
    expect(new Set(looks.map((look) => look.Icon)).size).toBe(seededIds.length);
    expect(new Set(looks.map((look) => look.tileClass)).size).toBe(seededIds.length);
    expect(looks.map((look) => look.Icon)).not.toContain(categoryLook(999).Icon);
  });
});
