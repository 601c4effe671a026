/**
 * The shop owner's receipt queue (/receipts-review): status filters kept in the URL (?status=), newest first,
 * each receipt with its files, what OCR read and its verdict, and the owner's Confirm / Reject.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RECEIPT_STATUSES, type ReceiptStatus } from '@qrib/shared/receipt-constants';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { useShopReceipts, type ReviewFilter } from '../api/get-shop-receipts.ts';
import { ReviewCard } from './review-card.tsx';
import '../../../lib/owner-strings.ts';

/** The tabs in the order an owner works through them; All first, as the default. */
const FILTERS: ReviewFilter[] = ['ALL', 'PENDING', 'NEEDS_REVIEW', 'VERIFIED', 'REJECTED'];

function parseFilter(value: string | null): ReviewFilter {
  return RECEIPT_STATUSES.includes(value as ReceiptStatus) ? (value as ReceiptStatus) : 'ALL';
}

export function ReceiptReviewScreen() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = parseFilter(searchParams.get('status'));
  const receipts = useShopReceipts(filter);

  let body;
  if (receipts.isPending) body = <LoadingState />;
  else if (receipts.isError) body = <ErrorState error={receipts.error} />;
  else if (receipts.data.data.length === 0) body = <EmptyState message={t('receiptReview.empty')} />;
  else {
    body = (
      <div className="space-y-4">
        {receipts.data.data.map((receipt) => (
          <ReviewCard key={receipt.receiptId} receipt={receipt} />
        ))}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-4xl">
      <header className="mb-5">
        <h1 className="text-2xl font-bold text-slate-900">{t('receiptReview.title')}</h1>
        <p className="mt-1 text-slate-600">{t('receiptReview.subtitle')}</p>
      </header>
      <div role="group" aria-label={t('receiptReview.filterLabel')} className="mb-5 flex flex-wrap gap-2">
        {FILTERS.map((option) => {
          const isActive = option === filter;
          return (
            <button
              key={option}
              type="button"
              aria-pressed={isActive}
              onClick={() => setSearchParams(option === 'ALL' ? {} : { status: option }, { replace: true })}
              className={`min-h-11 rounded-full border px-4 py-1.5 text-sm font-semibold ${
                isActive ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
              }`}
            >
              {option === 'ALL' ? t('receiptReview.tabAll') : t(`receipts.status${option}`)}
            </button>
          );
        })}
      </div>
      {body}
    </div>
  );
}
