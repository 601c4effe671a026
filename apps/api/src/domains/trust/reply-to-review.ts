/** The owner's reply to a review of their shop (issue 14), once. Throws DomainError, never HTTP. */
import type { Review } from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
import type { ReviewsRepository } from './repository/reviews.ts';

/** The owner of the review's shop replies, once. */
export async function replyToReview(reviews: ReviewsRepository, userId: number, reviewId: number, text: string): Promise<Review> {
  const shop = await reviews.findShopOf(reviewId);
  if (!shop) throw new DomainError('not-found', 'reviewNotFound');
  if (shop.ownerUserId !== userId) throw new DomainError('forbidden', 'reviewNotYourShop');
  const review = await reviews.reply(reviewId, text);
  if (!review) throw new DomainError('conflict', 'replyAlreadyWritten');
  return review;
}
