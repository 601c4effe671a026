import { describe, expect, it } from 'vitest';
import { MESSAGES, formatMessage } from './messages.ts';

describe('messages', () => {
  it('keeps the spec strings exactly', () => {
    expect(MESSAGES.usernameRequired).toBe('Username is required');
    expect(MESSAGES.loginPasswordRule).toBe('Password must be at least 8 characters and contain a number');
    expect(MESSAGES.invalidName).toBe('Please enter a valid name');
    expect(MESSAGES.invalidEmail).toBe('Invalid email');
    expect(MESSAGES.invalidPhone).toBe('Invalid phone number');
    expect(MESSAGES.signupPasswordRule).toBe('Password must be at least 8 characters and contain at least one number');
    expect(MESSAGES.passwordsDoNotMatch).toBe('Passwords do not match');
    expect(MESSAGES.oauthNotImplemented).toBe('OAuth login is not implemented yet');
    expect(MESSAGES.loginFailed).toBe('Login failed');
    expect(MESSAGES.signupFailed).toBe('Signup failed');
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(formatMessage('In {{minutes}} minutes, {{who}}', { minutes: 5 })).toBe('In 5 minutes, {{who}}');
  });
});
