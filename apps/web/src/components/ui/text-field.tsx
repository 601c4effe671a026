import type { InputHTMLAttributes, Ref } from 'react';
import { FieldFrame, controlClass } from './field.tsx';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose error sits under it and is announced with it. */
export function TextField({ label, error, hint, className, ref, ...props }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => (
        <input id={id} ref={ref} aria-invalid={invalid} aria-describedby={describedBy} className={controlClass(invalid)} {...props} />
      )}
    </FieldFrame>
  );
}
