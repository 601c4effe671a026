/**
 * 'Close my business' (owners whose business is not CLOSED): what closing does, a confirmation dialog, then the
 * closed state. Handing a business over is not offered.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { translateError } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useCloseBusiness } from '../api/close-business.ts';
import { SettingsSection } from './settings-section.tsx';

export function CloseBusinessSection({ businessName, isClosed }: { businessName: string; isClosed: boolean }) {
  const { t } = useTranslation();
  const close = useCloseBusiness();
  const [isConfirming, setConfirming] = useState(false);
  const failure =
    close.error instanceof ApiError && close.error.reason === 'http' && close.error.code ? translateError(t, close.error) : t('accountSettings.requestFailed');
  return (
    <SettingsSection title={t('accountSettings.closeTitle')} testId="close-business">
      {isClosed || close.isSuccess ? (
        <div className="mt-3">
          <Alert tone="success">{t('accountSettings.closed', { business: businessName })}</Alert>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">{t('accountSettings.closeWhat', { business: businessName })}</p>
          {close.isError ? (
            <div className="mt-3">
              <Alert>{failure}</Alert>
            </div>
          ) : null}
          <Button variant="secondary" className="mt-4 w-full sm:w-auto" data-testid="close-business-open" onClick={() => setConfirming(true)}>
            {t('accountSettings.closeButton')}
          </Button>
        </>
      )}
      {isConfirming ? (
        <Modal title={t('accountSettings.closeConfirmTitle', { business: businessName })} closeLabel={t('accountSettings.cancel')} onClose={() => setConfirming(false)}>
          <p className="text-sm text-slate-700">{t('accountSettings.closeWhat', { business: businessName })}</p>
          <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('accountSettings.cancel')}
            </Button>
            <Button
              data-testid="close-business-confirm"
              disabled={close.isPending}
              onClick={() => close.mutate(undefined, { onSettled: () => setConfirming(false) })}
            >
              {close.isPending ? t('accountSettings.closing') : t('accountSettings.closeConfirm')}
            </Button>
          </div>
        </Modal>
      ) : null}
    </SettingsSection>
  );
}
