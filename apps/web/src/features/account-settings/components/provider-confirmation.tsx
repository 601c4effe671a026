/**
 * Issue 27: an account made through an identity provider has no password until it sets one, so the actions that ask
 * for the password (deleting the account, changing the address, closing a business) are confirmed by signing in again
 * at the provider: a sign-in less than five minutes old (OIDC_REAUTH_WINDOW_MS, the API's own rule). In place of the
 * password field those forms show this: 'Confirm with <provider>' (back to the profile), or that it is confirmed and
 * for how long, and where to set a password instead.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OIDC_REAUTH_WINDOW_MS } from '@qrib/shared/oidc-schemas';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { oidcIntentUrl, useSignInMethods } from '../api/sign-in-methods.ts';

export interface ProviderConfirmationState {
  provider: string;
  /** The newest provider sign-in is less than five minutes old (as far as this device's clock can tell). */
  isConfirmed: boolean;
}

/**
 * Null while the account's sign-in methods load and for an account with a password (its forms ask for it as
 * before); otherwise the provider's name and whether a recent sign-in confirms the action. Re-evaluated when the
 * window closes, so the form never claims a confirmation the API would refuse.
 */
export function useProviderConfirmation(): ProviderConfirmationState | null {
  const { data } = useSignInMethods();
  const [now, setNow] = useState(() => Date.now());
  const newest = Math.max(0, ...(data?.identities ?? []).map((identity) => (identity.lastUsedAt ? Date.parse(identity.lastUsedAt) : 0)));
  const expiresAt = newest + OIDC_REAUTH_WINDOW_MS;
  useEffect(() => {
    if (expiresAt <= now) return;
    const timer = window.setTimeout(() => setNow(Date.now()), expiresAt - now);
    return () => window.clearTimeout(timer);
  }, [expiresAt, now]);
  if (!data || data.hasPassword || !data.provider) return null;
  return { provider: data.provider, isConfirmed: expiresAt > now };
}

export function ProviderConfirmation({ state, testId }: { state: ProviderConfirmationState; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2" data-testid={testId}>
      {state.isConfirmed ? (
        <Alert tone="success">{t('oidc.confirmedAtProvider', { provider: state.provider })}</Alert>
      ) : (
        <>
          <p className="text-sm text-slate-700">{t('oidc.confirmInstead', { provider: state.provider })}</p>
          <Button type="button" variant="secondary" onClick={() => window.location.assign(oidcIntentUrl('reauth'))}>
            {t('oidc.confirmWithProvider', { provider: state.provider })}
          </Button>
        </>
      )}
    </div>
  );
}
