import { describe, expect, it } from 'vitest';
import { loginRequestSchema, signupFormSchema, signupRequestSchema } from './auth-schemas.ts';
import { MESSAGES } from './messages.ts';

const valid = {
  name: 'Maria Borg',
  email: 'maria@example.com',
  phone: '+356 7912 3456',
  username: 'maria.borg',
  password: 'secret123',
};

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe('signup rules (spec §5)', () => {
  it('accepts a valid sign-up and trims the text fields', () => {
    const parsed = signupRequestSchema.parse({ ...valid, name: '  Żaneta Caruana-Ħili ', username: ' maria.borg ' });
    expect(parsed.name).toBe('Żaneta Caruana-Ħili');
    expect(parsed.username).toBe('maria.borg');
  });

  it.each([
    [{ name: '' }, MESSAGES.invalidName],
    [{ name: 'Maria_B' }, MESSAGES.invalidName],
    [{ email: 'maria@example' }, MESSAGES.invalidEmail],
    [{ email: 'ma ria@example.com' }, MESSAGES.invalidEmail],
    [{ phone: '123456' }, MESSAGES.invalidPhone],
    [{ phone: '++3567912345' }, MESSAGES.invalidPhone],
    [{ password: 'abcdefg' }, MESSAGES.signupPasswordRule],
    [{ password: 'abcdefgh' }, MESSAGES.signupPasswordRule],
  ])('refuses %o with its message', (change, message) => {
    expect(firstMessage(signupRequestSchema.safeParse({ ...valid, ...change }))).toBe(message);
  });

  it('accepts the shortest valid phone and password', () => {
    expect(signupRequestSchema.safeParse({ ...valid, phone: '1234567', password: 'abcdefg1' }).success).toBe(true);
  });

  it('reports the first failing rule in the spec order', () => {
    const all = { name: '1', email: 'x', phone: 'y', username: '', password: 'z' };
    expect(firstMessage(signupRequestSchema.safeParse(all))).toBe(MESSAGES.invalidName);
    expect(firstMessage(signupRequestSchema.safeParse({ ...all, name: 'Ok' }))).toBe(MESSAGES.invalidEmail);
    expect(firstMessage(signupRequestSchema.safeParse({ ...all, name: 'Ok', email: 'a@b.co' }))).toBe(MESSAGES.invalidPhone);
  });

  it('checks the confirmation last and even when other fields fail', () => {
    const mismatch = signupFormSchema.safeParse({ ...valid, confirmPassword: 'secret124' });
    expect(mismatch.error?.issues.map((issue) => issue.message)).toEqual([MESSAGES.passwordsDoNotMatch]);
    expect(mismatch.error?.issues[0]?.path).toEqual(['confirmPassword']);
    const both = signupFormSchema.safeParse({ ...valid, name: '', confirmPassword: 'x' });
    expect([...new Set(both.error?.issues.map((issue) => issue.message))]).toEqual([
      MESSAGES.invalidName,
      MESSAGES.passwordsDoNotMatch,
    ]);
    expect(signupFormSchema.safeParse({ ...valid, confirmPassword: valid.password }).success).toBe(true);
  });
});

describe('login rules (spec §5)', () => {
  it('requires a username after trimming and the login password rule', () => {
    expect(firstMessage(loginRequestSchema.safeParse({ username: ' ', password: 'secret123' }))).toBe(MESSAGES.usernameRequired);
    expect(firstMessage(loginRequestSchema.safeParse({ username: 'maria', password: 'secret' }))).toBe(MESSAGES.loginPasswordRule);
    expect(loginRequestSchema.safeParse({ username: 'maria', password: 'secret123' }).success).toBe(true);
  });
});
