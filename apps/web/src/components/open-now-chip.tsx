/** Issue 28 §2: the "Open now" chip of the home and the search: a toggle (aria-pressed) for only the shops open now. */
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function OpenNowChip({ pressed, onChange }: { pressed: boolean; onChange: (pressed: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={() => onChange(!pressed)}
      data-testid="open-now-chip"
      className={`inline-flex min-h-11 items-center gap-1.5 rounded-full border px-4 py-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
        pressed ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
      }`}
    >
      <Clock aria-hidden="true" className="size-4" />
      {t('openStatus.chip')}
    </button>
  );
}
