/** Nearby Offer Categories: the first four, then See all; the spec's four defaults when the list fails. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_CATEGORY_NAMES } from '@qrib/shared/constants';
import { MESSAGES } from '@qrib/shared/messages';
import { CategoryIcon } from '../../../components/category-icon.tsx';
import { LoadingState } from '../../../components/ui/data-states.tsx';
import { paths } from '../../../config/paths.ts';
import { categoryName, useCategories } from '../../../lib/categories.ts';

const INITIAL = 4;

export function CategoryGrid() {
  const { t } = useTranslation();
  const categories = useCategories();
  const [showAll, setShowAll] = useState(false);
  if (categories.isError) console.error('Could not load categories', categories.error);
  // The spec's four defaults are the first four seeded categories (ids 1 to 4), named in the reader's language.
  const list = categories.isError
    ? DEFAULT_CATEGORY_NAMES.map((name, index) => ({ categoryId: -(index + 1), name: categoryName(t, { categoryId: index + 1, name }), description: '' }))
    : (categories.data ?? []);
  const shown = showAll ? list : list.slice(0, INITIAL);
  return (
    <section aria-labelledby="categories-title" className="space-y-1">
      <div className="flex items-center justify-between">
        <h2 id="categories-title" className="text-base font-semibold text-slate-900">
          {t('home.categoriesTitle')}
        </h2>
        {list.length > INITIAL ? (
          <button type="button" className="min-h-11 px-1 text-sm font-semibold text-brand-700 underline" onClick={() => setShowAll((value) => !value)}>
            {showAll ? t('home.showFewer') : t('home.seeAll')}
          </button>
        ) : null}
      </div>
      {categories.isPending ? (
        <LoadingState message={t('messages.loadingCategories', { defaultValue: MESSAGES.loadingCategories })} />
      ) : (
        // Four in one row even on a phone (issue 27): icon over a short name, so the offers start on the first screen.
        <ul className="grid grid-cols-4 gap-2">
          {shown.map((category) => (
            <li key={category.categoryId}>
              <Link
                to={category.categoryId > 0 ? `${paths.localOffers}?categoryId=${category.categoryId}` : paths.localOffers}
                className="flex h-full min-h-11 flex-col items-center justify-center gap-1 rounded-xl border border-slate-200 bg-white p-1.5 text-center text-xs leading-tight font-medium text-slate-800 hover:border-brand-600 sm:flex-row sm:justify-start sm:gap-2 sm:p-3 sm:text-start sm:text-sm"
              >
                {/* The spec's defaults (shown when the list fails) keep their seeded ids' looks. */}
                <CategoryIcon categoryId={category.categoryId > 0 ? category.categoryId : -category.categoryId} />
                <span className="line-clamp-2 break-words hyphens-auto">{categoryName(t, category)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
