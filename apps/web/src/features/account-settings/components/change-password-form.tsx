/** Change password: the current one, the new one twice (the sign-up rules); every other session ends. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { changePasswordRequestSchema } from '@qrib/shared/account-schemas';
import { MESSAGES } from '@qrib/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { asyncHandler } from '../../../lib/async-handler.ts';
import { useChangePassword } from '../api/change-password.ts';
import { requestFailureText } from './request-failure.ts';
import { SettingsSection } from './settings-section.tsx';

/** The request's schema with the confirmation, which is checked here and never sent. */
const changePasswordFormSchema = changePasswordRequestSchema
  .extend({ confirmPassword: z.string({ error: MESSAGES.passwordsDoNotMatch }) })
  .refine((form) => form.password === form.confirmPassword, { error: MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });
type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, password }) => {
    setResult(null);
    try {
      await change.mutateAsync({ currentPassword, password });
      reset();
      setResult({ tone: 'success', text: t('accountSettings.passwordChanged') });
    } catch (error) {
      const text = requestFailureText(t, error, setError, ['currentPassword', 'password']);
      if (text) setResult({ tone: 'error', text });
    }
  });

  return (
    <SettingsSection title={t('accountSettings.passwordTitle')} testId="change-password">
      <p className="mt-1 text-sm text-slate-600">{t('accountSettings.passwordHint')}</p>
      <form onSubmit={asyncHandler(onSubmit)} noValidate className="mt-4 space-y-4">
        {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
        <FormTextField
          label={t('accountSettings.currentPassword')}
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword}
          {...register('currentPassword')}
        />
        <FormTextField label={t('accountSettings.newPassword')} type="password" autoComplete="new-password" error={errors.password} {...register('password')} />
        <FormTextField
          label={t('accountSettings.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword}
          {...register('confirmPassword')}
        />
        <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? t('accountSettings.changingPassword') : t('accountSettings.changePassword')}
        </Button>
      </form>
    </SettingsSection>
  );
}
