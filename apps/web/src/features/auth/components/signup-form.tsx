/** Sign-up (spec §2.1, §5): the five rules in the spec's order; the confirmation is never sent. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { signupFormSchema, type SignupForm as SignupValues } from '@qrib/shared/auth-schemas';
import { MESSAGES } from '@qrib/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { asyncHandler } from '../../../lib/async-handler.ts';
import { applyRequestError } from '../../../lib/form-errors.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { returnPathFrom, withReturnPath } from '../../../lib/return-path.ts';
import { useSignup } from '../api/signup.ts';

// The confirmation is never sent, so the server can only name these.
const SENT_FIELDS = ['name', 'email', 'phone', 'username', 'password'] as const;

export function SignupForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Signing up signs in: a shared page opened signed out is where the new account lands.
  const returnPath = returnPathFrom(useLocation().search);
  const signupMutation = useSignup();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupValues>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { name: '', email: '', phone: '', username: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ name, email, phone, username, password }) => {
    setFormError(null);
    try {
      await signupMutation.mutateAsync({ name, email, phone, username, password });
      await navigate(returnPath ?? paths.home, { replace: true });
    } catch (error) {
      setFormError(applyRequestError(t, error, setError, SENT_FIELDS, MESSAGES.signupFailed));
    }
  });

  return (
    <form onSubmit={asyncHandler(onSubmit)} noValidate className="space-y-4">
      {formError ? <Alert>{translateMessage(t, formError)}</Alert> : null}
      <FormTextField label={t('auth.name')} autoComplete="name" error={errors.name} {...register('name')} />
      <FormTextField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        error={errors.email}
        {...register('email')}
      />
      <FormTextField
        label={t('auth.phone')}
        type="tel"
        autoComplete="tel"
        error={errors.phone}
        {...register('phone')}
      />
      <FormTextField
        label={t('auth.username')}
        autoComplete="username"
        autoCapitalize="none"
        error={errors.username}
        {...register('username')}
      />
      <FormTextField
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        minLength={8}
        error={errors.password}
        {...register('password')}
      />
      <FormTextField
        label={t('auth.confirmPassword')}
        type="password"
        autoComplete="new-password"
        minLength={8}
        error={errors.confirmPassword}
        {...register('confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t('auth.signingUp') : t('auth.signupButton')}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t('auth.haveAccount')}{' '}
        <Link to={withReturnPath(paths.login, returnPath)} className="font-semibold text-brand-700 underline hover:text-brand-800">
          {t('auth.loginLink')}
        </Link>
      </p>
    </form>
  );
}
