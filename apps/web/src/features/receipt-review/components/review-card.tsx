/**
 * One receipt in the owner's queue: who sent it, for which offer, its files (opened through their private
 * address), what OCR read, and Confirm / Reject until the owner has decided. The automatic verdict is a hint
 * under what was read, never shown as the decision: until the owner decides, the badge says it awaits them.
 */
import { FileText, Info } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VendorReceipt } from '@qrib/shared/receipt-schemas';
import type { ReceiptStatus } from '@qrib/shared/receipt-constants';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate, formatMaltaDateTime } from '../../../lib/format.ts';
import { translateError, translateReason } from '../../../lib/i18n.ts';
import { useDecideReceipt } from '../api/decide-receipt.ts';
import { RejectDialog } from './reject-dialog.tsx';
import '../../../lib/owner-strings.ts';
import '../../../lib/trust-strings.ts';
import { numberFormat } from '../../../lib/intl-formats.ts';

export const STATUS_STYLES: Record<ReceiptStatus, string> = {
  PENDING: 'bg-amber-100 text-amber-900',
  VERIFIED: 'bg-emerald-100 text-emerald-900',
  REJECTED: 'bg-red-100 text-red-900',
  NEEDS_REVIEW: 'bg-sky-100 text-sky-900',
};

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-sm break-words text-slate-900">{value}</dd>
    </div>
  );
}

export function ReviewCard({ receipt }: { receipt: VendorReceipt }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const decide = useDecideReceipt();
  const [rejecting, setRejecting] = useState(false);
  const money = numberFormat(i18n.language, { style: 'currency', currency: 'EUR' });
  const notRead = t('receiptReview.notRead');
  const errorMessage = decide.isError ? translateError(t, decide.error) : undefined;
  const autoReason = translateReason(t, receipt.autoReasonCode, receipt.autoReasonParams, receipt.autoReason);
  const reason = translateReason(t, receipt.reasonCode, receipt.reasonParams, receipt.reason);

  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="review-receipt">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="font-semibold break-words text-slate-900">
            {t('receiptReview.receiptFrom', { name: receipt.formerShopper ? t('trust.formerShopper') : receipt.shopperName })}
          </h2>
          <p className="text-sm break-words text-slate-700">
            {receipt.offer ? t('receiptReview.offer', { title: receipt.offer.title }) : t('receiptReview.noOffer')}
          </p>
          <p className="text-xs text-slate-600">{t('receiptReview.uploadedOn', { date: formatMaltaDateTime(receipt.createdAt, i18n.language) })}</p>
          {/* Issue 24: the shopper asked for this check after the automatic one held or rejected it. */}
          {receipt.askedShopAt ? (
            <p className="mt-1 text-sm font-medium text-sky-900" data-testid="review-asked">
              {t('ownerEvidence.askedShop', { date: formatMaltaDateTime(receipt.askedShopAt, i18n.language) })}
            </p>
          ) : null}
        </div>
        <span className={`rounded-full px-3 py-1 text-xs font-semibold ${receipt.decidedAt ? STATUS_STYLES[receipt.status] : STATUS_STYLES.PENDING}`} data-testid="review-status">
          {receipt.decidedAt ? t(`receipts.status${receipt.status}`) : t('receiptReview.awaitingDecision')}
        </span>
      </div>

      {receipt.files.length > 0 ? (
        <>
          <h3 className="mt-4 text-sm font-semibold text-slate-800">{t('receiptReview.files')}</h3>
          <ul className="mt-2 flex flex-wrap gap-3">
            {receipt.files.map((file, index) => (
              <li key={file.fileId}>
                {file.contentType === 'application/pdf' ? (
                  <a
                    href={file.url}
                    target="_blank"
                    rel="noreferrer"
                    className="flex h-24 w-20 flex-col items-center justify-center gap-1 rounded-lg border border-slate-300 px-2 text-center text-xs font-medium text-brand-800 underline hover:bg-slate-50"
                  >
                    <FileText aria-hidden="true" className="size-6" />
                    {t('receiptReview.pdfLink', { number: index + 1 })}
                  </a>
                ) : (
                  <a href={file.url} target="_blank" rel="noreferrer" className="block rounded-lg border border-slate-300 hover:opacity-90" aria-label={t('receiptReview.openPhoto', { number: index + 1 })}>
                    <img src={file.url} alt={t('receiptReview.photoAlt', { number: index + 1 })} loading="lazy" className="h-24 w-20 rounded-lg object-cover" />
                  </a>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <div className="mt-4">
        <section className="rounded-lg bg-slate-50 p-3">
          <h3 className="text-sm font-semibold text-slate-800">{t('receiptReview.extractedTitle')}</h3>
          <dl className="mt-2 grid grid-cols-3 gap-2">
            <Fact label={t('receiptReview.merchant')} value={receipt.extractedMerchant ?? notRead} />
            <Fact label={t('receiptReview.date')} value={receipt.extractedDate ? formatDate(receipt.extractedDate, i18n.language) : notRead} />
            <Fact label={t('receiptReview.total')} value={receipt.extractedTotal === null ? notRead : money.format(receipt.extractedTotal)} />
          </dl>
          <div className="mt-3 flex gap-2 border-t border-slate-200 pt-2 text-xs text-slate-600" data-testid="review-auto">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <div className="min-w-0 break-words">
              <p className="font-medium text-slate-700">
                {t('receiptReview.autoHint', { verdict: receipt.autoStatus ? t(`receiptReview.auto${receipt.autoStatus}`) : t('receiptReview.autoNotYet') })}
              </p>
              {autoReason ? <p>{autoReason}</p> : null}
              <p>{t('receiptReview.autoHintNote')}</p>
            </div>
          </div>
        </section>
      </div>

      <div className="mt-4 border-t border-slate-200 pt-4">
        {receipt.decidedAt ? (
          <div role="status" className="text-sm text-slate-800" data-testid="review-decision">
            <p className="font-semibold">
              {t(receipt.status === 'REJECTED' ? 'receiptReview.decidedREJECTED' : 'receiptReview.decidedVERIFIED', {
                date: formatMaltaDateTime(receipt.decidedAt, i18n.language),
              })}
            </p>
            {receipt.reason ? (
              <p className="break-words">
                {receipt.status === 'REJECTED'
                  ? t('receiptReview.decisionReason', { reason })
                  : t('receiptReview.decisionNote', { note: receipt.reason })}
              </p>
            ) : null}
          </div>
        ) : (
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => decide.mutate({ receiptId: receipt.receiptId, status: 'VERIFIED' })} disabled={decide.isPending}>
              {decide.isPending && !rejecting ? t('receiptReview.saving') : t('receiptReview.confirm')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                decide.reset();
                setRejecting(true);
              }}
              disabled={decide.isPending}
            >
              {t('receiptReview.reject')}
            </Button>
          </div>
        )}
        {errorMessage && !rejecting ? (
          <div className="mt-3">
            <Alert>{errorMessage}</Alert>
          </div>
        ) : null}
      </div>

      {rejecting ? (
        <RejectDialog
          isPending={decide.isPending}
          serverError={errorMessage}
          onClose={() => setRejecting(false)}
          onReject={(reason) =>
            decide.mutate({ receiptId: receipt.receiptId, status: 'REJECTED', reason }, { onSuccess: () => setRejecting(false) })
          }
        />
      ) : null}
    </article>
  );
}
