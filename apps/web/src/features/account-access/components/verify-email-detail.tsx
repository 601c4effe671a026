/**
 * The unverified address in full, on the profile (issue 27; the one-line notice on every page links here): which
 * address waits for its link, and 'Resend'. Opened as /profile#verify-email it scrolls itself into view.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import '../../../lib/account-strings.ts';
import { useResendVerification } from '../api/account-access.ts';
import { failureText } from './failure-text.ts';

export const VERIFY_EMAIL_ANCHOR = 'verify-email';

export function VerifyEmailDetail({ email }: { email: string }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (hash === `#${VERIFY_EMAIL_ANCHOR}`) section.current?.scrollIntoView({ block: 'center' });
  }, [hash]);

  return (
    <section
      ref={section}
      id={VERIFY_EMAIL_ANCHOR}
      aria-label={t('accountAccess.verifyTitle')}
      data-testid="verify-email-detail"
      className="space-y-2 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      {/* A long address wraps rather than widen a phone's page. */}
      <p className="break-words">{t('accountAccess.bannerText', { email })}</p>
      {resend.isSuccess ? (
        <p role="status" className="font-semibold">
          {t('accountAccess.resent')}
        </p>
      ) : (
        <Button variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending ? t('accountAccess.resending') : t('accountAccess.resend')}
        </Button>
      )}
      {resend.isError ? (
        <p role="alert" className="font-semibold text-red-800">
          {failureText(t, resend.error)}
        </p>
      ) : null}
    </section>
  );
}
