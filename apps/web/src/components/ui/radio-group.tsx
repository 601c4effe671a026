import { useId, type InputHTMLAttributes } from 'react';

export interface RadioGroupProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  legend: string;
  options: { value: string; label: string }[];
}

/** A fieldset of radios; `props` (react-hook-form's register result) go on every radio. */
export function RadioGroup({ legend, options, ...props }: RadioGroupProps) {
  const id = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option) => (
          <div key={option.value} className="flex items-center gap-2">
            <input id={`${id}-${option.value}`} type="radio" value={option.value} className="size-4 accent-brand-700" {...props} />
            {/* The label is the 44 px target (a tap on it picks the option). */}
            <label htmlFor={`${id}-${option.value}`} className="flex min-h-11 items-center text-sm text-slate-800">
              {option.label}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
