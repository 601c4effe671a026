/** A shop's public page (GET /vendors/:vendorId) and the map link that leads there. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Shop } from '@qrib/shared/shop-schemas';
import { apiRequest } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export const shopQueryOptions = (vendorId: number) =>
  queryOptions({
    queryKey: queryKeys.shop(vendorId),
    queryFn: async () => (await apiRequest<{ data: Shop }>(`/vendors/${vendorId}`)).data,
  });

/** Not asked for an id that cannot exist; such a shop is simply not found. */
export function isShopId(vendorId: number): boolean {
  return Number.isSafeInteger(vendorId) && vendorId > 0;
}

export function useShop(vendorId: number) {
  return useQuery({ ...shopQueryOptions(vendorId), enabled: isShopId(vendorId) });
}

/** Directions to a point as a plain link: OpenStreetMap's router, which any browser opens with no map code of ours. */
export function directionsUrl(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/directions?to=${latitude}%2C${longitude}`;
}
