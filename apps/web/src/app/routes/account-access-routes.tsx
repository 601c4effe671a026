/**
 * The account-access screens (issue 15, DESIGN.md §5): 'Forgot password?' beside login, and the mails' links
 * (/reset-password, /verify-email, /unsubscribe, and issue 28's /staff-invitation), outside the protected layout:
 * open signed out and signed in.
 * They look like login (AuthLayout) and bring their strings with them (lib/account-strings.ts).
 */
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ForgotPasswordForm } from '../../features/account-access/components/forgot-password-form.tsx';
import { ResetPasswordForm } from '../../features/account-access/components/reset-password-form.tsx';
import { Unsubscribe } from '../../features/account-access/components/unsubscribe.tsx';
import { VerifyEmail } from '../../features/account-access/components/verify-email.tsx';
import { StaffInvitation } from '../../features/staff/components/staff-invitation.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import '../../lib/account-strings.ts';

/** Whether someone is signed in on this device; undefined while the session is read. */
function useSignedIn(): boolean | undefined {
  const me = useMe();
  return me.isPending ? undefined : Boolean(me.data);
}

/** The link's token, or null when the address has none (the same as an invalid link). */
function useToken(): string | null {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  return token ? token : null;
}

export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  // Beside login: a signed-in reader goes to the app (their profile changes the password).
  const me = useMe();
  if (me.data) return <Navigate to={paths.home} replace />;
  return (
    <AuthLayout title={t('accountAccess.forgotTitle')} subtitle={t('accountAccess.forgotSubtitle')}>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}

export function ResetPasswordRoute() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('accountAccess.resetTitle')} subtitle={t('accountAccess.resetSubtitle')}>
      <ResetPasswordForm token={useToken()} />
    </AuthLayout>
  );
}

export function VerifyEmailRoute() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('accountAccess.verifyTitle')} subtitle="">
      <VerifyEmail token={useToken()} signedIn={useSignedIn()} />
    </AuthLayout>
  );
}

/** Issue 28 §4: an invitation to a business's staff, opened from its mail. */
export function StaffInvitationRoute() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('staff.joinTitle')} subtitle="">
      <StaffInvitation token={useToken()} signedIn={useSignedIn()} />
    </AuthLayout>
  );
}

export function UnsubscribeRoute() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('accountAccess.unsubscribeTitle')} subtitle="">
      <Unsubscribe token={useToken()} signedIn={useSignedIn()} />
    </AuthLayout>
  );
}
