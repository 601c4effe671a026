/**
 * /staff-invitation?token=… (issue 28 §4): the page an invitation's mail opens. Signed out, it explains and leads to
 * login or sign-up, which come back here; signed in, 'Join the team' accepts with the account (the API checks it is
 * the invited address), then the app is read again and the person goes to the till (a cashier) or the dashboard.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { StaffMembership } from '@qrib/shared/staff';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { translateError } from '../../../lib/i18n.ts';
import { withReturnPath } from '../../../lib/return-path.ts';
import { useAcceptInvitation } from '../api/staff.ts';
import { roleLabel } from './staff-screen.tsx';
import '../../../lib/owner-strings.ts';

const linkButton = 'inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2.5 text-sm font-semibold';

export function StaffInvitation({ token, signedIn }: { token: string | null; signedIn: boolean | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const [joined, setJoined] = useState<StaffMembership | null>(null);

  if (!token) return <Alert>{t('staff.missingToken')}</Alert>;
  if (signedIn === undefined) return null;
  const here = `${paths.staffInvitation}?${new URLSearchParams({ token }).toString()}`;

  if (joined) {
    const isCashier = !joined.permissions.includes('insights.view');
    return (
      <div className="space-y-4">
        <Alert tone="success">{t('staff.joinedBusiness', { business: joined.businessName, role: roleLabel(t, joined.role) })}</Alert>
        <Button className="w-full" onClick={() => void navigate(isCashier ? paths.redeem : paths.home, { replace: true })}>
          {isCashier ? t('staff.openTill') : t('staff.openDashboard')}
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t('staff.joinBody')}</p>
      {signedIn ? (
        <>
          {accept.isError ? <Alert>{translateError(t, accept.error)}</Alert> : null}
          <Button className="w-full" disabled={accept.isPending} onClick={() => accept.mutate(token, { onSuccess: setJoined })}>
            {accept.isPending ? t('staff.accepting') : t('staff.accept')}
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-600">{t('staff.joinSignedOut')}</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Link to={withReturnPath(paths.login, here)} className={`${linkButton} flex-1 bg-brand-700 text-white hover:bg-brand-800`}>
              {t('staff.login')}
            </Link>
            <Link to={withReturnPath(paths.signup, here)} className={`${linkButton} flex-1 border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}>
              {t('staff.signup')}
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
