/**
 * Writing a review (issue 14): which purchase, whether it grants a review, whether it is still
 * time, then the write (the unique index decides a race between two requests).
 */
import { REVIEW_WINDOW_DAYS, type Review } from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
import { ReviewAlreadyWritten, type ReviewsRepository } from './repository/reviews.ts';
import type { BurstCheck } from './burst-check.ts';

const WINDOW_MS = REVIEW_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** Once written, `checkForBursts` looks at the shop's last hour: a burst of new accounts is listed (issue 24). */
export async function writeReview(
  reviews: ReviewsRepository,
  userId: number,
  body: { claimId?: number; receiptId?: number; stars: number; text: string | null },
  checkForBursts: BurstCheck,
  now = new Date(),
): Promise<Review> {
  const purchase = await reviews.findPurchase(userId, body.claimId !== undefined ? { claimId: body.claimId } : { receiptId: body.receiptId });
  if (!purchase) throw new DomainError('not-found', 'purchaseNotFound');
  if (!purchase.grantsReview || purchase.madeAt === null) throw new DomainError('forbidden', 'reviewNotAllowed');
  // A shop shoppers do not see (suspended, pending, ...) takes no reviews: its page and rating are not shown either.
  if (!purchase.shopSeen) throw new DomainError('forbidden', 'reviewNotAllowed');
  if (purchase.reviewId !== null) throw new DomainError('conflict', 'reviewAlreadyWritten');
  if (purchase.madeAt.getTime() + WINDOW_MS <= now.getTime()) throw new DomainError('conflict', 'reviewTooLate', { days: REVIEW_WINDOW_DAYS });
  let review: Review;
  try {
    review = await reviews.insert(userId, purchase, body.stars, body.text);
  } catch (error) {
    if (error instanceof ReviewAlreadyWritten) throw new DomainError('conflict', 'reviewAlreadyWritten');
    throw error;
  }
  await checkForBursts(review.vendorId);
  return review;
}
