/**
 * The account's address: the current one, whether it is verified, the one waiting for its link, and the form to change
 * it (with the password, or for an account without one a provider sign-in less than five minutes old).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { changeEmailRequestSchema, type ChangeEmailRequest } from '@qrib/shared/account-schemas';
import type { User } from '@qrib/shared/auth-schemas';
import { PROVIDER_CONFIRMED_PASSWORD } from '@qrib/shared/oidc-schemas';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { asyncHandler } from '../../../lib/async-handler.ts';
import { useChangeEmail } from '../api/change-email.ts';
import { ProviderConfirmation, useProviderConfirmation } from './provider-confirmation.tsx';
import { requestFailureText } from './request-failure.ts';
import { SettingsSection } from './settings-section.tsx';

export function ChangeEmailForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const change = useChangeEmail();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const viaProvider = useProviderConfirmation();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangeEmailRequest>({ resolver: zodResolver(changeEmailRequestSchema), defaultValues: { email: '', password: '' } });
  useEffect(() => {
    if (viaProvider) setValue('password', PROVIDER_CONFIRMED_PASSWORD);
  }, [viaProvider, setValue]);

  const onSubmit = handleSubmit(async (form) => {
    setResult(null);
    try {
      const pendingEmail = await change.mutateAsync(form);
      reset({ email: '', password: viaProvider ? PROVIDER_CONFIRMED_PASSWORD : '' });
      setResult({ tone: 'success', text: t('accountSettings.emailLinkSent', { email: pendingEmail }) });
    } catch (error) {
      const text = requestFailureText(t, error, setError, viaProvider ? ['email'] : ['email', 'password']);
      if (text) setResult({ tone: 'error', text });
    }
  });

  return (
    <SettingsSection title={t('accountSettings.emailTitle')} testId="change-email">
      <p className="mt-2 font-medium break-words text-slate-900">
        <span data-testid="settings-email">{user.email}</span>{' '}
        <span
          className={`ms-1 inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${user.emailVerified ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-900'}`}
          data-testid="settings-email-state"
        >
          {user.emailVerified ? t('accountSettings.emailVerified') : t('accountSettings.emailNotVerified')}
        </span>
      </p>
      {user.pendingEmail ? (
        <p className="mt-1 text-sm break-words text-slate-700" data-testid="settings-pending-email">
          {t('accountSettings.emailPending', { email: user.pendingEmail })}
        </p>
      ) : null}
      <form onSubmit={asyncHandler(onSubmit)} noValidate className="mt-4 space-y-4">
        {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
        <FormTextField label={t('accountSettings.newEmail')} type="email" autoComplete="email" dir="ltr" error={errors.email} {...register('email')} />
        {viaProvider ? (
          <ProviderConfirmation state={viaProvider} testId="change-email-provider" />
        ) : (
          <FormTextField label={t('accountSettings.password')} type="password" autoComplete="current-password" error={errors.password} {...register('password')} />
        )}
        <Button type="submit" disabled={isSubmitting || viaProvider?.isConfirmed === false} className="w-full sm:w-auto">
          {isSubmitting ? t('accountSettings.changingEmail') : t('accountSettings.changeEmail')}
        </Button>
      </form>
    </SettingsSection>
  );
}
