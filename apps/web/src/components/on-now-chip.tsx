/**
 * Issue 28 §3: the "On now" chip of the home and the search, beside Open now: a toggle (aria-pressed) for only the
 * offers that hold now (no happy hour, or inside its window). Drawn as the Open now chip is.
 */
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function OnNowChip({ pressed, onChange }: { pressed: boolean; onChange: (pressed: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={() => onChange(!pressed)}
      data-testid="on-now-chip"
      className={`inline-flex min-h-11 items-center gap-1.5 rounded-full border px-4 py-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
        pressed ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
      }`}
    >
      <Sparkles aria-hidden="true" className="size-4" />
      {t('happyHour.chip')}
    </button>
  );
}
