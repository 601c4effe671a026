/** Reviews as GET /vendors/:vendorId/reviews answers them, for this feature's tests. */
import type { Review, ReviewsPage } from '@qrib/shared/trust-schemas';

export function buildReview(overrides: Partial<Review> = {}): Review {
  return {
    reviewId: 11,
    vendorId: 3,
    offerId: 7,
    offerTitle: 'Two pastizzi for one',
    stars: 4,
    text: 'Warm and flaky, the staff were kind.',
    createdAt: '2026-11-20T09:30:00.000Z',
    author: { displayName: 'Maria B.', formerShopper: false },
    verifiedPurchase: true,
    reply: null,
    mine: false,
    pendingEstablished: false,
    underDispute: false,
    ...overrides,
  };
}

export function buildReviewsPage(overrides: Partial<ReviewsPage> = {}): ReviewsPage {
  return { data: [buildReview()], nextCursor: null, rating: { average: 4.6, count: 38 }, ...overrides };
}

/** An error answer in the API's shape (DESIGN.md §4), with its code and optional field codes. */
export function errorAnswer(status: number, code: string, message: string, params: Record<string, string | number> = {}, fieldErrorCodes?: Record<string, { code: string; params: Record<string, string | number> }>) {
  return {
    status,
    body: {
      statusCode: status,
      error: 'Error',
      message,
      code,
      params,
      ...(fieldErrorCodes ? { fieldErrors: Object.fromEntries(Object.keys(fieldErrorCodes).map((field) => [field, message])), fieldErrorCodes } : {}),
    },
  };
}
