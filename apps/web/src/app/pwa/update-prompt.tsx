/** 'A new version is available' with Reload, while a new service worker waits (update-offer.ts). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { useUpdateOffer } from './update-offer.ts';

export function UpdatePrompt() {
  const { t } = useTranslation();
  const activate = useUpdateOffer();
  const [reloading, setReloading] = useState(false);
  return (
    <div role="status" className="pointer-events-auto">
      {activate ? (
        <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white py-2 ps-4 pe-2 text-sm text-slate-900 shadow-lg">
          <p>{t('pwa.updateAvailable')}</p>
          <Button
            className="min-h-11"
            disabled={reloading}
            onClick={() => {
              setReloading(true);
              // A worker that could not be asked (a newer one replaced it meanwhile) leaves Reload to be pressed again.
              activate().catch(() => setReloading(false));
            }}
          >
            {t('pwa.reload')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
