/** The protected layout loads the notice only for an account whose address is not verified. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../testing/api-stub.ts';
import { renderRoutes } from '../../testing/render.tsx';
import { testShopper } from '../../testing/users.ts';
import { ProtectedLayout } from './protected-layout.tsx';

const noNotifications = { 'GET /api/v1/me/notifications': { body: { data: [], unreadCount: 0 } } };

/**
 * A screen other than the nearby home (which says itself when its first offers are drawn): the banner's code comes as
 * soon as the page is drawn. At '/' a shopper's home would hold it back FIRST_SCREEN_FALLBACK_MS, and whether an
 * earlier test file had released the shared gate made this test depend on the order files ran in.
 */
function openHome() {
  return renderRoutes([{ path: '/', element: <ProtectedLayout />, children: [{ path: 'codes', element: <h1>home</h1> }] }], { path: '/codes' });
}

describe('the unverified-address notice in the protected layout', () => {
  it('shows one line above the page for an unverified address, linking to its detail on the profile', async () => {
    stubApi({ ...noNotifications, 'GET /api/v1/auth/session': { body: { user: { ...testShopper, emailVerified: false } } } });
    openHome();
    const banner = await screen.findByTestId('verify-email-banner');
    expect(banner).toHaveTextContent('Please confirm your email address.');
    expect(within(banner).getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/profile#verify-email');
    // In the page's flow, before its content: it covers nothing.
    const heading = screen.getByRole('heading', { name: 'home' });
    expect(banner.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('content')).toContainElement(banner);
  });

  it('is not there for a verified one', async () => {
    stubApi({ ...noNotifications, 'GET /api/v1/auth/session': { body: { user: testShopper } } });
    openHome();
    expect(await screen.findByRole('heading', { name: 'home' })).toBeInTheDocument();
    expect(screen.queryByTestId('verify-email-banner')).toBeNull();
  });
});
