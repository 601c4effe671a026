/** Login (spec §2.1, §5): username and password rules, 'Login with OAuth', link to sign up. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginRequestSchema, type LoginForm as LoginValues, type LoginRequest } from '@qrib/shared/auth-schemas';
import { MESSAGES } from '@qrib/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { asyncHandler } from '../../../lib/async-handler.ts';
import '../../../lib/account-strings.ts';
import { applyRequestError } from '../../../lib/form-errors.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { returnPathFrom, withReturnPath } from '../../../lib/return-path.ts';
import { useLogin } from '../api/login.ts';
import { useClientConfig } from '../../../lib/client-config.ts';
import { OIDC_ERROR_CODES, type OidcErrorCode } from '@qrib/shared/oidc-schemas';

/** Issue 27: why a provider sign-in came back here (`?oidcError=`), if it is one the catalogs name. */
function oidcErrorFrom(search: string): OidcErrorCode | null {
  const code = new URLSearchParams(search).get('oidcError');
  return (OIDC_ERROR_CODES as readonly string[]).includes(code ?? '') ? (code as OidcErrorCode) : null;
}

/** Issue 27: the provider's start, coming back to the page the reader came for. */
export function oidcStartUrl(returnPath: string | null): string {
  return `/api/v1/auth/oidc/start${returnPath ? `?returnTo=${encodeURIComponent(returnPath)}` : ''}`;
}

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A shared page opened signed out: the reader returns to it after login (or after signing up instead).
  const location = useLocation();
  const returnPath = returnPathFrom(location.search);
  // Just after deleting the account (the profile's settings tell it, and their strings came with that screen).
  const isAccountDeleted = typeof location.state === 'object' && location.state !== null && 'accountDeleted' in location.state;
  const loginMutation = useLogin();
  // Issue 27: with a provider configured the OAuth button signs in there; without one it keeps the spec's message.
  const oidcProvider = useClientConfig().data?.oidcProvider ?? null;
  const oidcError = oidcErrorFrom(location.search);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues, unknown, LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await loginMutation.mutateAsync(values);
      await navigate(returnPath ?? paths.home, { replace: true });
    } catch (error) {
      setFormError(applyRequestError(t, error, setError, ['username', 'password'], MESSAGES.loginFailed));
    }
  });

  return (
    <form onSubmit={asyncHandler(onSubmit)} noValidate className="space-y-4">
      {isAccountDeleted && !formError ? <Alert tone="success">{t('accountSettings.deleted')}</Alert> : null}
      {formError ? <Alert>{translateMessage(t, formError)}</Alert> : null}
      {oidcError && !formError ? <Alert>{t(`oidc.errors.${oidcError}`)}</Alert> : null}
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
        autoComplete="current-password"
        minLength={8}
        error={errors.password}
        {...register('password')}
      />
      <p className="-mt-2 text-end text-sm">
        <Link to={paths.forgotPassword} className="font-semibold text-brand-700 underline hover:text-brand-800">
          {t('accountAccess.forgotLink')}
        </Link>
      </p>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t('auth.loggingIn') : t('auth.loginButton')}
      </Button>
      <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        {t('auth.or')}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <Button
        variant="secondary"
        className="w-full"
        onClick={() => {
          if (oidcProvider) window.location.assign(oidcStartUrl(returnPath));
          else setFormError(MESSAGES.oauthNotImplemented);
        }}
      >
        {oidcProvider ? t('oidc.continueWith', { provider: oidcProvider }) : t('auth.oauthButton')}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t('auth.noAccount')}{' '}
        <Link to={withReturnPath(paths.signup, returnPath)} className="font-semibold text-brand-700 underline hover:text-brand-800">
          {t('auth.signupLink')}
        </Link>
      </p>
    </form>
  );
}
