/** Saved offers (favourites), newest first, each with a way to its page and to remove it. */
import { useTranslation } from 'react-i18next';
import { BrowseOffersLink } from '../../../components/browse-offers-link.tsx';
import { OfferCard } from '../../../components/offer-card.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { useFavorites } from '../../../lib/favorites.ts';

export function SavedOffers() {
  const { t } = useTranslation();
  const favorites = useFavorites();
  let body;
  if (favorites.isPending) body = <LoadingState />;
  else if (favorites.isError) body = <ErrorState error={favorites.error} />;
  else if (favorites.data.length === 0) body = <EmptyState message={t('favorites.empty')} action={<BrowseOffersLink />} />;
  else
    body = (
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {favorites.data.map((favorite, index) => (
          <li key={favorite.offerId}>
            <OfferCard offer={favorite} shop={favorite.vendor} distanceKm={null} headingLevel={2} first={index === 0} countsImpression={false} openStatus={favorite.vendor} />
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
