import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { Category } from '@qrib/shared/category-schemas';
import { apiRequest } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.categories(),
    queryFn: async () => (await apiRequest<{ data: Category[] }>('/categories/')).data,
    staleTime: 60 * 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

/**
 * A category's name in the reader's language: the catalog names the seeded categories by categoryId (the API's
 * `name` stays English); a category the catalog does not know keeps the API's name.
 */
export function categoryName(t: TFunction, category: Pick<Category, 'categoryId' | 'name'>): string {
  return t(`categories.${category.categoryId}.name`, { defaultValue: category.name });
}

/** A category's description in the reader's language, the same way as its name. */
export function categoryDescription(t: TFunction, category: Pick<Category, 'categoryId' | 'description'>): string {
  return t(`categories.${category.categoryId}.description`, { defaultValue: category.description });
}
