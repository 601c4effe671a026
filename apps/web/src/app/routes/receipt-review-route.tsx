/** /receipts-review: the receipt queue, for accounts with a registered business. */
import { ReceiptReviewScreen } from '../../features/receipt-review/components/receipt-review-screen.tsx';
import { RequireBusiness } from './require-business.tsx';

export function ReceiptReviewRoute() {
  return <RequireBusiness permission="receipts.review">{() => <ReceiptReviewScreen />}</RequireBusiness>;
}
