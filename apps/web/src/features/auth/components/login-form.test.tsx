import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@qrib/shared/messages';
import { renderScreen } from '../../../testing/render.tsx';
import { stubApi } from '../../../testing/api-stub.ts';
import { LoginForm, oidcStartUrl } from './login-form.tsx';

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

  // Issue 27: with a provider configured the button names it and starts the round trip, keeping the way back.
  it('names a configured provider on the OAuth button', async () => {
    stubApi({ 'GET /api/v1/config': { body: { data: { mapStyleUrl: null, oidcProvider: 'Google' } } } });
    renderScreen(<LoginForm />, { route: '/login', path: '/login?next=%2Fviewoffer%2F12' });
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(oidcStartUrl('/viewoffer/12')).toBe('/api/v1/auth/oidc/start?returnTo=%2Fviewoffer%2F12');
    expect(oidcStartUrl(null)).toBe('/api/v1/auth/oidc/start');
  });

  it('says why a provider sign-in came back, in words', async () => {
    renderScreen(<LoginForm />, { route: '/login', path: '/login?oidcError=denied' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in was cancelled at the provider.');
  });

  it('ignores an unknown reason', () => {
    renderScreen(<LoginForm />, { route: '/login', path: '/login?oidcError=%3Cscript%3E' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
