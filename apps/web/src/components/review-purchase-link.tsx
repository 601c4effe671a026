/**
 * 'Write a review' for a purchase that grants one, or 'See your review' once written (issue 14), on the shopper's
 * codes and receipts. Nothing for a purchase that grants none or whose window has closed.
 */
import { MessageSquareText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Claim } from '@qrib/shared/claim-schemas';
import { paths } from '../config/paths.ts';
import '../lib/trust-strings.ts';

const linkClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

export function ReviewPurchaseLink({
  review,
  purchase,
  vendorId,
  label,
}: {
  review: Claim['review'];
  purchase: { claimId: number } | { receiptId: number };
  vendorId: number;
  /** What the purchase is, for screen readers: 'Write a review' alone is ambiguous in a list. */
  label: string;
}) {
  const { t } = useTranslation();
  if (!review) return null;
  if (review.reviewId !== null) {
    return (
      <Link to={`${paths.shop(vendorId)}#review-${review.reviewId}`} className={linkClass} aria-label={`${t('trust.seeYourReview')}: ${label}`} data-testid="see-review">
        <MessageSquareText aria-hidden="true" className="size-4" />
        {t('trust.seeYourReview')}
      </Link>
    );
  }
  if (!review.canReview) return null;
  return (
    <Link to={paths.writeReview(purchase)} state={{ purchaseTitle: label }} className={linkClass} aria-label={`${t('trust.writeReview')}: ${label}`} data-testid="write-review">
      <MessageSquareText aria-hidden="true" className="size-4" />
      {t('trust.writeReview')}
    </Link>
  );
}
