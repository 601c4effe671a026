/**
 * The map view of a screen's offers (the home's and the search's): a hint, every shop among them on the map with its
 * best discount, and under it the card of the shop whose marker was tapped, with that shop's offers drawn the way the
 * screen draws them (`renderOffers`).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyShopMap } from './lazy-shop-map.tsx';
import { MapShopPanel } from './map-shop-panel.tsx';
import { shopPointsFromOffers, type MapDiscount } from './map-points.ts';

/** Where an offer's shop is. */
export interface OfferShop {
  vendorId: number;
  businessName: string;
  latitude: number;
  longitude: number;
}

export interface ShopMapViewProps<Item> {
  /** The screen's offers as loaded so far, in the screen's order. */
  items: readonly Item[];
  /** An item's discount and its shop. */
  discountOf: (item: Item) => MapDiscount;
  shopOf: (item: Item) => OfferShop;
  /** The tapped shop's offers, drawn as the screen's list draws them. */
  renderOffers: (items: Item[]) => ReactNode;
}

export function ShopMapView<Item>({ items, discountOf, shopOf, renderOffers }: ShopMapViewProps<Item>) {
  const { t } = useTranslation();
  const [selectedShop, setSelectedShop] = useState<number | null>(null);
  const shops = useMemo(
    () => shopPointsFromOffers(items.map((item) => ({ ...discountOf(item), ...shopOf(item) }))),
    [items, discountOf, shopOf],
  );
  const selected = items.filter((item) => shopOf(item).vendorId === selectedShop);
  const shop = selected[0] === undefined ? undefined : shopOf(selected[0]);
  return (
    <>
      <p className="text-sm text-slate-700">{t('map.hint')}</p>
      <LazyShopMap shops={shops} onSelect={setSelectedShop} className="h-[60vh] min-h-80 w-full overflow-hidden rounded-2xl border border-slate-200" />
      {shop ? (
        <MapShopPanel vendorId={shop.vendorId} businessName={shop.businessName} onClose={() => setSelectedShop(null)}>
          {renderOffers(selected)}
        </MapShopPanel>
      ) : null}
    </>
  );
}
