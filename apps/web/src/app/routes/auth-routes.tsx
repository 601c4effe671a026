import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { SignupForm } from '../../features/auth/components/signup-form.tsx';
import { returnPathFrom } from '../../lib/return-path.ts';
import { FullPageLoading } from './full-page-loading.tsx';

/** Login and sign-up are for visitors; a signed-in reader goes straight to the app (to the page to return to, if any). */
function PublicOnly({ children }: { children: React.ReactNode }) {
  const me = useMe();
  const { search } = useLocation();
  if (me.isPending) return <FullPageLoading />;
  if (me.data) return <Navigate to={returnPathFrom(search) ?? paths.home} replace />;
  return children;
}

export function LoginRoute() {
  const { t } = useTranslation();
  return (
    <PublicOnly>
      <AuthLayout title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
        <LoginForm />
      </AuthLayout>
    </PublicOnly>
  );
}

export function SignupRoute() {
  const { t } = useTranslation();
  return (
    <PublicOnly>
      <AuthLayout title={t('auth.signupTitle')} subtitle={t('auth.signupSubtitle')}>
        <SignupForm />
      </AuthLayout>
    </PublicOnly>
  );
}
