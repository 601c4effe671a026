/**
 * The unverified-address notice of the protected layout (issues 15 and 27): one line in the page's flow above its
 * content (it covers nothing), linking to the detail on the profile (the address, 'Resend'), with a close button that
 * hides it for this visit (the tab's session). Its own small chunk, loaded only for an account whose address is not
 * verified; its words are in the first load's catalog, so the chunk does not bring the accounts' strings.
 */
import { MailWarning, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { dismissVerifyBanner, isVerifyBannerDismissed } from '../verify-banner-state.ts';

/** VerifyEmailDetail's anchor on the profile (verify-email-detail.tsx; not imported, to keep this chunk small). */
const DETAIL_ANCHOR = 'verify-email';

export function VerifyEmailBanner({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => isVerifyBannerDismissed(userId));
  if (dismissed) return null;

  return (
    <section
      aria-label={t('cards.verifyLine')}
      data-testid="verify-email-banner"
      className="mx-auto mb-3 flex max-w-3xl items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 ps-3 text-sm text-amber-950"
    >
      <MailWarning aria-hidden="true" className="size-4 shrink-0" />
      <p className="min-w-0 flex-1 truncate">{t('cards.verifyLine')}</p>
      <Link to={`${paths.profile}#${DETAIL_ANCHOR}`} className="flex min-h-11 shrink-0 items-center px-2 font-semibold underline">
        {t('cards.verifyDetails')}
      </Link>
      <button
        type="button"
        onClick={() => {
          dismissVerifyBanner(userId);
          setDismissed(true);
        }}
        aria-label={t('cards.dismiss')}
        className="flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-lg text-amber-950 hover:bg-amber-100"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </section>
  );
}
