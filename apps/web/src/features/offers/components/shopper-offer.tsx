/**
 * The offer page a shopper reads (/viewoffer/:id when they do not own it; DESIGN.md §5): photos first, the
 * discount, title, time left and distance, the shop linking to its page (and whether it is open now, issue 28), save,
 * share and directions, terms, and the shop's other offers; an offer with a happy hour says when it holds, and its
 * schedule as the shop wrote it (issue 28 §3). The owner keeps the spec's sheet (offer-detail.tsx).
 */
import { ImageOff, MapPin, Navigation, Receipt } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { haversineKm } from '@qrib/shared/geo';
import type { Offer } from '@qrib/shared/offer-schemas';
import { FavoriteButton } from '../../../components/favorite-button.tsx';
import { HappyHourLine } from '../../../components/happy-hour-line.tsx';
import { OpenStatus } from '../../../components/open-status.tsx';
import { StampCardLine } from '../../../components/stamp-card-line.tsx';
import { ShareButton } from '../../../components/share-button.tsx';
import { ShopLogo } from '../../../components/shop-logo.tsx';
import { ShopOfferCard } from '../../../components/shop-offer-card.tsx';
import { paths } from '../../../config/paths.ts';
import { distanceText, formatDate, formatDiscount, timeLeftText } from '../../../lib/format.ts';
import { useKnownPosition } from '../../../lib/shopper-location.ts';
import { directionsUrl, useShop } from '../../../lib/shops.ts';

const actionClass =
  'inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** The photos side by side, one per view: swiped on touch, scrolled with the arrow keys once focused, or chosen by number. */
function SwipeGallery({ title, images }: { title: string; images: Offer['images'] }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState<ReadonlySet<string>>(() => new Set());
  const slides = useRef<(HTMLLIElement | null)[]>([]);
  if (images.length === 0) {
    return (
      <div className="flex aspect-[4/3] w-full items-center justify-center rounded-2xl bg-slate-200 text-slate-600 sm:aspect-[16/9]">
        <ImageOff aria-hidden="true" className="size-10" />
        <span className="sr-only">{t('home.noImage')}</span>
      </div>
    );
  }
  return (
    <section aria-label={t('offerDetail.photos')} className="space-y-2">
      {/* A focusable scroller: the arrow keys move it, and scroll-snap stops on each photo. */}
      <ul tabIndex={0} className="flex snap-x snap-mandatory overflow-x-auto rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700" data-testid="offer-gallery">
        {images.map((image, index) => {
          const alt = t('offerDetail.photoAlt', { title, index: index + 1, total: images.length });
          return (
            <li
              key={image.imageId}
              ref={(element) => {
                slides.current[index] = element;
              }}
              className="w-full shrink-0 snap-center"
            >
              {broken.has(image.detailUrl) ? (
                <div role="img" aria-label={alt} className="flex aspect-[4/3] w-full items-center justify-center bg-slate-200 text-slate-600 sm:aspect-[16/9]">
                  <ImageOff aria-hidden="true" className="size-10" />
                </div>
              ) : (
                <img
                  src={image.detailUrl}
                  alt={alt}
                  width={image.width}
                  height={image.height}
                  onError={() => setBroken((previous) => new Set(previous).add(image.detailUrl))}
                  className="aspect-[4/3] w-full bg-slate-100 object-cover sm:aspect-[16/9]"
                />
              )}
            </li>
          );
        })}
      </ul>
      {images.length > 1 ? (
        <div className="flex justify-center gap-1">
          {images.map((image, index) => (
            <button
              key={image.imageId}
              type="button"
              aria-label={t('offerDetail.showPhoto', { index: index + 1 })}
              onClick={() => slides.current[index]?.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'center' })}
              className="flex size-11 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              <span aria-hidden="true" className="size-2.5 rounded-full bg-slate-500" />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** What the route adds (issue 14): the shop's rating in the shop block, 'Report', and the shop's latest reviews. */
export interface ShopperOfferSlots {
  rating?: ReactNode;
  report?: ReactNode;
  reviews?: ReactNode;
}

/** `action`: the offer's main action under its title (the route's 'Get code'). */
export function ShopperOffer({ offer, action, slots = {} }: { offer: Offer; action?: ReactNode; slots?: ShopperOfferSlots }) {
  const { t, i18n } = useTranslation();
  const shop = useShop(offer.vendorId);
  // Opened from a shared or bookmarked link, the page asks for the position itself; refused, it shows no distance.
  const here = useKnownPosition();
  const distanceKm = here ? haversineKm(here.latitude, here.longitude, offer.vendor.latitude, offer.vendor.longitude) : null;
  const others = (shop.data?.offers ?? []).filter((other) => other.offerId !== offer.offerId);
  const terms = offer.termsAndConditions?.trim() ? offer.termsAndConditions : null;
  return (
    <article className="mx-auto max-w-3xl space-y-5" data-testid="shopper-offer">
      <div className="relative">
        <SwipeGallery title={offer.title} images={offer.images} />
        <span className="absolute start-3 top-3 rounded-full bg-brand-700 px-3 py-1 text-base font-bold text-white" data-testid="discount-badge">
          {formatDiscount(t, offer.discountType, offer.discountValue)}
        </span>
      </div>
      <div className="space-y-2">
        <h1 className="break-words text-2xl font-bold text-slate-900">
          <bdi>{offer.title}</bdi>
        </h1>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <span className="font-medium text-slate-800" data-testid="offer-time-left">
            {timeLeftText(t, offer.endDate)}
          </span>
          {distanceKm === null ? null : (
            <span className="text-slate-700" data-testid="offer-distance">
              {distanceText(t, distanceKm, i18n.language)}
            </span>
          )}
          <span className="text-slate-700">
            {t('offersList.validity', { start: formatDate(offer.startDate, i18n.language), end: formatDate(offer.endDate, i18n.language) })}
          </span>
        </p>
        {offer.schedule ? (
          <div className="space-y-0.5" data-testid="offer-happy-hour">
            <HappyHourLine activeNow={offer.activeNow} windowOpensAt={offer.windowOpensAt} windowClosesAt={offer.windowClosesAt} large />
            <p className="text-sm text-slate-600">
              {t('happyHour.asWritten')}:{' '}
              <bdi dir="ltr" className="font-mono break-words text-slate-800" data-testid="offer-schedule">
                {offer.schedule}
              </bdi>
            </p>
          </div>
        ) : null}
      </div>
      {action}
      <Link
        to={paths.shop(offer.vendorId)}
        className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        data-testid="shop-link"
      >
        <ShopLogo name={offer.vendor.businessName} logoUrl={offer.vendor.logoUrl ?? shop.data?.logoUrl ?? null} size="small" />
        <span className="min-w-0">
          <span className="block truncate font-semibold text-slate-900">
            <bdi>{offer.vendor.businessName}</bdi>
          </span>
          <span className="flex items-center gap-1 text-sm text-slate-600">
            <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
            <bdi className="truncate">{offer.vendor.businessAddress}</bdi>
          </span>
          <OpenStatus openNow={offer.vendor.openNow} nextChange={offer.vendor.nextChange} className="mt-0.5" />
        </span>
      </Link>
      <StampCardLine vendorId={offer.vendorId} />
      {slots.rating}
      <div className="flex flex-wrap items-center gap-3">
        <FavoriteButton offerId={offer.offerId} title={offer.title} className="flex size-11 items-center justify-center border border-slate-300" />
        <ShareButton title={offer.title} path={paths.sharedOffer(offer.offerId)} className={actionClass} />
        <a
          href={directionsUrl(offer.vendor.latitude, offer.vendor.longitude)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('shop.directionsLabel', { name: offer.vendor.businessName })}
          className={actionClass}
        >
          <Navigation aria-hidden="true" className="size-4" />
          {t('shop.directions')}
        </a>
        {slots.report}
      </div>
      {offer.description.trim() ? (
        <p className="whitespace-pre-line break-words text-slate-800">
          <bdi>{offer.description}</bdi>
        </p>
      ) : null}
      {terms ? (
        <section aria-labelledby="offer-terms" className="space-y-1">
          <h2 id="offer-terms" className="text-lg font-semibold text-slate-900">
            {t('offerDetail.terms')}
          </h2>
          <p className="whitespace-pre-line break-words text-slate-800">
            <bdi>{terms}</bdi>
          </p>
        </section>
      ) : null}
      <Link to={paths.receiptUploadFor(offer.vendorId, offer.offerId)} className={actionClass}>
        <Receipt aria-hidden="true" className="size-4" />
        {t('receipts.uploadForOffer')}
      </Link>
      {slots.reviews}
      {others.length > 0 ? (
        <section aria-labelledby="offer-more-from-shop" className="space-y-3">
          <h2 id="offer-more-from-shop" className="text-lg font-semibold text-slate-900">
            {t('offerPage.moreFromShop')}
          </h2>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {others.map((other) => (
              <li key={other.offerId} className="flex">
                <ShopOfferCard offer={other} businessName={offer.vendor.businessName} distanceKm={distanceKm} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
