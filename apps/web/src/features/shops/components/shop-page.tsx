/**
 * A shop's page (/shops/:vendorId, DESIGN.md §5): its logo or initial, name, type, address, phone to call,
 * directions on a map site, whether it is open now and its opening hours (issue 28), and all its current offers as cards.
 */
import { Globe, MapPin, Navigation, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { haversineKm } from '@qrib/shared/geo';
import type { Shop } from '@qrib/shared/shop-schemas';
import { LazyShopMap } from '../../../components/map/lazy-shop-map.tsx';
import { shopPointsFromOffers } from '../../../components/map/map-points.ts';
import { OfferCard } from '../../../components/offer-card.tsx';
import { OpenStatus } from '../../../components/open-status.tsx';
import { StampCardLine } from '../../../components/stamp-card-line.tsx';
import { ShareButton } from '../../../components/share-button.tsx';
import { ShopLogo } from '../../../components/shop-logo.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { distanceText } from '../../../lib/format.ts';
import { lastKnownLocation } from '../../../lib/shopper-location.ts';
import { directionsUrl, isShopId, useShop } from '../../../lib/shops.ts';
import { ShopHours } from './shop-hours.tsx';

const actionClass =
  'inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** What the route adds (issue 14): the rating under the name, 'Report', and the reviews after the offers. */
export interface ShopPageSlots {
  rating?: ReactNode;
  report?: ReactNode;
  reviews?: ReactNode;
}

/** The website as the link shows it: its host name without 'www.' (the whole address when it cannot be read). */
export function websiteText(website: string): string {
  try {
    return new URL(website).host.replace(/^www\./, '');
  } catch {
    return website;
  }
}

function ShopDetails({ shop, slots }: { shop: Shop; slots: ShopPageSlots }) {
  const { t, i18n } = useTranslation();
  const here = lastKnownLocation(localStorage);
  const distanceKm = here ? haversineKm(here.latitude, here.longitude, shop.latitude, shop.longitude) : null;
  const position = { vendorId: shop.vendorId, businessName: shop.businessName, latitude: shop.latitude, longitude: shop.longitude };
  const [point = position] = shopPointsFromOffers(shop.offers.map((offer) => ({ ...offer, ...position })));
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      {/* Issue 28: the shop's cover photo across the top, for the eyes only (the name below says whose page it is). */}
      {shop.coverUrl ? (
        <img src={shop.coverUrl} alt="" data-testid="shop-cover" className="aspect-[8/3] max-h-72 w-full rounded-2xl border border-slate-200 object-cover" />
      ) : null}
      <header className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
        <div className="flex items-center gap-4">
          <ShopLogo name={shop.businessName} logoUrl={shop.logoUrl} size="large" />
          <div className="min-w-0">
            <h1 className="break-words text-2xl font-bold text-slate-900">
              <bdi>{shop.businessName}</bdi>
            </h1>
            <p className="text-sm text-slate-600">{t(`vendor.businessTypes.${shop.businessType}`)}</p>
          </div>
        </div>
        {slots.rating}
        <p className="flex items-start gap-2 text-slate-800">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <bdi>{shop.businessAddress}</bdi>
            {distanceKm === null ? null : (
              <span className="ms-2 font-medium text-slate-700" data-testid="distance">
                · {distanceText(t, distanceKm, i18n.language)}
              </span>
            )}
          </span>
        </p>
        <OpenStatus openNow={shop.openNow} nextChange={shop.nextChange} large />
        <StampCardLine vendorId={shop.vendorId} />
        <div className="flex flex-wrap gap-3">
          {shop.contactPhone ? (
            <a href={`tel:${shop.contactPhone.replace(/[^\d+]/g, '')}`} className={actionClass}>
              <Phone aria-hidden="true" className="size-4" />
              {t('shop.call', { phone: shop.contactPhone })}
            </a>
          ) : null}
          <a
            href={directionsUrl(shop.latitude, shop.longitude)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('shop.directionsLabel', { name: shop.businessName })}
            className={actionClass}
          >
            <Navigation aria-hidden="true" className="size-4" />
            {t('shop.directions')}
          </a>
          {shop.website ? (
            <a href={shop.website} target="_blank" rel="noopener noreferrer nofollow" className={actionClass} data-testid="shop-website">
              <Globe aria-hidden="true" className="size-4" />
              <bdi dir="ltr">{websiteText(shop.website)}</bdi>
            </a>
          ) : null}
          <ShareButton title={shop.businessName} path={paths.sharedShop(shop.vendorId)} className={actionClass} />
          {slots.report}
        </div>
        {shop.openingHours ? <ShopHours openingHours={shop.openingHours} /> : null}
      </header>
      {/* Where the shop is, for the eyes (the address above says it in words): a still map, no keyboard stop. */}
      <LazyShopMap shops={[point]} interactive={false} className="h-44 w-full overflow-hidden rounded-2xl border border-slate-200 sm:h-56" />
      <section aria-labelledby="shop-offers" className="space-y-3">
        <h2 id="shop-offers" className="text-lg font-semibold text-slate-900">
          {t('shop.offersHeading')}
        </h2>
        {shop.offers.length === 0 ? (
          <EmptyState message={t('shop.noOffers')} />
        ) : (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {shop.offers.map((offer) => (
              <li key={offer.offerId}>
                <OfferCard offer={offer} shop={shop} distanceKm={distanceKm} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {slots.reviews}
    </div>
  );
}

export function ShopPage({ vendorId, slots = {} }: { vendorId: number; slots?: ShopPageSlots }) {
  const { t } = useTranslation();
  const shop = useShop(vendorId);
  if (!isShopId(vendorId) || (shop.error instanceof ApiError && (shop.error.status === 404 || shop.error.status === 400))) {
    return <EmptyState message={t('messages.shopNotFound')} />;
  }
  if (shop.isPending) return <LoadingState />;
  if (shop.isError) return <ErrorState error={shop.error} />;
  return <ShopDetails shop={shop.data} slots={slots} />;
}
