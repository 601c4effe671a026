import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@qrib/shared/messages';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderRoutes } from '../../../testing/render.tsx';
import { testShopper } from '../../../testing/users.ts';
import { ResetPasswordForm } from './reset-password-form.tsx';
import { refusal } from './test-helpers.ts';

function openReset(token: string | null = 'abc123') {
  return renderRoutes(
    [
      { path: '/reset-password', element: <ResetPasswordForm token={token} /> },
      { path: '/forgot-password', element: <h1>forgot</h1> },
      { path: '/', element: <h1>home</h1> },
    ],
    { path: '/reset-password' },
  );
}

async function choose(password: string, confirmation = password) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Save new password' }));
}

describe('reset password', () => {
  it('sets the new password with the link’s token, reads the new session and goes home signed in', async () => {
    let signedIn = false;
    const api = stubApi({
      'POST /api/v1/auth/password-reset/confirm': () => {
        signedIn = true;
        return { body: { token: 'jwt', username: 'carmen' } };
      },
      'GET /api/v1/auth/session': () => ({ body: { user: signedIn ? testShopper : null } }),
    });
    const { router } = openReset();
    await choose('newSecret99');
    expect(await screen.findByRole('heading', { name: 'home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(api.calls[0]).toEqual({ method: 'POST', path: '/api/v1/auth/password-reset/confirm', body: { token: 'abc123', password: 'newSecret99' } });
    expect(api.calls.at(-1)).toMatchObject({ method: 'GET', path: '/api/v1/auth/session' });
  });

  it('holds the new password to the sign-up rule and the confirmation to it, before any request', async () => {
    const api = stubApi({});
    openReset();
    await choose('short');
    expect(await screen.findByText(MESSAGES.signupPasswordRule)).toBeInTheDocument();
    await choose('newSecret99', 'newSecret98');
    expect(await screen.findByText(MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('shows the server’s password refusal under the field', async () => {
    stubApi({
      'POST /api/v1/auth/password-reset/confirm': refusal(400, 'signupPasswordRule', {}, { password: { code: 'signupPasswordRule', params: {} } }),
    });
    openReset();
    await choose('newSecret99');
    expect(await screen.findByText(MESSAGES.signupPasswordRule)).toBeInTheDocument();
    // Under the field only, not again at the top of the form.
    expect(screen.getAllByText(MESSAGES.signupPasswordRule)).toHaveLength(1);
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(MESSAGES.signupPasswordRule);
  });

  it('turns a wrong, expired or used link into its message with the way to a new one', async () => {
    stubApi({ 'POST /api/v1/auth/password-reset/confirm': refusal(400, 'resetLinkInvalid') });
    openReset();
    await choose('newSecret99');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.resetLinkInvalid);
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('shows the same invalid-link state without a token', async () => {
    const api = stubApi({});
    openReset(null);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.resetLinkInvalid);
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(api.calls).toEqual([]);
  });
});
