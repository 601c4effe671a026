/**
 * My receipts: each receipt the shopper sent, its shop and offer, its files and its status (DESIGN.md §8). A receipt
 * the automatic check rejected or held says why in words and offers 'Ask the shop to check' (issue 24), once.
 */
import { useTranslation } from 'react-i18next';
import type { ReceiptStatus } from '@qrib/shared/receipt-constants';
import type { Receipt } from '@qrib/shared/receipt-schemas';
import { ReviewPurchaseLink } from '../../../components/review-purchase-link.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { formatMaltaDateTime } from '../../../lib/format.ts';
import { translateError, translateReason } from '../../../lib/i18n.ts';
import { useAskShopToCheck } from '../api/ask-shop.ts';
import { useMyReceipts } from '../api/get-my-receipts.ts';
import '../../../lib/trust-strings.ts';

const STATUS_STYLES: Record<ReceiptStatus, string> = {
  PENDING: 'bg-amber-100 text-amber-900',
  VERIFIED: 'bg-emerald-100 text-emerald-900',
  REJECTED: 'bg-red-100 text-red-900',
  NEEDS_REVIEW: 'bg-sky-100 text-sky-900',
};

/** 'Ask the shop to check' while the shopper may, and once asked, when. */
function AskShop({ receipt }: { receipt: Receipt }) {
  const { t, i18n } = useTranslation();
  const ask = useAskShopToCheck();
  if (receipt.askedShopAt) {
    return (
      <p className="mt-2 text-sm text-slate-800" data-testid="asked-shop">
        <span className="font-semibold">{t('evidence.askedShop')}</span> {t('evidence.askedOn', { date: formatMaltaDateTime(receipt.askedShopAt, i18n.language) })}
      </p>
    );
  }
  if (!receipt.canAskShop) return null;
  return (
    <div className="mt-2 space-y-2">
      {ask.isError ? <Alert>{translateError(t, ask.error)}</Alert> : null}
      <p className="text-sm text-slate-700">{t('evidence.askShopNote')}</p>
      <Button
        variant="secondary"
        onClick={() => ask.mutate(receipt.receiptId)}
        disabled={ask.isPending}
        aria-label={t('evidence.askShopLabel', { shop: receipt.vendor.businessName })}
      >
        {ask.isPending ? t('evidence.asking') : t('evidence.askShop')}
      </Button>
    </div>
  );
}

function ReceiptItem({ receipt }: { receipt: Receipt }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="my-receipt">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900">{t('receipts.receiptFor', { shop: receipt.vendor.businessName })}</h3>
          {receipt.offer ? <p className="text-sm break-words text-slate-700">{receipt.offer.title}</p> : null}
          <p className="text-xs text-slate-600">
            {t('receipts.uploadedOn', { date: formatMaltaDateTime(receipt.createdAt, i18n.language) })}
          </p>
        </div>
        <span className={`rounded-full px-3 py-1 text-xs font-semibold ${STATUS_STYLES[receipt.status]}`}>{t(`receipts.status${receipt.status}`)}</span>
      </div>
      {receipt.reason ? (
        <p className="mt-2 text-sm text-slate-800" data-testid="receipt-reason">
          {/* A coded reason is the automatic check's; an owner's own words are shown as they are. */}
          {receipt.reasonCode
            ? t('evidence.checkReason', { reason: translateReason(t, receipt.reasonCode, receipt.reasonParams, receipt.reason) })
            : receipt.reason}
        </p>
      ) : null}
      <AskShop receipt={receipt} />
      <ul className="mt-2 flex flex-wrap gap-3 text-sm">
        {receipt.files.map((file, index) => (
          <li key={file.fileId}>
            <a href={file.url} target="_blank" rel="noreferrer" className="font-medium text-brand-800 underline">
              {t('receipts.fileLink', { number: index + 1 })}
            </a>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex empty:hidden">
        <ReviewPurchaseLink
          review={receipt.review}
          purchase={{ receiptId: receipt.receiptId }}
          vendorId={receipt.vendor.vendorId}
          label={receipt.offer?.title ?? receipt.vendor.businessName}
        />
      </div>
    </li>
  );
}

export function MyReceipts() {
  const { t } = useTranslation();
  const receipts = useMyReceipts();
  return (
    <section aria-labelledby="my-receipts-heading" className="space-y-3">
      <h2 id="my-receipts-heading" className="text-xl font-bold text-slate-900">
        {t('receipts.myReceipts')}
      </h2>
      {receipts.isPending ? (
        <LoadingState />
      ) : receipts.isError ? (
        <ErrorState error={receipts.error} />
      ) : receipts.data.data.length === 0 ? (
        <EmptyState message={t('receipts.noReceipts')} />
      ) : (
        <ul className="space-y-3">
          {receipts.data.data.map((receipt) => (
            <ReceiptItem key={receipt.receiptId} receipt={receipt} />
          ))}
        </ul>
      )}
    </section>
  );
}
