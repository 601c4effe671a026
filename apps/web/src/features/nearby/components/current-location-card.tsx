/** The Current Location card with a working Change: search a Maltese locality, or go back to the device. */
import { MapPin } from 'lucide-react';
import { Suspense, lazy, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { usePlaceName } from '../../../lib/reverse-geocode.ts';
import type { Point } from '../../../lib/shopper-location.ts';

const LocalityPicker = lazy(() => import('./locality-picker.tsx').then((module) => ({ default: module.LocalityPicker })));

export interface CurrentLocationCardProps {
  fetchLocation: Point | undefined;
  place: string | undefined;
  onChoosePlace: (place: { name: string; latitude: number; longitude: number }) => void;
  onUseDevice: () => void;
}

export function CurrentLocationCard({ fetchLocation, place, onChoosePlace, onUseDevice }: CurrentLocationCardProps) {
  const { t } = useTranslation();
  const searchId = useId();
  const [isChanging, setIsChanging] = useState(false);
  const placeName = usePlaceName(fetchLocation, place);

  const shown = placeName ?? t('home.deviceLocation');

  return (
    <section aria-labelledby={`${searchId}-title`} className="rounded-2xl border border-slate-200 bg-white px-3 py-2">
      <div className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-2">
          <MapPin aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
          <div className="min-w-0">
            <h2 id={`${searchId}-title`} className="text-xs font-medium text-slate-600">
              {t('home.currentLocation')}
            </h2>
            <p className="truncate text-sm font-semibold text-slate-900" data-testid="current-place">
              <bdi>{shown}</bdi>
            </p>
          </div>
        </div>
        <Button variant="secondary" onClick={() => setIsChanging((value) => !value)} aria-expanded={isChanging}>
          {t('home.change')}
        </Button>
      </div>
      {isChanging ? (
        <Suspense
          fallback={
            <p role="status" className="mt-3 text-sm text-slate-600">
              {t('messages.loadingEllipsis')}
            </p>
          }
        >
          <LocalityPicker searchId={searchId} onChoosePlace={onChoosePlace} onUseDevice={onUseDevice} onClose={() => setIsChanging(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
