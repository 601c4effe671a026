/**
 * What the map view draws (ADR 013): one point per shop with its best discount, as the GeoJSON MapLibre clusters.
 * A shop's best discount is its largest percentage if it has one, else its largest fixed amount, else 'Special Off'
 * (a percentage and an amount in euros cannot be compared; a percentage is what a shopper scans for).
 */
import type { FeatureCollection, Point } from 'geojson';
import type { DiscountType } from '@qrib/shared/offer-schemas';

export interface MapDiscount {
  discountType: DiscountType;
  discountValue: number;
  /** A Buy-X-get-Y offer's quantities (issue 27), so its marker reads 'Buy 2, get 1 free' rather than 'Special Off'. */
  buyQuantity?: number | null | undefined;
  getQuantity?: number | null | undefined;
}

export interface ShopPoint {
  vendorId: number;
  businessName: string;
  latitude: number;
  longitude: number;
  /** Absent for a shop with no current offer (its page still shows where it is). */
  best?: MapDiscount | undefined;
}

/** The properties of a shop's feature; `percent` is what a cluster's best discount is the max of (0 when none). */
export interface ShopFeatureProperties {
  vendorId: number;
  businessName: string;
  discountType?: DiscountType;
  discountValue?: number;
  buyQuantity?: number;
  getQuantity?: number;
  percent: number;
}

const TYPE_RANK: Record<DiscountType, number> = { PERCENTAGE: 2, FIXED: 1, BUYXGETY: 0 };

/** Whether discount a is better to show than b. */
export function isBetterDiscount(a: MapDiscount, b: MapDiscount): boolean {
  const rankA = TYPE_RANK[a.discountType] ?? 0;
  const rankB = TYPE_RANK[b.discountType] ?? 0;
  return rankA !== rankB ? rankA > rankB : a.discountValue > b.discountValue;
}

/** The shops among some offers, each once with its best discount, in the order first met. */
export function shopPointsFromOffers(
  offers: readonly (MapDiscount & { vendorId: number; businessName: string; latitude: number; longitude: number })[],
): ShopPoint[] {
  const shops = new Map<number, ShopPoint>();
  for (const offer of offers) {
    const discount: MapDiscount = {
      discountType: offer.discountType,
      discountValue: offer.discountValue,
      ...(typeof offer.buyQuantity === 'number' && typeof offer.getQuantity === 'number' ? { buyQuantity: offer.buyQuantity, getQuantity: offer.getQuantity } : {}),
    };
    const known = shops.get(offer.vendorId);
    if (!known) {
      shops.set(offer.vendorId, { vendorId: offer.vendorId, businessName: offer.businessName, latitude: offer.latitude, longitude: offer.longitude, best: discount });
    } else if (!known.best || isBetterDiscount(discount, known.best)) {
      known.best = discount;
    }
  }
  return [...shops.values()];
}

/** MapLibre's clustered source data; the source sums nothing, it keeps the max `percent` of each cluster. */
export function shopFeatures(shops: readonly ShopPoint[]): FeatureCollection<Point, ShopFeatureProperties> {
  return {
    type: 'FeatureCollection',
    features: shops.map((shop) => ({
      type: 'Feature',
      id: shop.vendorId,
      geometry: { type: 'Point', coordinates: [shop.longitude, shop.latitude] },
      properties: {
        vendorId: shop.vendorId,
        businessName: shop.businessName,
        ...(shop.best ? { discountType: shop.best.discountType, discountValue: shop.best.discountValue } : {}),
        ...(typeof shop.best?.buyQuantity === 'number' && typeof shop.best.getQuantity === 'number'
          ? { buyQuantity: shop.best.buyQuantity, getQuantity: shop.best.getQuantity }
          : {}),
        percent: shop.best?.discountType === 'PERCENTAGE' ? shop.best.discountValue : 0,
      },
    })),
  };
}

/** The clustered source's cluster properties: the best percentage among the cluster's shops. */
export const CLUSTER_PROPERTIES = { bestPercent: ['max', ['get', 'percent']] } as const;
