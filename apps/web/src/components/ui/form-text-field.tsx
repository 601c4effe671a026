/**
 * The text field of the account forms: it takes the field's error as react-hook-form holds it (a shared schema's
 * coded message, or a server's field code that applyRequestError has put in words) and shows it in the reader's
 * language, so no form translates its own errors.
 */
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/i18n.ts';
import { TextField, type TextFieldProps } from './text-field.tsx';

export interface FormTextFieldProps extends Omit<TextFieldProps, 'error'> {
  error?: FieldError | undefined;
}

export function FormTextField({ error, ...props }: FormTextFieldProps) {
  const { t } = useTranslation();
  return <TextField error={error?.message ? translateMessage(t, error.message) : undefined} {...props} />;
}
