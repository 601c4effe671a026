import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../testing/render.tsx';
import { NotFoundRoute } from './not-found.tsx';
import { RouteErrorPage } from './route-error.tsx';

describe('route errors and the 404 page', () => {
  it('shows the generic error page with the status and message of a thrown response', async () => {
    renderRoutes([
      {
        path: '/',
        errorElement: <RouteErrorPage />,
        loader: () => {
          throw new Response('', { status: 503, statusText: 'Service Unavailable' });
        },
        element: <p>never shown</p>,
        HydrateFallback: () => null,
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Status: 503')).toBeInTheDocument();
    expect(screen.getByText('Service Unavailable')).toBeInTheDocument();
  });

  it('shows a thrown error as status 500 with its message', async () => {
    function Broken(): never {
      throw new Error('The offer could not be drawn');
    }
    // Deliberately provoked: React and React Router report the render error on the console.
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes([{ path: '/', errorElement: <RouteErrorPage />, element: <Broken /> }]);
    expect(await screen.findByText('Status: 500')).toBeInTheDocument();
    expect(screen.getByText('The offer could not be drawn')).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
  });

  it('says “No connection — try again” when a screen’s code could not be fetched, never the browser’s words', async () => {
    function Unloaded(): never {
      throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/shop-route-1a2b3c4d.js');
    }
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes([{ path: '/', errorElement: <RouteErrorPage />, element: <Unloaded /> }]);
    expect(await screen.findByText('No connection — try again')).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
  });

  it("shows '404', 'Page Not Found' and 'Go to Home'", () => {
    renderRoutes([{ path: '*', element: <NotFoundRoute /> }], { path: '/nowhere' });
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });
});
