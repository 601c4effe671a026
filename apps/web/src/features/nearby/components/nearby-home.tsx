/**
 * The customer's nearby offers home (spec §2.4): where you are, categories, and offers from the nearest
 * shops first; the first four, then See all, which also loads further pages. Each card says whether its shop is open
 * now, and the Open now chip keeps only the shops open now (issue 28; in the URL, `?open=1`, so reload and Back keep it);
 * the On now chip keeps only the offers that hold now (a happy hour's window is open, or it has none; `?on=1`).
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { NearbyBusiness } from '@qrib/shared/nearby-schemas';
import { ViewToggle, type OffersView } from '../../../components/map/view-toggle.tsx';
import { OfferCard } from '../../../components/offer-card.tsx';
import { OnNowChip } from '../../../components/on-now-chip.tsx';
import { OpenNowChip } from '../../../components/open-now-chip.tsx';
import { RankingLink } from '../../../components/ranking-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { markFirstScreenDrawn } from '../../../lib/after-page-load.ts';
import { useShopperLocation } from '../../../lib/shopper-location.ts';
import { useNearbyOffers } from '../api/get-nearby-offers.ts';
import { useLiveOffers } from '../api/offer-stream.ts';
import { CategoryGrid } from './category-grid.tsx';
import { CurrentLocationCard } from './current-location-card.tsx';

const INITIAL_OFFERS = 4;

interface Card {
  business: NearbyBusiness;
  offer: NearbyBusiness['offers'][number];
}

/*
 * Not part of the home's first screen, so not of its first load (issue 27 §6): the map view's code comes when the
 * reader picks the map, the location fallback's when no position could be had (the picker it opens is lazy already).
 */
const ShopMapView = lazy(async () => ({ default: (await import('../../../components/map/shop-map-view.tsx')).ShopMapView<Card> }));
const LocationFallback = lazy(async () => ({ default: (await import('./location-fallback.tsx')).LocationFallback }));
const discountOf = ({ offer }: Card) => ({
  discountType: offer.discountType,
  discountValue: offer.discountValue,
  buyQuantity: offer.buyQuantity,
  getQuantity: offer.getQuantity,
});
const shopOf = ({ business }: Card) => ({ vendorId: business.vendorId, businessName: business.businessName, latitude: business.latitude, longitude: business.longitude });
const cardList = (cards: readonly Card[], firstIsTop = false) => (
  <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
    {cards.map(({ business, offer }, index) => (
      <li key={offer.offerId}>
        <OfferCard offer={offer} shop={business} distanceKm={business.distance} first={firstIsTop && index === 0} openStatus={business} />
      </li>
    ))}
  </ul>
);

export function NearbyHome({ greeting }: { greeting?: string }) {
  const { t } = useTranslation();
  const { location, detectDevice, choosePlace } = useShopperLocation();
  const fetchLocation = location.status === 'ready' ? location.fetchLocation : undefined;
  const [params, setParams] = useSearchParams();
  const openNow = params.get('open') === '1';
  const activeNow = params.get('on') === '1';
  const setChip = (name: 'open' | 'on', on: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (on) next.set(name, '1');
      else next.delete(name);
      return next;
    });
  const setOpenNow = (on: boolean) => setChip('open', on);
  const setActiveNow = (on: boolean) => setChip('on', on);
  const nearby = useNearbyOffers(fetchLocation, { openNow, activeNow });
  useLiveOffers(fetchLocation);
  const [showAll, setShowAll] = useState(false);
  const [view, setView] = useState<OffersView>('list');
  // Past 'detecting' and the first page's wait, the home's first screen is drawn: code no first screen needs may come.
  const isWaiting = location.status === 'detecting' || (location.status === 'ready' && nearby.isPending);
  useEffect(() => {
    if (!isWaiting) markFirstScreenDrawn();
  }, [isWaiting]);

  const cards = useMemo(
    () => (nearby.data?.pages ?? []).flatMap((page) => page.data.flatMap((business) => business.offers.map((offer) => ({ business, offer })))),
    [nearby.data],
  );
  const shown = showAll ? cards : cards.slice(0, INITIAL_OFFERS);
  const canShowMore = !showAll ? cards.length > INITIAL_OFFERS || nearby.hasNextPage : nearby.hasNextPage;

  let offersBody;
  if (location.status === 'detecting') {
    offersBody = <LoadingState message={t('messages.detectingLocation')} />;
  } else if (location.status === 'error') {
    offersBody = (
      <Suspense fallback={<LoadingState />}>
        <LocationFallback unsupported={location.unsupported} denied={location.denied} onChoosePlace={choosePlace} onUseDevice={detectDevice} />
      </Suspense>
    );
  } else if (nearby.isPending) {
    offersBody = <LoadingState />;
  } else if (nearby.isError) {
    offersBody = <ErrorState message={t('messages.offersLoadFailed')} onRetry={() => void nearby.refetch()} />;
  } else if (cards.length === 0 && activeNow) {
    offersBody = (
      <EmptyState
        message={t('happyHour.emptyOnNow')}
        action={
          <Button variant="secondary" onClick={() => setActiveNow(false)}>
            {t('happyHour.showAll')}
          </Button>
        }
      />
    );
  } else if (cards.length === 0 && openNow) {
    offersBody = (
      <EmptyState
        message={t('openStatus.emptyOpenNow')}
        action={
          <Button variant="secondary" onClick={() => setOpenNow(false)}>
            {t('openStatus.showAll')}
          </Button>
        }
      />
    );
  } else if (cards.length === 0) {
    offersBody = <EmptyState message={t('messages.noOffersInArea')} />;
  } else if (view === 'map') {
    // Every shop loaded so far, on the map with its best discount.
    offersBody = (
      <Suspense fallback={<LoadingState />}>
        <ShopMapView items={cards} discountOf={discountOf} shopOf={shopOf} renderOffers={(items) => cardList(items)} />
      </Suspense>
    );
  } else {
    offersBody = (
      <>
        {cardList(shown, true)}
        {canShowMore ? (
          <div className="flex justify-center">
            <Button
              variant="secondary"
              disabled={nearby.isFetchingNextPage}
              onClick={() => {
                if (showAll && nearby.hasNextPage) void nearby.fetchNextPage();
                setShowAll(true);
              }}
            >
              {nearby.isFetchingNextPage ? t('messages.loadingEllipsis') : showAll ? t('home.loadMore') : t('home.seeAll')}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-5xl space-y-3 sm:space-y-4">
      <header>
        <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{t('home.title')}</h1>
        {greeting ? (
          <p className="text-sm text-slate-700" data-testid="welcome">
            {greeting}
          </p>
        ) : null}
      </header>
      <CurrentLocationCard
        fetchLocation={fetchLocation}
        place={location.status === 'ready' ? location.place : undefined}
        onChoosePlace={choosePlace}
        onUseDevice={detectDevice}
      />
      <CategoryGrid />
      <section aria-labelledby="nearby-offers-title" className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-x-3">
          <div className="flex flex-wrap items-center gap-x-3">
            <h2 id="nearby-offers-title" className="text-lg font-semibold text-slate-900">
              {t('home.offersTitle')}
            </h2>
            <RankingLink />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <OpenNowChip pressed={openNow} onChange={setOpenNow} />
            <OnNowChip pressed={activeNow} onChange={setActiveNow} />
            <ViewToggle view={view} onChange={setView} />
          </div>
        </div>
        {offersBody}
      </section>
    </div>
  );
}
