/** A shared page opened signed out: to /login carrying it, and back to it after login or sign-up. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../testing/api-stub.ts';
import { renderRoutes } from '../../testing/render.tsx';
import { testShopper } from '../../testing/users.ts';
import { LoginRoute, SignupRoute } from './auth-routes.tsx';
import { ProtectedLayout } from './protected-layout.tsx';

const shopper = testShopper;

// The guard's redirect is what is tested; the signed-in pages are stand-ins (the shell is tested on its own).
const routes: RouteObject[] = [
  { path: '/login', element: <LoginRoute /> },
  { path: '/signup', element: <SignupRoute /> },
  {
    path: '/',
    element: <Outlet />,
    children: [
      { index: true, element: <h1>home</h1> },
      { path: 'viewoffer/:id', element: <h1>offer</h1> },
    ],
  },
];
const guarded: RouteObject[] = [routes[0] as RouteObject, { path: '/', element: <ProtectedLayout />, children: [{ path: '*', element: <h1>page</h1> }] }];

function where(router: ReturnType<typeof renderRoutes>['router']) {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

/** The session is nobody until the login (or sign-up) is sent, then the shopper. */
function stubSignIn() {
  let signedIn = false;
  return stubApi({
    // Issue 27: the login page asks whether a provider is configured.
    'GET /api/v1/config': { body: { data: { mapStyleUrl: null, oidcProvider: null } } },
    'GET /api/v1/auth/session': () => ({ body: { user: signedIn ? shopper : null } }),
    'POST /api/v1/auth/login': () => {
      signedIn = true;
      return { body: { token: 'token', username: shopper.username } };
    },
    'POST /api/v1/auth/signup': () => {
      signedIn = true;
      return { status: 201, body: { token: 'token', user: shopper } };
    },
  });
}

async function logIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), 'carmen');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('return after login', () => {
  it('sends a signed-out reader of an offer to /login carrying the offer, and nobody else', async () => {
    stubApi({ 'GET /api/v1/config': { body: { data: { mapStyleUrl: null, oidcProvider: null } } }, 'GET /api/v1/auth/session': { body: { user: null } } });
    const offer = renderRoutes(guarded, { path: '/viewoffer/7' });
    await waitFor(() => expect(where(offer.router)).toBe('/login?next=%2Fviewoffer%2F7'));
    offer.unmount();

    const profile = renderRoutes(guarded, { path: '/profile' });
    await waitFor(() => expect(where(profile.router)).toBe('/login'));
  });

  it('lands on the offer after login', async () => {
    stubSignIn();
    const { router } = renderRoutes(routes, { path: '/login?next=%2Fviewoffer%2F7' });
    await logIn();
    expect(await screen.findByRole('heading', { name: 'offer' })).toBeInTheDocument();
    expect(where(router)).toBe('/viewoffer/7');
  });

  it.each(['%2F%2Fevil.example', 'https%3A%2F%2Fevil.example%2Fviewoffer%2F7', '%2F%5Cevil.example'])('ignores next=%s and lands on the home', async (next) => {
    stubSignIn();
    const { router } = renderRoutes(routes, { path: `/login?next=${next}` });
    await logIn();
    expect(await screen.findByRole('heading', { name: 'home' })).toBeInTheDocument();
    expect(where(router)).toBe('/');
  });

  it('carries the offer through Sign up and lands on it once signed up', async () => {
    stubSignIn();
    const { router } = renderRoutes(routes, { path: '/login?next=%2Fviewoffer%2F7' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Sign up' }));
    expect(where(router)).toBe('/signup?next=%2Fviewoffer%2F7');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Fviewoffer%2F7');
    await user.type(screen.getByLabelText('Full name'), 'Carmen Spiteri');
    await user.type(screen.getByLabelText('Email address'), 'carmen@example.com');
    await user.type(screen.getByLabelText('Phone'), '+356 9912 3456');
    await user.type(screen.getByLabelText('Username'), 'carmen');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('heading', { name: 'offer' })).toBeInTheDocument();
    expect(where(router)).toBe('/viewoffer/7');
  });

  it('sends a reader already signed in from /login?next= straight to the page', async () => {
    stubApi({ 'GET /api/v1/auth/session': { body: { user: shopper } } });
    const { router } = renderRoutes(routes, { path: '/login?next=%2Fviewoffer%2F7' });
    expect(await screen.findByRole('heading', { name: 'offer' })).toBeInTheDocument();
    expect(where(router)).toBe('/viewoffer/7');
  });
});
