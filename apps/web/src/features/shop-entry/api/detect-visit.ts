/** POST /visits/detect: is the shopper standing at a shop they were interested in? Null when not. */
import { useMutation } from '@tanstack/react-query';
import type { ShopVisit } from '@qrib/shared/visit-schemas';
import { apiRequest } from '../../../lib/api-client.ts';

export interface DevicePoint {
  latitude: number;
  longitude: number;
}

export async function detectVisit(point: DevicePoint): Promise<ShopVisit | null> {
  const { data } = await apiRequest<{ data: ShopVisit | null }>('/visits/detect', {
    method: 'POST',
    body: { latitude: point.latitude, longitude: point.longitude },
  });
  return data;
}

/** A mutation, not a query: each call may create a visit on the server. */
export function useDetectVisit() {
  return useMutation({ mutationFn: detectVisit });
}
