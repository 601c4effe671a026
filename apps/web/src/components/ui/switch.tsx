/** An on/off switch (role="switch") with its visible label, an optional hint, and the state in words. */
import { useId } from 'react';

export interface SwitchProps {
  label: string;
  hint?: string | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onText: string;
  offText: string;
  testId?: string;
}

export function Switch({ label, hint, checked, onChange, onText, offText, testId }: SwitchProps) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="min-w-0">
        <span id={`${id}-label`} className="block font-medium text-slate-900">
          {label}
        </span>
        {hint ? (
          <span id={`${id}-hint`} className="block text-sm text-slate-600">
            {hint}
          </span>
        ) : null}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        data-testid={testId}
        onClick={() => onChange(!checked)}
        className="flex min-h-11 shrink-0 items-center gap-2 rounded-full p-1 text-sm font-medium text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <span className={`flex h-6 w-11 items-center rounded-full p-0.5 transition-colors ${checked ? 'bg-brand-700' : 'bg-slate-400'}`}>
          <span
            className={`size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0'}`}
          />
        </span>
        <span aria-hidden="true" className="w-16 text-start">
          {checked ? onText : offText}
        </span>
      </button>
    </div>
  );
}
