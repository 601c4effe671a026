/**
 * The foot of an offer card: how far ('x.x km Away', '350 m away', when known) and the time left of spec §4 on one
 * line, and the link to the offer; and the units left of a limited offer ('3 left', 'Sold out'; issue 13).
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
  labelled = false,
  linkLabel,
}: {
  offerId: number;
  title: string;
  endDate: string;
  distanceKm: number | null;
  /** The category screen's 'Distance: x.x km Away' and 'Time Left: 3 days Left' (spec §2.4); the other lists 'x.x km Away', '3 days Left'. */
  labelled?: boolean;
  linkLabel: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1 text-xs">
      <p className="flex min-w-0 flex-wrap gap-x-2">
        {distanceKm === null ? null : (
          <span className="font-medium text-slate-800" data-testid="distance">
            {distanceText(t, distanceKm, i18n.language, labelled ? 'distance' : 'away')}
          </span>
        )}
        <span className="text-slate-600">
          {labelled ? `${t('categoryScreen.timeLeft')}: ` : null}
          <span data-testid="time-left">{timeLeftText(t, endDate)}</span>
        </span>
      </p>
      <Link
        to={paths.viewOffer(offerId)}
        className="ms-auto flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-3 text-center text-sm font-semibold text-white hover:bg-brand-800"
      >
        {linkLabel}
        <span className="sr-only">: {title}</span>
      </Link>
    </div>
  );
}
