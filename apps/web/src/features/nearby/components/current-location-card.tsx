/** The Current Location card with a working Change: search a Maltese locality, or go back to the device. */
import { LocateFixed, MapPin } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MALTA_LOCALITIES } from '@qrib/shared/malta-localities';
import { Button } from '../../../components/ui/button.tsx';
import { usePlaceName } from '../../../lib/reverse-geocode.ts';
import type { Point } from '../../../lib/shopper-location.ts';

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
  const [search, setSearch] = useState('');
  const placeName = usePlaceName(fetchLocation, place);

  const matches = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    if (!needle) return [];
    return MALTA_LOCALITIES.filter((locality) => locality.name.toLocaleLowerCase().includes(needle)).slice(0, 8);
  }, [search]);

  const shown = placeName ?? t('home.deviceLocation');

  return (
    <section aria-labelledby={`${searchId}-title`} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <div className="min-w-0">
            <h2 id={`${searchId}-title`} className="text-sm font-medium text-slate-600">
              {t('home.currentLocation')}
            </h2>
            <p className="truncate font-semibold text-slate-900" data-testid="current-place">
              <bdi>{shown}</bdi>
            </p>
          </div>
        </div>
        <Button variant="secondary" onClick={() => setIsChanging((value) => !value)} aria-expanded={isChanging}>
          {t('home.change')}
        </Button>
      </div>
      {isChanging ? (
        <div className="mt-4 space-y-3 border-t border-slate-100 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">{t('home.changeLocationTitle')}</h3>
          <label htmlFor={searchId} className="sr-only">
            {t('home.searchLocality')}
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('home.searchLocality')}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-sm"
          />
          {search.trim() && matches.length === 0 ? <p className="text-sm text-slate-600">{t('home.noLocalityMatch')}</p> : null}
          {matches.length > 0 ? (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {matches.map((locality) => (
                <li key={locality.name}>
                  <button
                    type="button"
                    className="w-full px-3 py-2 text-start text-sm text-slate-800 hover:bg-slate-50"
                    onClick={() => {
                      onChoosePlace(locality);
                      setIsChanging(false);
                      setSearch('');
                    }}
                  >
                    {locality.name}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <Button
            variant="ghost"
            onClick={() => {
              onUseDevice();
              setIsChanging(false);
            }}
          >
            <LocateFixed aria-hidden="true" className="size-4" />
            {t('home.useDeviceLocation')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
