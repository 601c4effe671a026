/**
 * 'Report' on an offer, a shop or a review (issue 14, Digital Services Act Art. 16): a dialog with the reason, a text
 * (needed for OTHER), then Qrib's promise to decide and tell the outcome.
 */
import { Flag } from 'lucide-react';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_REASONS, REPORT_TEXT_MAX, type ReportKind, type ReportReason } from '@qrib/shared/trust-constants';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translateCode, translateError } from '../../../lib/i18n.ts';
import { useCreateReport } from '../api/create-report.ts';
import '../../../lib/trust-strings.ts';

const isReason = (value: string): value is ReportReason => REPORT_REASONS.some((reason) => reason === value);

function ReportDialog({ kind, id, title, onClose }: { kind: ReportKind; id: number; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const report = useCreateReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<{ reason?: string; text?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason === null) return setFieldError({ reason: t('trust.reportReasonRequired') });
    if (reason === 'OTHER' && text.trim() === '') return setFieldError({ text: t('messages.reportTextRequired') });
    setFieldError({});
    report.mutate(
      { kind, id, reason, text: text.trim() },
      {
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const textCode = error.fieldErrorCodes.text;
          const reasonCode = error.fieldErrorCodes.reason;
          setFieldError({ text: textCode ? translateCode(t, textCode) : undefined, reason: reasonCode ? translateCode(t, reasonCode) : undefined });
        },
      },
    );
  };
  return (
    <Modal title={title} closeLabel={t('trust.close')} onClose={onClose}>
      {report.isSuccess ? (
        <div className="space-y-4">
          <Alert tone="success" focusOnShow>
            {report.data.alreadyReported ? t('trust.reportAlready') : t('trust.reportThanks')}
          </Alert>
          <Button variant="secondary" onClick={onClose}>
            {t('trust.close')}
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="space-y-4">
          {report.isError ? <Alert focusOnShow>{translateError(t, report.error)}</Alert> : null}
          <RadioGroup
            legend={t('trust.reportReasonLegend')}
            name="reason"
            options={REPORT_REASONS.map((value) => ({ value, label: t(`trust.reasons.${value}`) }))}
            onChange={(event) => {
              if (isReason(event.target.value)) setReason(event.target.value);
            }}
          />
          {fieldError.reason ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {fieldError.reason}
            </p>
          ) : null}
          <TextareaField
            label={reason === 'OTHER' ? t('trust.reportTextRequired') : t('trust.reportText')}
            value={text}
            maxLength={REPORT_TEXT_MAX}
            onChange={(event) => setText(event.target.value)}
            error={fieldError.text}
            hint={t('vendor.charactersLeft', { count: REPORT_TEXT_MAX - text.length })}
          />
          <Button type="submit" disabled={report.isPending}>
            {report.isPending ? t('trust.sending') : t('trust.sendReport')}
          </Button>
        </form>
      )}
    </Modal>
  );
}

/** `label`: what the button says to a screen reader ('Report this offer'); it reads 'Report' on screen. */
export function ReportAction({ kind, id, label }: { kind: ReportKind; id: number; label: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button
        type="button"
        aria-label={label}
        onClick={() => setOpen(true)}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <Flag aria-hidden="true" className="size-4" />
        {t('trust.report')}
      </button>
      {open ? <ReportDialog kind={kind} id={id} title={label} onClose={close} /> : null}
    </>
  );
}
