/**
 * The Current Location card's Change panel: search a Maltese locality, or go back to the device. Its own chunk, with
 * the localities' list: loaded when the shopper opens Change, not on the home's first load (issue 12's budget).
 */
import { LocateFixed } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MALTA_LOCALITIES } from '@qrib/shared/malta-localities';
import { Button } from '../../../components/ui/button.tsx';

export interface LocalityPickerProps {
  searchId: string;
  /** Its heading: 'Change location' under the Current Location card, the town prompt in the location-refused message. */
  title?: string;
  onChoosePlace: (place: { name: string; latitude: number; longitude: number }) => void;
  onUseDevice: () => void;
  onClose: () => void;
}

export function LocalityPicker({ searchId, title, onChoosePlace, onUseDevice, onClose }: LocalityPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const matches = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    if (!needle) return [];
    return MALTA_LOCALITIES.filter((locality) => locality.name.toLocaleLowerCase().includes(needle)).slice(0, 8);
  }, [search]);

  return (
    <div className="mt-4 space-y-3 border-t border-slate-100 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">{title ?? t('home.changeLocationTitle')}</h3>
      <label htmlFor={searchId} className="sr-only">
        {t('home.searchLocality')}
      </label>
      <input
        id={searchId}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t('home.searchLocality')}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm"
      />
      {search.trim() && matches.length === 0 ? <p className="text-sm text-slate-600">{t('home.noLocalityMatch')}</p> : null}
      {matches.length > 0 ? (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {matches.map((locality) => (
            <li key={locality.name}>
              <button
                type="button"
                className="min-h-11 w-full px-3 py-2 text-start text-sm text-slate-800 hover:bg-slate-50"
                onClick={() => {
                  onChoosePlace(locality);
                  onClose();
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
          onClose();
        }}
      >
        <LocateFixed aria-hidden="true" className="size-4" />
        {t('home.useDeviceLocation')}
      </Button>
    </div>
  );
}
