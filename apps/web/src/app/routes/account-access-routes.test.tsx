import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@qrib/shared/messages';
import { stubApi } from '../../testing/api-stub.ts';
import { AppProviders } from '../providers.tsx';
import { initI18n } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { testShopper } from '../../testing/users.ts';
import { refusal } from '../../features/account-access/components/test-helpers.ts';
import { VerifyEmailRoute } from './account-access-routes.tsx';

/** The page as the app shows it, under StrictMode at the root (as main.tsx renders), which runs effects twice in development. */
function openVerify(path: string) {
  const router = createMemoryRouter([{ path: '/verify-email', element: <VerifyEmailRoute /> }], { initialEntries: [path] });
  return render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()} i18n={initI18n('en')}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

/** The mails' links as the app opens them: the token read from the address, the session telling the way on. */
describe('verify email', () => {
  it('verifies once on opening, even under StrictMode, and sends a signed-out reader on to login', async () => {
    const api = stubApi({
      'POST /api/v1/auth/verify-email': { body: { data: { email: 'carmen@example.com' } } },
      'GET /api/v1/auth/session': { body: { user: null } },
    });
    openVerify('/verify-email?token=tok-1');
    expect(await screen.findByText('Your email address carmen@example.com is verified.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([{ method: 'POST', path: '/api/v1/auth/verify-email', body: { token: 'tok-1' } }]);
  });

  it('sends a signed-in reader home, and reads their session again (their banner goes)', async () => {
    let verified = false;
    const api = stubApi({
      'POST /api/v1/auth/verify-email': () => {
        verified = true;
        return { body: { data: { email: 'carmen@example.com' } } };
      },
      'GET /api/v1/auth/session': () => ({ body: { user: { ...testShopper, emailVerified: verified } } }),
    });
    openVerify('/verify-email?token=tok-2');
    expect(await screen.findByText('Your email address carmen@example.com is verified.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Go to Qrib' })).toHaveAttribute('href', '/');
    const sessionReads = () => api.calls.filter((call) => call.path === '/api/v1/auth/session').length;
    await expect.poll(sessionReads).toBeGreaterThanOrEqual(2);
  });

  it('shows the link’s message when it is wrong, expired or used', async () => {
    stubApi({
      'POST /api/v1/auth/verify-email': refusal(400, 'verifyLinkInvalid'),
      'GET /api/v1/auth/session': { body: { user: null } },
    });
    openVerify('/verify-email?token=used');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.verifyLinkInvalid);
  });

  it('says the link is invalid without asking the API when the address has no token', async () => {
    const api = stubApi({ 'GET /api/v1/auth/session': { body: { user: null } } });
    openVerify('/verify-email');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.verifyLinkInvalid);
    expect(await screen.findByRole('link', { name: 'Go to login' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
