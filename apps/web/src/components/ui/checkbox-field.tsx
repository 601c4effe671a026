import { useId, type InputHTMLAttributes, type Ref } from 'react';

export function CheckboxField({ label, ref, ...props }: InputHTMLAttributes<HTMLInputElement> & { label: string; ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input id={id} ref={ref} type="checkbox" className="size-4 rounded border-slate-400 accent-brand-700" {...props} />
      {/* The label is the 44 px target (a tap on it ticks the box). */}
      <label htmlFor={id} className="flex min-h-11 items-center text-sm text-slate-800">
        {label}
      </label>
    </div>
  );
}
