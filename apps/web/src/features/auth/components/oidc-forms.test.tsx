import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@qrib/shared/messages';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderRoutes, renderScreen } from '../../../testing/render.tsx';
import { CompleteAccountForm, LinkAccountForm } from './oidc-forms.tsx';

const pending = (kind: 'signup' | 'link') => ({
  data: { kind, provider: 'Google', name: 'Ana Vella', email: 'ana@example.com', suggestedUsername: kind === 'signup' ? 'ana' : null, returnTo: '/viewoffer/12' },
});
const me = { user: { id: 1, username: 'ana' } };

describe('CompleteAccountForm', () => {
  it('asks for the phone, offers the derived username and sends both', async () => {
    const api = stubApi({
      'GET /api/v1/auth/oidc/pending': { body: pending('signup') },
      'POST /api/v1/auth/oidc/complete': { status: 201, body: { token: 't', username: 'ana', returnTo: '/viewoffer/12' } },
      'GET /api/v1/auth/session': { body: me },
    });
    const { router } = renderRoutes(
      [
        { path: '/oidc/complete', element: <CompleteAccountForm /> },
        { path: '/viewoffer/:id', element: <p>The offer</p> },
      ],
      { path: '/oidc/complete' },
    );
    expect(await screen.findByText('Signed in with Google as ana@example.com. Confirm your username and add your phone number.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('ana');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(MESSAGES.invalidPhone)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Phone'), '+356 7912 3456');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The offer')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/viewoffer/12');
    expect(api.calls).toContainEqual({ method: 'POST', path: '/api/v1/auth/oidc/complete', body: { phone: '+356 7912 3456', username: 'ana' } });
  });

  it('says the sign-in expired when nothing is pending', async () => {
    stubApi({ 'GET /api/v1/auth/oidc/pending': { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: MESSAGES.oidcSignInExpired, code: 'oidcSignInExpired', params: {} } } });
    renderScreen(<CompleteAccountForm />, { route: '/oidc/complete' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in has expired. Please start again.');
  });
});

describe('LinkAccountForm', () => {
  it("asks the existing account's password once and shows a wrong one on the field", async () => {
    stubApi({
      'GET /api/v1/auth/oidc/pending': { body: pending('link') },
      'POST /api/v1/auth/oidc/link': {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: MESSAGES.passwordIncorrect, code: 'passwordIncorrect', params: {}, fieldErrorCodes: { password: { code: 'passwordIncorrect', params: {} } } },
      },
    });
    renderScreen(<LinkAccountForm />, { route: '/oidc/link' });
    expect(await screen.findByText('An account with ana@example.com already exists. Enter its password once to link Google to it.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'wrong-one1');
    await user.click(screen.getByRole('button', { name: 'Link and log in' }));
    expect((await screen.findAllByText(MESSAGES.passwordIncorrect)).length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });
});
