import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@qrib/shared/messages';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { refusal } from './test-helpers.ts';

describe('ForgotPasswordForm', () => {
  it('sends the address and then says the same whatever it is, with the link’s 30 minutes', async () => {
    const api = stubApi({ 'POST /api/v1/auth/password-reset': { status: 202 } });
    renderScreen(<ForgotPasswordForm />, { route: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account uses nobody@example.com, we have sent it a link to choose a new password. It works for 30 minutes.',
    );
    expect(api.calls).toEqual([{ method: 'POST', path: '/api/v1/auth/password-reset', body: { email: 'nobody@example.com' } }]);
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('refuses a malformed address under its field without asking the API', async () => {
    const api = stubApi({});
    renderScreen(<ForgotPasswordForm />, { route: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('shows too many requests inline and keeps the form', async () => {
    stubApi({ 'POST /api/v1/auth/password-reset': refusal(429, 'tooManyPasswordResets', { minutes: 42 }) });
    renderScreen(<ForgotPasswordForm />, { route: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'carmen@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many password reset requests. Please try again in 42 min.');
    expect(screen.getByRole('button', { name: 'Send link' })).toBeEnabled();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
