/**
 * A shop's reviews and rating (GET /vendors/:vendorId/reviews, paged by cursor), writing a review of a purchase
 * (POST /reviews) and the owner's one public reply (POST /reviews/:reviewId/reply).
 */
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewCreateRequest, ReviewsPage } from '@qrib/shared/trust-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const vendorReviewsQueryOptions = (vendorId: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.reviews(vendorId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ReviewsPage>(`/vendors/${vendorId}/reviews${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useVendorReviews(vendorId: number) {
  return useInfiniteQuery({ ...vendorReviewsQueryOptions(vendorId), enabled: Number.isSafeInteger(vendorId) && vendorId > 0 });
}

/** Every review of the pages read so far, in order. */
export function reviewsOf(pages: readonly ReviewsPage[] | undefined): Review[] {
  return (pages ?? []).flatMap((page) => page.data);
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReviewCreateRequest) => (await apiRequest<{ data: Review }>('/reviews', { method: 'POST', body })).data,
    onSuccess: (review) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reviews(review.vendorId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.claims() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.receipts.mine() }),
      ]),
  });
}

export function useReplyToReview(vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ reviewId, text }: { reviewId: number; text: string }) =>
      (await apiRequest<{ data: Review }>(`/reviews/${reviewId}/reply`, { method: 'POST', body: { text } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews(vendorId) }),
  });
}
