/**
 * Location refused or unavailable (spec §4's messages, issue 27): the message, and right in it the town picker, so
 * choosing a town shows its offers at once instead of a dead end. The picker is its own chunk (the localities' list),
 * fetched only when the message shows.
 */
import { AlertTriangle } from 'lucide-react';
import { Suspense, lazy, useId } from 'react';
import { useTranslation } from 'react-i18next';

const LocalityPicker = lazy(() => import('./locality-picker.tsx').then((module) => ({ default: module.LocalityPicker })));

export interface LocationFallbackProps {
  unsupported: boolean;
  denied: boolean;
  onChoosePlace: (place: { name: string; latitude: number; longitude: number }) => void;
  onUseDevice: () => void;
}

export function LocationFallback({ unsupported, denied, onChoosePlace, onUseDevice }: LocationFallbackProps) {
  const { t } = useTranslation();
  const searchId = useId();
  return (
    <div className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="location-fallback">
      <div role="alert" className="space-y-2">
        <h3 className="flex items-center gap-2 font-semibold">
          <AlertTriangle aria-hidden="true" className="size-5" />
          {t('messages.locationErrorTitle')}
        </h3>
        <p>
          {unsupported ? t('messages.customerGeoUnsupported') : t('messages.customerGeoFailed')}
          {denied ? ` ${t('messages.customerGeoDenied')}` : ''}
        </p>
        <p className="text-sm">{t('messages.enableLocationBanner')}</p>
      </div>
      <Suspense
        fallback={
          <p role="status" className="text-sm">
            {t('messages.loadingEllipsis')}
          </p>
        }
      >
        <LocalityPicker searchId={searchId} title={t('cards.chooseTown')} onChoosePlace={onChoosePlace} onUseDevice={onUseDevice} onClose={() => undefined} />
      </Suspense>
    </div>
  );
}
