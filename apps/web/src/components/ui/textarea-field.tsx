import type { Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame, controlClass } from './field.tsx';

export interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextareaField({ label, error, hint, className, ref, rows = 3, ...props }: TextareaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => (
        <textarea id={id} ref={ref} rows={rows} aria-invalid={invalid} aria-describedby={describedBy} className={controlClass(invalid)} {...props} />
      )}
    </FieldFrame>
  );
}
