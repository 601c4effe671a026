import { useMe } from '../../features/auth/api/get-me.ts';
import { VerifyEmailDetail } from '../../features/account-access/components/verify-email-detail.tsx';
import { AccountSettings } from '../../features/account-settings/components/account-settings.tsx';
import { ProfileScreen } from '../../features/profile/components/profile-screen.tsx';
import { PushSettingsSection } from '../../features/push/components/push-settings-section.tsx';
import { useMyBusiness } from '../../features/vendors/api/get-my-business.ts';

/**
 * `/profile`: the signed-in user's own profile (the protected layout has already loaded them), its push settings
 * beside the other preferences (issue 29 §1), then the account's settings (issue 15), which need the owner's business
 * state to know whether it must be closed first.
 */
export function ProfileRoute() {
  const me = useMe();
  // The business's state matters to its owner only (closing it; deleting the account): staff do not read it (issue 28 §4).
  const ownsBusiness = Boolean(me.data?.vendor?.permissions.includes('business.close'));
  const myBusiness = useMyBusiness(ownsBusiness);
  if (!me.data) return null;
  return (
    <ProfileScreen
      user={me.data}
      // 'Resend' mails the address waiting for its link when there is one, so the notice names that one.
      notice={me.data.emailVerified ? null : <VerifyEmailDetail email={me.data.pendingEmail ?? me.data.email} />}
      afterPreferences={<PushSettingsSection user={me.data} />}
    >
      <AccountSettings user={me.data} businessStatus={ownsBusiness ? myBusiness.data?.status : undefined} />
    </ProfileScreen>
  );
}
