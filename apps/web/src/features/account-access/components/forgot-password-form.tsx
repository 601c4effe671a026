/**
 * 'Forgot password?' (issue 15): the account's address, 'Send link', then the same confirmation whatever the
 * address (the answer never tells whether an account uses it); a refusal (too many requests) shows above the field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RESET_LINK_MINUTES } from '@qrib/shared/account-constants';
import { passwordResetRequestSchema, type PasswordResetRequest } from '@qrib/shared/account-schemas';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { asyncHandler } from '../../../lib/async-handler.ts';
import { applyRequestError } from '../../../lib/form-errors.ts';
import { useRequestPasswordReset } from '../api/account-access.ts';
import { failureText } from './failure-text.ts';

const linkClass = 'font-semibold text-brand-700 underline hover:text-brand-800';

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetRequest>({ resolver: zodResolver(passwordResetRequestSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await request.mutateAsync(values);
      setSentTo(values.email.trim());
    } catch (error) {
      applyRequestError(t, error, setError, ['email'], '');
      setFormError(failureText(t, error));
    }
  });

  const backToLogin = (
    <p className="text-center text-sm text-slate-600">
      <Link to={paths.login} className={linkClass}>
        {t('accountAccess.backToLogin')}
      </Link>
    </p>
  );

  if (sentTo !== null) {
    return (
      <div className="space-y-4">
        <Alert tone="success">
          <span className="break-words">{t('accountAccess.linkSent', { email: sentTo, minutes: RESET_LINK_MINUTES })}</span>
        </Alert>
        {backToLogin}
      </div>
    );
  }

  return (
    <form onSubmit={asyncHandler(onSubmit)} noValidate className="space-y-4">
      {formError ? <Alert>{formError}</Alert> : null}
      <FormTextField
        label={t('accountAccess.email')}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        error={errors.email}
        {...register('email')}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t('accountAccess.sending') : t('accountAccess.sendLink')}
      </Button>
      {backToLogin}
    </form>
  );
}
