/**
 * Codes of messages (STYLE.md item 12): a message's code is its key in MESSAGES, with the params it was filled with.
 *
 * The shared zod schemas give zod an English message (the forms and the API's `fieldErrors` show it), and zod keeps
 * only that string on its issue. So the schemas build their messages here: a template used as it is is its own
 * constant, and a filled one is made by `codedMessage`, which remembers the code and params it was made from. Reading
 * the code back (`codeOfMessage`) is a lookup of that exact string, never a parse of a sentence: a text no schema
 * produced (a copy edit, a sentence typed by a person) has no code.
 */
import { MESSAGES, formatMessage, type MessageKey } from './messages.ts';

export type MessageParams = Record<string, string | number>;
export interface MessageCode {
  code: MessageKey;
  params: MessageParams;
}

const codes = new Map<string, MessageCode>();
for (const [code, template] of Object.entries(MESSAGES) as [MessageKey, string][]) {
  // Two keys with one English text: the first one is that text's code.
  if (!codes.has(template)) codes.set(template, { code, params: {} });
}

/**
 * A message filled with its params, remembered with its code. For messages built once, where a schema is defined
 * (labels, limits); a message with a value known only per request is thrown or answered as code + params instead.
 */
export function codedMessage(code: MessageKey, params: MessageParams): string {
  const text = formatMessage(MESSAGES[code], params);
  if (!codes.has(text)) codes.set(text, { code, params });
  return text;
}

/** The code of a message that a shared schema produced (a MESSAGES template or a `codedMessage`), else undefined. */
export function codeOfMessage(text: string): MessageCode | undefined {
  return codes.get(text);
}

/** The code of a validation issue's message: a shared schema's own, else zod's wording as the detail of `invalidInput`. */
export function codeOfIssueMessage(text: string): MessageCode {
  return codeOfMessage(text) ?? { code: 'invalidInput', params: { detail: text } };
}

/** Whether a stored text is a key of MESSAGES (a code read back from the database). */
export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(MESSAGES, value);
}
