import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@qrib/shared/messages';
import { renderScreen } from '../../../testing/render.tsx';
import { LoginForm } from './login-form.tsx';

describe('LoginForm', () => {
  it('requires a username and a password of 8 characters with a number', async () => {
    renderScreen(<LoginForm />, { route: '/login' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(MESSAGES.usernameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.loginPasswordRule)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Username'), '   ');
    await user.type(screen.getByLabelText('Password'), 'abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(MESSAGES.usernameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.loginPasswordRule)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('minlength', '8');
  });

  it("shows 'OAuth login is not implemented yet' without leaving the page", async () => {
    const { router } = renderScreen(<LoginForm />, { route: '/login' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Login with OAuth' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.oauthNotImplemented);
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it("links 'Forgot password?' to its screen beside login", () => {
    renderScreen(<LoginForm />, { route: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });
});
