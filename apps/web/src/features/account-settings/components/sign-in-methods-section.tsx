/**
 * Issue 27: the profile's 'Sign-in methods': the password (or none), the linked provider identities with Unlink (the
 * last way to sign in cannot go: the API's 409 is shown), Link <provider>, and for an account without a password a
 * first password (after confirming at the provider less than five minutes ago) and 'Confirm with <provider>'.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@qrib/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { translateMessage } from '../../../lib/i18n.ts';
import { applyRequestError } from '../../../lib/form-errors.ts';
import { oidcIntentUrl, useSetPassword, useSignInMethods, useUnlinkIdentity } from '../api/sign-in-methods.ts';
import { SettingsSection } from './settings-section.tsx';

export function SignInMethodsSection() {
  const { t } = useTranslation();
  const methods = useSignInMethods();
  const unlink = useUnlinkIdentity();
  const setPassword = useSetPassword();
  const [password, setPasswordValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const data = methods.data;
  if (!data || (data.provider === null && data.identities.length === 0)) return null;
  const provider = data.provider ?? '';
  const fail = (cause: unknown) => setError(applyRequestError(t, cause, () => undefined, [], MESSAGES.internalError));
  return (
    <SettingsSection title={t('oidc.methodsTitle')} testId="sign-in-methods">
      <ul className="mt-3 space-y-2 text-sm">
        <li className="flex items-center justify-between gap-2">
          <span>{t('oidc.passwordMethod')}</span>
          <span className="text-slate-600">{data.hasPassword ? '••••••••' : t('oidc.noPassword')}</span>
        </li>
        {data.identities.map((identity) => (
          <li key={identity.id} className="flex items-center justify-between gap-2">
            <span className="min-w-0 truncate">
              {provider} {identity.email ? `· ${identity.email}` : ''}
            </span>
            <Button
              variant="secondary"
              onClick={() => {
                setError(null);
                unlink.mutate(identity.id, { onError: fail });
              }}
            >
              {t('oidc.unlink')}
            </Button>
          </li>
        ))}
      </ul>
      {error ? (
        <div className="mt-3">
          <Alert>{translateMessage(t, error)}</Alert>
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {data.provider ? (
          <Button variant="secondary" onClick={() => window.location.assign(oidcIntentUrl('link'))}>
            {t('oidc.linkAnother', { provider })}
          </Button>
        ) : null}
        {!data.hasPassword && data.provider ? (
          <Button variant="secondary" onClick={() => window.location.assign(oidcIntentUrl('reauth'))}>
            {t('oidc.confirmWithProvider', { provider })}
          </Button>
        ) : null}
      </div>
      {!data.hasPassword ? (
        <form
          className="mt-3 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            setPassword.mutate(password, { onError: fail, onSuccess: () => setPasswordValue('') });
          }}
        >
          <TextField label={t('auth.password')} type="password" autoComplete="new-password" value={password} onChange={(event) => setPasswordValue(event.target.value)} />
          <Button type="submit">{t('oidc.setPassword')}</Button>
        </form>
      ) : null}
    </SettingsSection>
  );
}
