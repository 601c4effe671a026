/**
 * Issue 29 §2, what shoppers' screens read of stamp cards: their cards, rewards and pass (GET /me/stamp-cards), and a
 * shop's card with their progress on it (GET /vendors/:vendorId/stamp-card), on the shop page, the offer page and
 * under My codes.
 */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MyStampCard, publicStampCardSchema } from '@qrib/shared/stamp-card-schemas';
import { apiRequest } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export type PublicStampCard = z.infer<typeof publicStampCardSchema>;

export function useMyStampCards() {
  return useQuery({
    queryKey: queryKeys.myStampCards(),
    queryFn: () => apiRequest<{ data: MyStampCard[]; pass: string }>('/me/stamp-cards'),
  });
}

/** Null when the shop runs no card. */
export function useShopStampCard(vendorId: number) {
  return useQuery({
    queryKey: queryKeys.shopStampCard(vendorId),
    queryFn: async () => (await apiRequest<{ data: PublicStampCard | null }>(`/vendors/${vendorId}/stamp-card`)).data,
  });
}
