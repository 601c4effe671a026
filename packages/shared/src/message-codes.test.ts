import { describe, expect, it } from 'vitest';
import { codeOfIssueMessage, codeOfMessage, codedMessage, isMessageKey } from './message-codes.ts';
import { MESSAGES, formatMessage } from './messages.ts';
import { vendorRegistrationSchema } from './vendor-schemas.ts';

describe('message codes', () => {
  it('knows every template by its key, and a filled message by the code and params it was made from', () => {
    expect(codeOfMessage(MESSAGES.invalidEmail)).toEqual({ code: 'invalidEmail', params: {} });
    const text = codedMessage('textTooLong', { field: 'title', label: 'Offer Title', max: 80 });
    expect(text).toBe('Offer Title must be at most 80 characters');
    expect(codeOfMessage(text)).toEqual({ code: 'textTooLong', params: { field: 'title', label: 'Offer Title', max: 80 } });
  });

  it('finds no code for a text it did not make (a sentence is never parsed)', () => {
    expect(codeOfMessage(formatMessage(MESSAGES.tooManyLoginAttempts, { minutes: 15 }))).toBeUndefined();
    expect(codeOfMessage('Invalid email address')).toBeUndefined();
    expect(codeOfIssueMessage('Invalid input: expected string')).toEqual({ code: 'invalidInput', params: { detail: 'Invalid input: expected string' } });
  });

  it('reads a shared schema’s issue back as its code, the field it names included', () => {
    const result = vendorRegistrationSchema.safeParse({ businessName: '' });
    expect(result.success).toBe(false);
    const byField = new Map(result.error?.issues.map((issue) => [issue.path[0], codeOfIssueMessage(issue.message)]));
    expect(byField.get('businessName')).toEqual({ code: 'requiredField', params: { field: 'businessName', label: 'Business Name' } });
  });

  it('tells a code from any other stored text', () => {
    expect(isMessageKey('receiptTooOld')).toBe(true);
    expect(isMessageKey('toString')).toBe(false);
    expect(isMessageKey('This receipt is from another shop.')).toBe(false);
  });
});
