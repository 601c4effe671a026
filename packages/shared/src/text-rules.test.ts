import { describe, expect, it } from 'vitest';
import { FIELD_LABELS } from './field-labels.ts';
import { MESSAGES, formatMessage } from './messages.ts';
import { receiptDecisionRequestSchema } from './receipt-schemas.ts';
import { hasControlCharacter } from './text-rules.ts';

describe('control characters in free text', () => {
  it('finds every C0 control character and DEL, a line feed allowed where asked', () => {
    for (let code = 0; code < 0x20; code += 1) expect(hasControlCharacter(`a${String.fromCharCode(code)}b`), String(code)).toBe(true);
    expect(hasControlCharacter('a\u007fb')).toBe(true);
    expect(hasControlCharacter('Ħaż-Żebbuġ, Malta €5 ∑')).toBe(false);
    expect(hasControlCharacter('one\ntwo', { allowLineFeed: true })).toBe(false);
    expect(hasControlCharacter('one\r\ntwo', { allowLineFeed: true })).toBe(true);
  });

  it('lets a rejection reason span lines (CR LF read as LF) but refuses a tab in it', () => {
    expect(receiptDecisionRequestSchema.parse({ status: 'REJECTED', reason: 'Wrong shop.\r\nPlease upload ours.' }).reason).toBe('Wrong shop.\nPlease upload ours.');
    const refused = receiptDecisionRequestSchema.safeParse({ status: 'REJECTED', reason: 'Wrong\tshop' });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['reason'],
      message: formatMessage(MESSAGES.controlCharactersMultiline, { label: FIELD_LABELS.reason }),
    });
  });
});
