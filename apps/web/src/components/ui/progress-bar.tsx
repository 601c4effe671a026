import { useTranslation } from 'react-i18next';

/** The progress of a form with files while it is sent. */
export function ProgressBar({ percent }: { percent: number }) {
  const { t } = useTranslation();
  const label = t('upload.progress', { percent });
  return (
    <div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-600">{label}</p>
    </div>
  );
}
