/** Issue 27: the two screens after a provider sign-in, outside the protected layout, looking like login (AuthLayout). */
import { useTranslation } from 'react-i18next';
import { useOidcPending } from '../../features/auth/api/oidc.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { CompleteAccountForm, LinkAccountForm } from '../../features/auth/components/oidc-forms.tsx';
import '../../lib/account-strings.ts';

export function OidcCompleteRoute() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('oidc.completeTitle')} subtitle="">
      <CompleteAccountForm />
    </AuthLayout>
  );
}

export function OidcLinkRoute() {
  const { t } = useTranslation();
  const provider = useOidcPending().data?.provider ?? '';
  return (
    <AuthLayout title={t('oidc.linkTitle', { provider })} subtitle="">
      <LinkAccountForm />
    </AuthLayout>
  );
}
