/** Saved offers (favourites), newest first, each with a way to its page and to remove it. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FavoriteButton } from '../../../components/favorite-button.tsx';
import { UnitsLeftBadge } from '../../../components/offer-card-footer.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { paths } from '../../../config/paths.ts';
import { useFavorites } from '../../../lib/favorites.ts';
import { formatDiscount, timeLeftText } from '../../../lib/format.ts';

export function SavedOffers() {
  const { t } = useTranslation();
  const favorites = useFavorites();
  let body;
  if (favorites.isPending) body = <LoadingState />;
  else if (favorites.isError) body = <ErrorState error={favorites.error} />;
  else if (favorites.data.length === 0) body = <EmptyState message={t('favorites.empty')} />;
  else
    body = (
      <ul className="grid gap-3 md:grid-cols-2">
        {favorites.data.map((favorite) => (
          <li key={favorite.offerId} className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4" data-testid="saved-offer">
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold text-brand-800">{formatDiscount(t, favorite.discountType, favorite.discountValue)}</p>
              <h2 className="font-semibold text-slate-900">
                <bdi>{favorite.title}</bdi>
              </h2>
              <p className="text-sm text-slate-700">
                <bdi>{favorite.vendor.businessName}</bdi>
              </p>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <span>{timeLeftText(t, favorite.endDate)}</span>
                <UnitsLeftBadge remaining={favorite.remaining} />
              </p>
              <Link to={paths.viewOffer(favorite.offerId)} className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline">
                {t('home.viewOffer')}
                <span className="sr-only">: {favorite.title}</span>
              </Link>
            </div>
            <FavoriteButton offerId={favorite.offerId} title={favorite.title} />
          </li>
        ))}
      </ul>
    );
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('favorites.title')}</h1>
      {body}
    </div>
  );
}
