/** List or map (ADR 013): two pressed/unpressed buttons; the list is the default and always holds every offer. */
import { List, Map as MapIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export type OffersView = 'list' | 'map';

export function ViewToggle({ view, onChange }: { view: OffersView; onChange: (view: OffersView) => void }) {
  const { t } = useTranslation();
  const choices = [
    { value: 'list' as const, label: t('map.list'), Icon: List },
    { value: 'map' as const, label: t('map.map'), Icon: MapIcon },
  ];
  return (
    <div role="group" aria-label={t('map.viewLabel')} className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
      {choices.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          onClick={() => onChange(value)}
          className={`inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
            view === value ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'
          }`}
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </button>
      ))}
    </div>
  );
}
