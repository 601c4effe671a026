/** How the chosen filters read, shared by the filter buttons and the chips that remove them. */
import { useTranslation } from 'react-i18next';
import type { DiscountType } from '@qrib/shared/offer-constants';
import { categoryName, useCategories } from '../../../lib/categories.ts';
import { formatDiscount } from '../../../lib/format.ts';
import type { SearchFilters } from './search-filters.ts';

export const TYPE_LABEL_KEYS: Record<DiscountType, string> = {
  PERCENTAGE: 'search.percentage',
  FIXED: 'search.fixed',
  BUYXGETY: 'search.buyXGetY',
};

export function useFilterLabels(filters: SearchFilters) {
  const { t } = useTranslation();
  const categories = useCategories();

  function minimumText(value: number, type: DiscountType | undefined) {
    const amount = type === 'PERCENTAGE' || type === 'FIXED' ? formatDiscount(t, type, value) : String(value);
    return t('search.atLeast', { value: amount });
  }

  const typeLabel = filters.discountType ? t(TYPE_LABEL_KEYS[filters.discountType]) : undefined;
  const minimumLabel =
    filters.minDiscount !== undefined && filters.discountType !== 'BUYXGETY' ? minimumText(filters.minDiscount, filters.discountType) : undefined;
  const distanceLabel = filters.maxDistanceKm !== undefined ? t('search.withinKm', { distance: filters.maxDistanceKm }) : undefined;
  const categoryLabel =
    filters.categoryId !== undefined
      ? categoryName(t, categories.data?.find((category) => category.categoryId === filters.categoryId) ?? { categoryId: filters.categoryId, name: String(filters.categoryId) })
      : undefined;
  const priceLabel = [typeLabel, minimumLabel].filter(Boolean).join(', ') || undefined;

  return { typeLabel, minimumLabel, distanceLabel, categoryLabel, priceLabel, minimumText, categories: categories.data ?? [] };
}
