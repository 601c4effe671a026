/**
 * The one offer card (issue 27), wherever offers are listed (home, category, search, saved, a shop's page, the map's
 * shop panel): the photo at the side with the discount badge, the shop's logo or initial and name, the heart, the
 * title, a line of description, whether the shop is open now where several shops' offers are listed (issue 28), the
 * offer's happy hour when it has one ("Happy hour 17:00–19:00 · on now", issue 28 §3), the price before and after when
 * known ("€4.00 → €3.20") and the units left of a limited offer, then distance, time left and the link to the offer.
 */
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../lib/format.ts';
import { useOfferImpression } from '../lib/offer-events.ts';
import { FavoriteButton } from './favorite-button.tsx';
import { HappyHourLine } from './happy-hour-line.tsx';
import { OfferCardFooter, UnitsLeftBadge } from './offer-card-footer.tsx';
import { OfferCardMedia, type CardOffer } from './offer-card-media.tsx';
import { OpenStatus } from './open-status.tsx';
import { ShopLogo } from './shop-logo.tsx';

export interface OfferCardOffer extends CardOffer {
  description: string;
  endDate: string;
  /** Units left of a limited offer, null when unlimited. */
  remaining: number | null;
  /** The shop's price before, in euros, and the price the offer gives (issue 27); null (or absent) when unknown. */
  regularPrice?: number | null | undefined;
  offerPrice?: number | null | undefined;
  /** Issue 28 §3: whether its happy hour holds now (null: no schedule, all day) and its window now or next. */
  activeNow?: boolean | null | undefined;
  windowOpensAt?: string | null | undefined;
  windowClosesAt?: string | null | undefined;
}

export interface OfferCardProps {
  offer: OfferCardOffer;
  shop: { businessName: string; logoUrl?: string | null | undefined };
  distanceKm: number | null;
  /** The category screen's 'Distance: x.x km Away' and 'Time Left: 3 days Left' (spec §2.4); elsewhere without labels. */
  labelled?: boolean;
  /** The top card of a list: its photo is fetched first (fetchpriority high, not lazy). */
  first?: boolean;
  /** The link's words: 'View Offer', or the search's 'View Details' (spec §2.4). */
  linkLabel?: string;
  /** 2 on a screen whose cards sit right under its h1 (Saved), else 3. */
  headingLevel?: 2 | 3;
  /** Counted as an impression for its shop when half on screen; not on the shopper's own Saved list. */
  countsImpression?: boolean;
  /** Issue 28 §2: whether the shop is open now ("Open · closes 19:00"), on lists of several shops' offers. */
  openStatus?: { openNow: boolean | null; nextChange: string | null } | undefined;
}

/** The price before and, when the discount has a single price, after (the API's `offerPrice`); null without a price before. */
export function priceChangeOf(offer: Pick<OfferCardOffer, 'regularPrice' | 'offerPrice'>): { before: number; after: number | null } | null {
  const before = offer.regularPrice ?? null;
  return before === null ? null : { before, after: offer.offerPrice ?? null };
}

const BEFORE = '\u0001';
const AFTER = '\u0002';

/**
 * "€4.00 → €3.20" as the reader's language orders it (pricing.priceChange, the arrow in the reading direction), the
 * price before struck through; a Buy-X-get-Y offer shows its price before alone. Said in words to screen readers.
 */
function PriceChange({ before, after }: { before: number; after: number | null }) {
  const { t, i18n } = useTranslation();
  const beforeText = formatEuros(before, i18n.language);
  if (after === null) {
    return (
      <p className="text-sm font-semibold text-slate-900" data-testid="price">
        <span className="sr-only">{t('pricing.priceBefore')}: </span>
        {beforeText}
      </p>
    );
  }
  const afterText = formatEuros(after, i18n.language);
  // The translated pattern with markers in place of the two amounts, so each amount gets its own look.
  const parts = t('pricing.priceChange', { before: BEFORE, after: AFTER, interpolation: { escapeValue: false } }).split(new RegExp(`(${BEFORE}|${AFTER})`));
  return (
    <p className="text-sm" data-testid="price">
      <span className="sr-only">{t('cards.priceLabel', { before: beforeText, after: afterText })}</span>
      <span aria-hidden="true">
        {parts.map((part, index) =>
          part === BEFORE ? (
            <s key={index} className="text-slate-600">
              {beforeText}
            </s>
          ) : part === AFTER ? (
            <strong key={index} className="font-bold text-slate-900">
              {afterText}
            </strong>
          ) : (
            part
          ),
        )}
      </span>
    </p>
  );
}

export function OfferCard({
  offer,
  shop,
  distanceKm,
  labelled = false,
  first = false,
  linkLabel,
  headingLevel = 3,
  countsImpression = true,
  openStatus,
}: OfferCardProps) {
  const { t } = useTranslation();
  const card = useOfferImpression<HTMLElement>(offer.offerId);
  const price = priceChangeOf(offer);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article ref={countsImpression ? card : undefined} className="flex h-full min-w-0 gap-3 rounded-2xl border border-slate-200 bg-white p-3" data-testid="offer-card">
      <OfferCardMedia offer={offer} businessName={shop.businessName} first={first} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="-mt-1 -me-1 flex items-center gap-2">
          <ShopLogo name={shop.businessName} logoUrl={shop.logoUrl ?? null} size="tiny" />
          <p className="min-w-0 flex-1 truncate text-sm font-medium text-slate-700" data-testid="business-name">
            <bdi>{shop.businessName}</bdi>
          </p>
          <FavoriteButton offerId={offer.offerId} title={offer.title} className="shrink-0 border border-slate-200" />
        </div>
        <Heading className="line-clamp-2 text-base leading-snug font-semibold text-slate-900">
          <bdi>{offer.title}</bdi>
        </Heading>
        <p className="line-clamp-1 text-sm text-slate-600">
          <bdi>{offer.description}</bdi>
        </p>
        {openStatus ? <OpenStatus openNow={openStatus.openNow} nextChange={openStatus.nextChange} /> : null}
        <HappyHourLine activeNow={offer.activeNow} windowOpensAt={offer.windowOpensAt} windowClosesAt={offer.windowClosesAt} />
        {price || offer.remaining !== null ? (
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {price ? <PriceChange before={price.before} after={price.after} /> : null}
            <UnitsLeftBadge remaining={offer.remaining} />
          </div>
        ) : null}
        <OfferCardFooter
          offerId={offer.offerId}
          title={offer.title}
          endDate={offer.endDate}
          distanceKm={distanceKm}
          labelled={labelled}
          linkLabel={linkLabel ?? t('home.viewOffer')}
        />
      </div>
    </article>
  );
}
