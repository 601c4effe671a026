/**
 * Issue 27: after a provider sign-in, 'complete your account' (a phone number and the username to confirm, once) and
 * linking an account that already has the address (its password, once). Both come back to the page the reader came for.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { oidcCompleteRequestSchema, oidcLinkRequestSchema } from '@qrib/shared/oidc-schemas';
import { MESSAGES } from '@qrib/shared/messages';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { asyncHandler } from '../../../lib/async-handler.ts';
import '../../../lib/account-strings.ts';
import { applyRequestError } from '../../../lib/form-errors.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { safeReturnPath } from '../../../lib/return-path.ts';
import { useOidcComplete, useOidcLink, useOidcPending } from '../api/oidc.ts';

function Expired() {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <Alert>{t('oidc.errors.expired')}</Alert>
      <Link to={paths.login} className="font-semibold text-brand-700 underline hover:text-brand-800">
        {t('auth.loginButton')}
      </Link>
    </div>
  );
}

export function CompleteAccountForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pending = useOidcPending();
  const complete = useOidcComplete();
  const [formError, setFormError] = useState<string | null>(null);
  type Values = z.input<typeof oidcCompleteRequestSchema>;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof oidcCompleteRequestSchema>>({
    resolver: zodResolver(oidcCompleteRequestSchema),
    values: { phone: '', username: pending.data?.suggestedUsername ?? '' },
    resetOptions: { keepDirtyValues: true },
  });
  if (pending.isPending) return null;
  if (!pending.data || pending.data.kind !== 'signup') return <Expired />;
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await complete.mutateAsync(values);
      await navigate(safeReturnPath(answer.returnTo) ?? paths.home, { replace: true });
    } catch (error) {
      setFormError(applyRequestError(t, error, setError, ['phone', 'username'], MESSAGES.signupFailed));
    }
  });
  return (
    <form onSubmit={asyncHandler(onSubmit)} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        {t('oidc.completeIntro', { provider: pending.data.provider, email: pending.data.email })}
      </p>
      {formError ? <Alert>{translateMessage(t, formError)}</Alert> : null}
      <FormTextField label={t('auth.username')} autoComplete="username" autoCapitalize="none" error={errors.username} {...register('username')} />
      <FormTextField label={t('auth.phone')} type="tel" autoComplete="tel" error={errors.phone} {...register('phone')} />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {t('oidc.createAccount')}
      </Button>
    </form>
  );
}

export function LinkAccountForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pending = useOidcPending();
  const link = useOidcLink();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof oidcLinkRequestSchema>>({ resolver: zodResolver(oidcLinkRequestSchema), defaultValues: { password: '' } });
  if (pending.isPending) return null;
  if (!pending.data || pending.data.kind !== 'link') return <Expired />;
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await link.mutateAsync(values);
      await navigate(safeReturnPath(answer.returnTo) ?? paths.home, { replace: true });
    } catch (error) {
      setFormError(applyRequestError(t, error, setError, ['password'], MESSAGES.loginFailed));
    }
  });
  return (
    <form onSubmit={asyncHandler(onSubmit)} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        {t('oidc.linkIntro', { provider: pending.data.provider, email: pending.data.email })}
      </p>
      {formError ? <Alert>{translateMessage(t, formError)}</Alert> : null}
      <FormTextField label={t('auth.password')} type="password" autoComplete="current-password" error={errors.password} {...register('password')} />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {t('oidc.linkButton')}
      </Button>
    </form>
  );
}
