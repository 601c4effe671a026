/**
 * Where an offer cannot be shown, a sentence saying why and a way on (issue 27): not found (or no longer shown to
 * shoppers: ended, sold out, taken down; the API does not say which), ended, or not on this device while offline.
 * Then a few offers nearby (of the same category when it is known) once a position is, and Browse offers.
 */
import { useTranslation } from 'react-i18next';
import { BrowseOffersLink } from '../../../components/browse-offers-link.tsx';
import { OfferCard } from '../../../components/offer-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useKnownPosition } from '../../../lib/shopper-location.ts';
import { useOffersNearby } from '../api/get-offers-nearby.ts';

export type UnavailableReason = 'gone' | 'ended' | 'notCached';

function OffersNearby({ offerId, categoryId }: { offerId: number; categoryId: number | null }) {
  const { t } = useTranslation();
  const position = useKnownPosition();
  const nearby = useOffersNearby(position, categoryId, offerId);
  if (!nearby.data || nearby.data.length === 0) return null;
  return (
    <section aria-labelledby="offers-nearby" className="space-y-3 text-start">
      <h2 id="offers-nearby" className="text-lg font-semibold text-slate-900">
        {categoryId === null ? t('deadEnds.offersNearby') : t('deadEnds.similarNearby')}
      </h2>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2" data-testid="offers-nearby">
        {nearby.data.map(({ offer, shop, distanceKm }) => (
          <li key={offer.offerId} className="flex">
            <OfferCard offer={offer} shop={shop} distanceKm={distanceKm} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `title`: the offer's, when known (an ended one); `onRetry`: offered when the offer may open on a second try (offline). */
export function OfferUnavailable({
  reason,
  offerId,
  categoryId = null,
  title,
  onRetry,
}: {
  reason: UnavailableReason;
  offerId: number;
  categoryId?: number | null;
  title?: string;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl space-y-6" data-testid="offer-unavailable">
      <section className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6 text-center">
        {/* Not found keeps the spec's own state, 'Offer not found.' (spec §4); the sentence under it says why and leads on. */}
        <h1 className="text-xl font-bold text-slate-900">{reason === 'gone' ? t('messages.offerNotFound') : t(`deadEnds.${reason}Title`)}</h1>
        {title === undefined ? null : (
          <p className="break-words font-semibold text-slate-900">
            <bdi>{title}</bdi>
          </p>
        )}
        <p className="text-slate-700">{t(`deadEnds.${reason}Why`)}</p>
        <div className="flex flex-wrap justify-center gap-3">
          {onRetry ? (
            <Button variant="secondary" onClick={onRetry}>
              {t('deadEnds.tryAgain')}
            </Button>
          ) : null}
          <BrowseOffersLink />
        </div>
      </section>
      {reason === 'notCached' ? null : <OffersNearby offerId={offerId} categoryId={categoryId} />}
    </div>
  );
}
