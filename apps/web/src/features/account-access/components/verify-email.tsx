/**
 * /verify-email?token=… (issue 15): verifies on opening, once (React's StrictMode runs an effect twice in
 * development: the token already sent is remembered), then says which address is verified, or the link's message.
 * The way on is home for a signed-in reader, login for anyone else (the app layer tells which).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MESSAGES } from '@qrib/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { paths } from '../../../config/paths.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { useVerifyEmail } from '../api/account-access.ts';
import { failureText } from './failure-text.ts';

const linkClass = 'font-semibold text-brand-700 underline hover:text-brand-800';

/** Home for a signed-in reader, login for anyone else (nothing while the session is read: undefined). */
export function OnwardLink({ signedIn }: { signedIn: boolean | undefined }) {
  const { t } = useTranslation();
  if (signedIn === undefined) return null;
  return (
    <p className="text-center text-sm">
      {signedIn ? (
        <Link to={paths.home} className={linkClass}>
          {t('accountAccess.goHome')}
        </Link>
      ) : (
        <Link to={paths.login} className={linkClass}>
          {t('accountAccess.goToLogin')}
        </Link>
      )}
    </p>
  );
}

export function VerifyEmail({ token, signedIn }: { token: string | null; signedIn: boolean | undefined }) {
  const { t } = useTranslation();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (token === null || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  let state;
  if (token === null) state = <Alert>{translateMessage(t, MESSAGES.verifyLinkInvalid)}</Alert>;
  else if (verify.isSuccess) state = (
      <Alert tone="success">
        <span className="break-words">{t('accountAccess.verified', { email: verify.data })}</span>
      </Alert>
    );
  else if (verify.isError) state = <Alert>{failureText(t, verify.error)}</Alert>;
  else
    state = (
      <p role="status" className="text-sm text-slate-700">
        {t('accountAccess.verifying')}
      </p>
    );

  return (
    <div className="space-y-4">
      {state}
      <OnwardLink signedIn={signedIn} />
    </div>
  );
}
