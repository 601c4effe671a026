/**
 * The unverified-address notice of the protected layout (issue 15): in the page's flow above its content (it covers
 * nothing), with 'Resend' and a close button that hides it for this visit (the tab's session). It and its strings
 * come in their own chunk, loaded only for an account whose address is not verified.
 */
import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import '../../../lib/account-strings.ts';
import { useResendVerification } from '../api/account-access.ts';
import { failureText } from './failure-text.ts';

const DISMISSED_KEY = 'qrib.verifyBannerDismissed';

function readDismissed(userId: number): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === String(userId);
  } catch {
    return false;
  }
}

function rememberDismissed(userId: number): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, String(userId));
  } catch {
    // No storage (a private window's quota): hidden until the page is reloaded.
  }
}

export function VerifyEmailBanner({ userId, email }: { userId: number; email: string }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => readDismissed(userId));
  const resend = useResendVerification();
  if (dismissed) return null;

  return (
    <section
      aria-label={t('accountAccess.verifyTitle')}
      data-testid="verify-email-banner"
      className="mx-auto mb-4 flex max-w-3xl items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <div className="min-w-0 flex-1 space-y-2">
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
      </div>
      <button
        type="button"
        onClick={() => {
          rememberDismissed(userId);
          setDismissed(true);
        }}
        aria-label={t('accountAccess.dismiss')}
        className="flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-lg text-amber-950 hover:bg-amber-100"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </section>
  );
}
