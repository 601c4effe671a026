/**
 * /reset-password?token=… (issue 15): the new password twice, with the sign-up rule's messages. Saved, the person is
 * signed in (the session read again) and taken home. A link that is wrong, expired or used, or no token at all,
 * shows the link's message and the way back to 'Forgot password?'.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { resetPasswordFormSchema, type ResetPasswordForm as ResetValues } from '@qrib/shared/account-schemas';
import { MESSAGES } from '@qrib/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { asyncHandler } from '../../../lib/async-handler.ts';
import { applyRequestError } from '../../../lib/form-errors.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { useConfirmPasswordReset } from '../api/account-access.ts';
import { failureText } from './failure-text.ts';

const linkClass = 'font-semibold text-brand-700 underline hover:text-brand-800';

/** The link's own message (wrong, expired, used or missing) and the way to a new one. */
export function InvalidResetLink() {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <Alert>{translateMessage(t, MESSAGES.resetLinkInvalid)}</Alert>
      <p className="text-center text-sm">
        <Link to={paths.forgotPassword} className={linkClass}>
          {t('accountAccess.askNewLink')}
        </Link>
      </p>
    </div>
  );
}

export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  const [linkInvalid, setLinkInvalid] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    if (token === null) return;
    setFormError(null);
    try {
      await confirm.mutateAsync({ token, password });
      await navigate(paths.home, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code?.code === 'resetLinkInvalid') {
        setLinkInvalid(true);
        return;
      }
      applyRequestError(t, error, setError, ['password'], '');
      const namesField = error instanceof ApiError && 'password' in error.fieldErrorCodes;
      setFormError(namesField ? null : failureText(t, error));
    }
  });

  if (token === null || linkInvalid) return <InvalidResetLink />;

  return (
    <form onSubmit={asyncHandler(onSubmit)} noValidate className="space-y-4">
      {formError ? <Alert>{formError}</Alert> : null}
      <FormTextField
        label={t('accountAccess.newPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.password}
        {...register('password')}
      />
      <FormTextField
        label={t('accountAccess.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
        {...register('confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t('accountAccess.saving') : t('accountAccess.savePassword')}
      </Button>
    </form>
  );
}
