/**
 * The foot of an offer card: how far ('x.x km Away', '350 m away', when known), the time left of spec §4, the units
 * left of a limited offer ('3 left', 'Sold out'; issue 13), and the link to the offer.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths.ts';
import { distanceText, timeLeftText, unitsLeftText } from '../lib/format.ts';

/** A limited offer's units left as a small badge ('3 left', 'Sold out'); nothing when the offer is unlimited. */
export function UnitsLeftBadge({ remaining }: { remaining: number | null }) {
  const { t } = useTranslation();
  if (remaining === null) return null;
  return (
    <span
      className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${remaining === 0 ? 'border-red-300 bg-red-50 text-red-800' : 'border-amber-300 bg-amber-50 text-amber-900'}`}
      data-testid="units-left"
    >
      {unitsLeftText(t, remaining)}
    </span>
  );
}

export function OfferCardFooter({
  offerId,
  title,
  endDate,
  distanceKm,
  linkLabel,
  remaining = null,
}: {
  offerId: number;
  title: string;
  endDate: string;
  distanceKm: number | null;
  linkLabel: string;
  remaining?: number | null;
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2 text-sm">
        {distanceKm === null ? (
          <span />
        ) : (
          <span className="font-medium text-slate-800" data-testid="distance">
            {distanceText(t, distanceKm, i18n.language)}
          </span>
        )}
        <span className="flex flex-wrap items-center gap-2">
          <UnitsLeftBadge remaining={remaining} />
          <span className="text-slate-600" data-testid="time-left">
            {timeLeftText(t, endDate)}
          </span>
        </span>
      </div>
      <Link
        to={paths.viewOffer(offerId)}
        className="mt-2 flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-brand-800"
      >
        {linkLabel}
        <span className="sr-only">: {title}</span>
      </Link>
    </>
  );
}

/** An offer card's words under its photo: the title, two lines of description, then the foot above. */
export function OfferCardText({
  offer,
  distanceKm,
}: {
  offer: { offerId: number; title: string; description: string; endDate: string; remaining: number | null };
  distanceKm: number | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <h3 className="text-base font-semibold text-slate-900">
        <bdi>{offer.title}</bdi>
      </h3>
      <p className="line-clamp-2 text-sm text-slate-600">
        <bdi>{offer.description}</bdi>
      </p>
      <OfferCardFooter
        offerId={offer.offerId}
        title={offer.title}
        endDate={offer.endDate}
        distanceKm={distanceKm}
        linkLabel={t('home.viewOffer')}
        remaining={offer.remaining}
      />
    </>
  );
}
