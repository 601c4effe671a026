/**
 * 'Close my business' (owners whose business is not CLOSED): what closing does, a confirmation dialog that asks for
 * the owner's password (as deleting the account does; an owner without one confirms at the provider), then the closed
 * state. Handing a business over is not offered.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { closeBusinessRequestSchema, type CloseBusinessRequest } from '@qrib/shared/account-schemas';
import { PROVIDER_CONFIRMED_PASSWORD } from '@qrib/shared/oidc-schemas';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { asyncHandler } from '../../../lib/async-handler.ts';
import { useCloseBusiness } from '../api/close-business.ts';
import { ProviderConfirmation, useProviderConfirmation } from './provider-confirmation.tsx';
import { requestFailureText } from './request-failure.ts';
import { SettingsSection } from './settings-section.tsx';

export function CloseBusinessSection({ businessName, isClosed }: { businessName: string; isClosed: boolean }) {
  const { t } = useTranslation();
  const close = useCloseBusiness();
  const [isConfirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const viaProvider = useProviderConfirmation();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CloseBusinessRequest>({ resolver: zodResolver(closeBusinessRequestSchema), defaultValues: { password: '' } });
  useEffect(() => {
    if (viaProvider) setValue('password', PROVIDER_CONFIRMED_PASSWORD);
  }, [viaProvider, setValue]);

  // Stable, so the dialog (which re-runs its focus effect when onClose changes) keeps the focus in the field while typing.
  const cancel = useCallback(() => {
    setConfirming(false);
    setFailure(null);
    reset({ password: viaProvider ? PROVIDER_CONFIRMED_PASSWORD : '' });
  }, [reset, viaProvider]);
  // A wrong password keeps the dialog open with the message under the field; success closes it.
  const onSubmit = handleSubmit(async (form) => {
    setFailure(null);
    try {
      await close.mutateAsync(form);
      setConfirming(false);
    } catch (error) {
      setFailure(requestFailureText(t, error, setError, viaProvider ? [] : ['password']));
    }
  });

  return (
    <SettingsSection title={t('accountSettings.closeTitle')} testId="close-business">
      {isClosed || close.isSuccess ? (
        <div className="mt-3">
          <Alert tone="success">{t('accountSettings.closed', { business: businessName })}</Alert>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">{t('accountSettings.closeWhat', { business: businessName })}</p>
          <Button variant="secondary" className="mt-4 w-full sm:w-auto" data-testid="close-business-open" onClick={() => setConfirming(true)}>
            {t('accountSettings.closeButton')}
          </Button>
        </>
      )}
      {isConfirming ? (
        <Modal title={t('accountSettings.closeConfirmTitle', { business: businessName })} closeLabel={t('accountSettings.cancel')} onClose={cancel}>
          <p className="text-sm text-slate-700">{t('accountSettings.closeWhat', { business: businessName })}</p>
          <form onSubmit={asyncHandler(onSubmit)} noValidate className="mt-4 space-y-4">
            {failure ? <Alert>{failure}</Alert> : null}
            {viaProvider ? (
              <ProviderConfirmation state={viaProvider} testId="close-business-provider" />
            ) : (
              <FormTextField
                label={t('accountSettings.password')}
                type="password"
                autoComplete="current-password"
                error={errors.password}
                data-testid="close-business-password"
                {...register('password')}
              />
            )}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button type="button" variant="secondary" onClick={cancel}>
                {t('accountSettings.cancel')}
              </Button>
              <Button type="submit" data-testid="close-business-confirm" disabled={isSubmitting || viaProvider?.isConfirmed === false}>
                {isSubmitting ? t('accountSettings.closing') : t('accountSettings.closeConfirm')}
              </Button>
            </div>
          </form>
        </Modal>
      ) : null}
    </SettingsSection>
  );
}
