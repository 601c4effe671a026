/**
 * Receipts the automatic check verified and the shop then rejected: the files, the shop's reason, and the admin's
 * settlement (verified or rejected, always with a reason the shopper and the shop read).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceiptDispute } from '@qrib/shared/trust-schemas';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { formatMaltaDateTime } from '../../../lib/format.ts';
import { useReceiptDisputes } from '../api/get-disputes.ts';
import { useSettleReceipt } from '../api/settle-receipt.ts';
import { FileThumbs } from './file-thumbs.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import '../../../lib/owner-strings.ts';
import '../../../lib/trust-strings.ts';

function DisputeCard({ dispute }: { dispute: ReceiptDispute }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const settle = useSettleReceipt();
  const [asking, setAsking] = useState<'VERIFIED' | 'REJECTED' | null>(null);
  const business = dispute.businessName;

  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="admin-dispute">
      <h3 id={headingId} className="text-lg font-semibold break-words text-slate-900">
        {t('admin.disputeTitle', { business, username: dispute.shopper.formerShopper ? t('trust.formerShopper') : dispute.shopper.username })}
      </h3>
      {dispute.offerTitle ? <p className="text-sm break-words text-slate-700">{t('admin.disputeOffer', { title: dispute.offerTitle })}</p> : null}
      <p className="text-xs text-slate-600">{t('admin.uploadedOn', { date: formatMaltaDateTime(dispute.createdAt, i18n.language) })}</p>
      <p className="mt-2 text-sm text-slate-800">{t('admin.disputeExplained')}</p>
      {dispute.ownerReason ? <p className="mt-1 text-sm break-words text-slate-800">{t('admin.ownerReason', { reason: dispute.ownerReason })}</p> : null}
      {dispute.files.length > 0 ? (
        <FileThumbs
          files={dispute.files.map((file) => ({ id: file.fileId, contentType: file.contentType, url: file.url }))}
          labelOf={(number) => t('admin.receiptFile', { number })}
        />
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button onClick={() => setAsking('VERIFIED')}>{t('admin.settleVerified')}</Button>
        <Button variant="secondary" onClick={() => setAsking('REJECTED')}>
          {t('admin.settleRejected')}
        </Button>
      </div>
      {asking ? (
        <ReasonDialog
          title={asking === 'VERIFIED' ? t('admin.settleVerified') : t('admin.settleRejected')}
          submitLabel={asking === 'VERIFIED' ? t('admin.settleVerified') : t('admin.settleRejected')}
          isPending={settle.isPending}
          error={settle.error}
          onSubmit={(reason) => settle.mutate({ receiptId: dispute.receiptId, status: asking, reason }, { onSuccess: () => setAsking(null) })}
          onClose={() => {
            setAsking(null);
            settle.reset();
          }}
        />
      ) : null}
    </article>
  );
}

export function ReceiptDisputes() {
  const { t } = useTranslation();
  const disputes = useReceiptDisputes();
  let body;
  if (disputes.isPending) body = <LoadingState />;
  else if (disputes.isError) body = <ErrorState error={disputes.error} />;
  else if (disputes.data.length === 0) body = <EmptyState message={t('admin.noDisputes')} />;
  else {
    body = (
      <div className="space-y-4">
        {disputes.data.map((dispute) => (
          <DisputeCard key={dispute.receiptId} dispute={dispute} />
        ))}
      </div>
    );
  }
  return (
    <section aria-labelledby="admin-disputes">
      <h2 id="admin-disputes" className="mb-3 text-xl font-bold text-slate-900">
        {t('admin.disputes')}
      </h2>
      {body}
    </section>
  );
}
