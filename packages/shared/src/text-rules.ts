/**
 * Control characters in free text (issue 10): single-line fields (names, phones, e-mails, addresses, titles)
 * refuse every C0 control character and DEL, tabs and line breaks included; multi-line fields (descriptions,
 * terms, reasons) keep line feeds, read a CR LF as one LF and refuse the rest. Migration 0008 cleaned the rows
 * stored before, with the same two character classes.
 */
import type { z } from 'zod';
import { FIELD_LABELS } from './field-labels.ts';
import { codedMessage } from './message-codes.ts';

/** Whether the text holds a C0 control character (U+0000 to U+001F) or DEL, a line feed allowed or not. */
export function hasControlCharacter(value: string, { allowLineFeed = false } = {}): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if ((code < 0x20 || code === 0x7f) && !(allowLineFeed && code === 0x0a)) return true;
  }
  return false;
}

type Field = keyof typeof FIELD_LABELS;

/** Refuses any control character, naming the field. */
export function singleLine(field: Field) {
  return (text: z.ZodString) =>
    text.refine((value) => !hasControlCharacter(value), {
      error: codedMessage('controlCharacters', { field, label: FIELD_LABELS[field] }),
    });
}

/** Keeps line breaks (a CR LF, as browsers send a textarea, becomes LF) and refuses every other control character. */
export function multiLine(field: Field) {
  return (text: z.ZodString) =>
    text
      .overwrite((value) => value.replace(/\r\n/g, '\n'))
      .refine((value) => !hasControlCharacter(value, { allowLineFeed: true }), {
        error: codedMessage('controlCharactersMultiline', { field, label: FIELD_LABELS[field] }),
      });
}
