/** 'You are offline' over every screen while the browser has no connection (a status, announced when it appears). */
import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/use-online.ts';

export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  // The live region is always there, so screen readers announce the text when it is added.
  return (
    <div role="status" className="pointer-events-auto">
      {online ? null : (
        <p className="flex items-center gap-2 rounded-full bg-slate-800 px-4 py-2 text-sm font-medium text-white shadow-lg">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          {t('pwa.offline')}
        </p>
      )}
    </div>
  );
}
