import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { categoryLook } from '../../../components/category-icon.tsx';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { CategoryGrid } from './category-grid.tsx';

const seededIds = Object.keys(catalogs.en.categories).map(Number);

describe('the home’s category strip', () => {
  it('draws them on the home strip beside each category’s name', async () => {
    const categories = seededIds.map((categoryId) => ({ categoryId, name: `Category ${categoryId}`, description: '', iconUrl: null }));
    stubApi({ 'GET /api/v1/categories/': { body: { data: categories } } });
    renderScreen(<CategoryGrid />);
    const link = await screen.findByRole('link', { name: catalogs.en.categories[1].name });
    const icon = link.querySelector('[data-testid="category-icon"]');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(icon?.className).toContain(categoryLook(1).tileClass);
    const second = screen.getByRole('link', { name: catalogs.en.categories[2].name }).querySelector('[data-testid="category-icon"]');
    expect(second?.className).toContain(categoryLook(2).tileClass);
  });
});
