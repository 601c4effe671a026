/** Reject asks why: the reason is required (the shopper sees it) and checked by the same schema as the API. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_DECISION_REASON_LENGTH, receiptDecisionRequestSchema } from '@qrib/shared/receipt-schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { translateMessage } from '../../../lib/i18n.ts';
import '../../../lib/owner-strings.ts';

export function RejectDialog({
  isPending,
  serverError,
  onReject,
  onClose,
}: {
  isPending: boolean;
  serverError: string | undefined;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = receiptDecisionRequestSchema.safeParse({ status: 'REJECTED', reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    onReject(parsed.data.reason ?? '');
  };

  const shownError = error ?? serverError;
  return (
    <Modal title={t('receiptReview.rejectTitle')} closeLabel={t('receiptReview.close')} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextareaField
          label={t('receiptReview.reasonLabel')}
          hint={t('receiptReview.reasonHint', { max: MAX_DECISION_REASON_LENGTH })}
          error={shownError ? translateMessage(t, shownError) : undefined}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
          maxLength={MAX_DECISION_REASON_LENGTH}
          required
          rows={3}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('receiptReview.cancel')}
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? t('receiptReview.saving') : t('receiptReview.rejectSubmit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
