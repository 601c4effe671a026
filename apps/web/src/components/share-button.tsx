/**
 * Share with the device's own sheet when it has one, else copy the link and say so. The link is the public page the
 * server renders for shared links (issue 27: `/o/:offerId`, `/s/:vendorId`), which messengers preview and anyone
 * can open, not the app's own route behind the login.
 */
import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function ShareButton({ title, path, className }: { title: string; path: string; className: string }) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<'copied' | 'failed' | null>(null);
  const share = async () => {
    const url = `${window.location.origin}${path}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
      } catch {
        // Closing the sheet is no error worth showing.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setNotice('copied');
    } catch {
      setNotice('failed');
    }
  };
  return (
    <>
      <button type="button" onClick={() => void share()} aria-label={t('offerPage.shareLabel', { title })} className={className}>
        <Share2 aria-hidden="true" className="size-4" />
        {t('offerPage.share')}
      </button>
      <p role="status" className="basis-full text-sm font-medium text-slate-700 empty:hidden">
        {notice === 'copied' ? t('offerPage.linkCopied') : notice === 'failed' ? t('offerPage.copyFailed') : null}
      </p>
    </>
  );
}
