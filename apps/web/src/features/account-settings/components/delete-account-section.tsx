/**
 * 'Delete my account': what goes and what is kept (and why), the password and the username typed as confirmation
 * (the button stays disabled until it matches); then signed out, on the login screen with the notice. An account
 * without a password confirms at its provider instead (provider-confirmation.tsx).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deleteAccountRequestSchema, type DeleteAccountRequest } from '@qrib/shared/account-schemas';
import { PROVIDER_CONFIRMED_PASSWORD } from '@qrib/shared/oidc-schemas';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { asyncHandler } from '../../../lib/async-handler.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { ProviderConfirmation, useProviderConfirmation } from './provider-confirmation.tsx';
import { requestFailureText } from './request-failure.ts';
import { SettingsSection } from './settings-section.tsx';

/** What the login screen is told after a deletion (location state), so it can say so. */
export const ACCOUNT_DELETED_STATE = { accountDeleted: true } as const;

export function DeleteAccountSection({ username }: { username: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [typedUsername, setTypedUsername] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const viaProvider = useProviderConfirmation();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<DeleteAccountRequest>({ resolver: zodResolver(deleteAccountRequestSchema), defaultValues: { password: '' } });
  useEffect(() => {
    if (viaProvider) setValue('password', PROVIDER_CONFIRMED_PASSWORD);
  }, [viaProvider, setValue]);
  const isConfirmed = typedUsername.trim() === username && (viaProvider?.isConfirmed ?? true);

  const onSubmit = handleSubmit(async (form) => {
    setFailure(null);
    if (!isConfirmed) return;
    try {
      await remove.mutateAsync(form);
      await navigate(paths.login, { replace: true, state: ACCOUNT_DELETED_STATE });
    } catch (error) {
      setFailure(requestFailureText(t, error, setError, viaProvider ? [] : ['password']));
    }
  });

  return (
    <SettingsSection title={t('accountSettings.deleteTitle')} testId="delete-account">
      <p className="mt-1 text-sm text-slate-700">{t('accountSettings.deleteGoes')}</p>
      <p className="mt-2 text-sm text-slate-700">{t('accountSettings.deleteKept')}</p>
      <p className="mt-2 text-sm font-semibold text-slate-900">{t('accountSettings.deleteFinal')}</p>
      <form onSubmit={asyncHandler(onSubmit)} noValidate className="mt-4 space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        {viaProvider ? (
          <ProviderConfirmation state={viaProvider} testId="delete-account-provider" />
        ) : (
          <FormTextField label={t('accountSettings.password')} type="password" autoComplete="current-password" error={errors.password} {...register('password')} />
        )}
        <FormTextField
          label={t('accountSettings.typeUsername', { username })}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          dir="ltr"
          value={typedUsername}
          onChange={(event) => setTypedUsername(event.target.value)}
          data-testid="delete-confirm-username"
        />
        <Button type="submit" disabled={!isConfirmed || isSubmitting} className="w-full bg-red-700 hover:bg-red-800 sm:w-auto" data-testid="delete-account-submit">
          {isSubmitting ? t('accountSettings.deleting') : t('accountSettings.deleteButton')}
        </Button>
      </form>
    </SettingsSection>
  );
}
