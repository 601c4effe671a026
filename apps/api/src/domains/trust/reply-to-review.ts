/** The owner's reply to a review of their shop (issue 14), once. Throws DomainError, never HTTP. */
import type { Review } from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
import type { ReviewsRepository } from './repository/reviews.ts';

/**
 * The shop replies to a review of it, once: its people whose role edits the shop's page (owner, manager; issue 28 §4),
 * which `mayReply` checks (app.policies.requirePermissionAt: 403 `reviewNotYourShop` or `staffNotAllowed`).
 */
export async function replyToReview(
  reviews: ReviewsRepository,
  mayReply: (vendorId: number) => Promise<unknown>,
  reviewId: number,
  text: string,
): Promise<Review> {
  const shop = await reviews.findShopOf(reviewId);
  if (!shop) throw new DomainError('not-found', 'reviewNotFound');
  await mayReply(shop.vendorId);
  const review = await reviews.reply(reviewId, text);
  if (!review) throw new DomainError('conflict', 'replyAlreadyWritten');
  return review;
}
