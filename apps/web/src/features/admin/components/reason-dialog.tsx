/**
 * The reason an admin gives with a decision (refuse, suspend, remove, settle): a labelled field the other side will
 * read, required where the decision needs one, checked here and again by the API (its field error shown under it).
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_REASON_MAX } from '@qrib/shared/trust-constants';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translateCode, translateError } from '../../../lib/i18n.ts';
import '../../../lib/owner-strings.ts';

export interface ReasonDialogProps {
  title: string;
  submitLabel: string;
  /** False where the decision may go without a reason (keeping a reported item). */
  required?: boolean;
  isPending: boolean;
  /** The failed request's error, if the last one failed. */
  error: unknown;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}

export function ReasonDialog({ title, submitLabel, required = true, isPending, error, onSubmit, onClose }: ReasonDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (required && trimmed === '') {
      setMissing(true);
      return;
    }
    onSubmit(trimmed);
  };

  const fieldCode = error instanceof ApiError ? error.fieldErrorCodes.reason : undefined;
  let fieldError: string | undefined;
  if (missing) fieldError = t('messages.decisionReasonRequired');
  else if (fieldCode) fieldError = translateCode(t, fieldCode);
  const formError = error && !fieldCode ? translateError(t, error) : undefined;

  return (
    <Modal title={title} closeLabel={t('admin.close')} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {formError ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
            {formError}
          </p>
        ) : null}
        <TextareaField
          label={required ? t('admin.reasonLabel') : t('admin.reasonOptionalLabel')}
          hint={t('admin.reasonHint', { max: ADMIN_REASON_MAX })}
          error={fieldError}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(false);
          }}
          maxLength={ADMIN_REASON_MAX}
          required={required}
          rows={3}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? t('admin.saving') : submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
