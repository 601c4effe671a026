/** The profile holds the unverified address's detail (issue 27: the notice on every page is one line linking here). */
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_SETTINGS } from '@qrib/shared/push-schemas';
import { stubApi } from '../../testing/api-stub.ts';
import { renderRoutes } from '../../testing/render.tsx';
import { testShopper } from '../../testing/users.ts';
import { ProfileRoute } from './profile-route.tsx';

const sessions = {
  'GET /api/v1/me/sessions': { body: { data: [] } },
  'GET /api/v1/me/export': { body: { data: null } },
  // Issue 27: the profile's 'Sign-in methods' asks; no provider, nothing linked.
  'GET /api/v1/auth/oidc/identities': { body: { data: { hasPassword: true, provider: null, identities: [] } } },
  // Issue 29 §1: the push settings under the preferences.
  'GET /api/v1/me/push-settings': { body: { data: { ...DEFAULT_PUSH_SETTINGS, devices: 0 } } },
};

// jsdom has no scrollIntoView; the detail opened as /profile#verify-email scrolls itself into view.
beforeAll(() => {
  Element.prototype.scrollIntoView = () => undefined;
});
afterAll(() => {
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

describe('the profile route', () => {
  it('names the address waiting for its link, where Resend mails it', async () => {
    stubApi({ ...sessions, 'GET /api/v1/auth/session': { body: { user: { ...testShopper, emailVerified: false, pendingEmail: 'carmen.new@example.com' } } } });
    renderRoutes([{ path: '/profile', element: <ProfileRoute /> }], { path: '/profile#verify-email' });
    const detail = await screen.findByTestId('verify-email-detail');
    expect(detail).toHaveAttribute('id', 'verify-email');
    expect(detail).toHaveTextContent('Please confirm your email address carmen.new@example.com: we sent you a link.');
    expect(screen.getByRole('button', { name: 'Resend' })).toBeInTheDocument();
  });

  it('has no such notice for a verified address', async () => {
    stubApi({ ...sessions, 'GET /api/v1/auth/session': { body: { user: testShopper } } });
    renderRoutes([{ path: '/profile', element: <ProfileRoute /> }], { path: '/profile' });
    expect(await screen.findByTestId('profile-name')).toBeInTheDocument();
    expect(screen.queryByTestId('verify-email-detail')).toBeNull();
  });

  it('has the push settings under the preferences (issue 29 §1)', async () => {
    stubApi({ ...sessions, 'GET /api/v1/auth/session': { body: { user: testShopper } } });
    renderRoutes([{ path: '/profile', element: <ProfileRoute /> }], { path: '/profile' });
    const push = await screen.findByRole('region', { name: 'Push notifications' });
    expect(await within(push).findByText('Your devices that receive pushes: 0')).toBeInTheDocument();
    // Right after the preferences, before the profile's form.
    expect(screen.getByRole('region', { name: 'Preferences' }).nextElementSibling).toBe(push);
  });
});
