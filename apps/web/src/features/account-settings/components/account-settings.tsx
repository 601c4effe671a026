/**
 * The profile's account settings (issue 15): password, address, the data export, and leaving — an owner whose
 * business is open closes it first ('Close your business first'), everyone else may delete the account. An account
 * without a password (issue 27) sets one under Sign-in methods and confirms the rest at its provider.
 */
import '../../../lib/account-strings.ts';
import { useTranslation } from 'react-i18next';
import type { User } from '@qrib/shared/auth-schemas';
import { Alert } from '../../../components/ui/alert.tsx';
import { useSignInMethods } from '../api/sign-in-methods.ts';
import { ChangeEmailForm } from './change-email-form.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { CloseBusinessSection } from './close-business-section.tsx';
import { DataExportSection } from './data-export-section.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { SettingsSection } from './settings-section.tsx';
import { SignInMethodsSection } from './sign-in-methods-section.tsx';

/**
 * `businessStatus`: the owner's business state as GET /vendors/me answers it (undefined while it loads, or for a
 * shopper).
 */
export function AccountSettings({ user, businessStatus }: { user: User; businessStatus: string | undefined }) {
  const { t } = useTranslation();
  // Only the owner closes the business (`business.close`); a manager's or a cashier's account is theirs alone (issue 28 §4).
  const business = user.vendor?.permissions.includes('business.close') ? user.vendor : null;
  const isBusinessOpen = business !== null && businessStatus !== 'CLOSED';
  // An account made through a provider has no password to change: it sets a first one under Sign-in methods.
  const hasPassword = useSignInMethods().data?.hasPassword !== false;
  return (
    <>
      <SignInMethodsSection />
      {hasPassword ? <ChangePasswordForm /> : null}
      <ChangeEmailForm user={user} />
      <DataExportSection isOwner={business !== null} />
      {business && businessStatus !== undefined ? <CloseBusinessSection businessName={business.businessName} isClosed={businessStatus === 'CLOSED'} /> : null}
      {isBusinessOpen ? (
        <SettingsSection title={t('accountSettings.deleteTitle')} testId="delete-account-blocked">
          <div className="mt-3">
            <Alert tone="info">
              <strong className="block font-semibold">{t('accountSettings.closeFirstTitle')}</strong>
              {t('accountSettings.closeFirst')}
            </Alert>
          </div>
        </SettingsSection>
      ) : (
        <DeleteAccountSection username={user.username} />
      )}
    </>
  );
}
