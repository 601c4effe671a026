import { act, screen } from '@testing-library/react';
import { Outlet, useSearchParams } from 'react-router';
import { MESSAGES } from '@qrib/shared/messages';
import { ApiError } from '../../lib/api-client.ts';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../testing/render.tsx';
import { NotFoundRoute } from './not-found.tsx';
import { RouteErrors } from './route-errors.tsx';

describe('route errors and the 404 page', () => {
  it('shows a thrown error as status 500 with its message, in place of its route', async () => {
    function Broken(): never {
      throw new Error('The offer could not be drawn');
    }
    // Deliberately provoked: React reports the render error on the console.
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes([{ path: '/', element: <RouteErrors><Broken /></RouteErrors> }]);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Status: 500')).toBeInTheDocument();
    expect(screen.getByText('The offer could not be drawn')).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
  });

  it('shows the status and words of an API refusal a screen throws', async () => {
    function Refused(): never {
      throw new ApiError(404, 'Offer not found', {}, 'http', undefined, { code: { code: 'offerNotFound', params: {} } });
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes([{ path: '/', element: <RouteErrors><Refused /></RouteErrors> }]);
    expect(await screen.findByText('Status: 404')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.offerNotFound)).toBeInTheDocument();
  });

  it('says “No connection — try again” when a screen’s code could not be fetched, never the browser’s words', async () => {
    function Unloaded(): never {
      throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/shop-route-1a2b3c4d.js');
    }
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes([{ path: '/', element: <RouteErrors><Unloaded /></RouteErrors> }]);
    expect(await screen.findByText('No connection — try again')).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
  });

  it('draws the next address again once the shopper leaves a broken screen', async () => {
    function Broken(): never {
      throw new Error('The offer could not be drawn');
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Layout() {
      return (
        <RouteErrors>
          <Outlet />
        </RouteErrors>
      );
    }
    const { router } = renderRoutes(
      [
        {
          path: '/',
          element: <Layout />,
          children: [
            { path: 'broken', element: <Broken /> },
            { path: 'saved', element: <p>Saved offers</p> },
          ],
        },
      ],
      { path: '/broken' },
    );
    expect(await screen.findByText('Status: 500')).toBeInTheDocument();
    await act(() => router.navigate('/saved'));
    expect(await screen.findByText('Saved offers')).toBeInTheDocument();
    expect(screen.queryByText('Status: 500')).not.toBeInTheDocument();
  });

  it('gives way on a new search of the same screen, and stays for a screen that breaks on arrival, not drawn again', async () => {
    let draws = 0;
    function Search() {
      const [params] = useSearchParams();
      draws += 1;
      if (params.get('q') === 'broken') throw new Error('The search could not be drawn');
      return <p>Results for {params.get('q')}</p>;
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderRoutes([{ path: '/search', element: <RouteErrors><Search /></RouteErrors> }], { path: '/search?q=broken' });
    expect(await screen.findByText('Status: 500')).toBeInTheDocument();
    await act(() => router.navigate('/search?q=coffee'));
    expect(await screen.findByText('Results for coffee')).toBeInTheDocument();
    // Broken on arrival: the error page stays, and the screen is not drawn again to throw a second time.
    draws = 0;
    await act(() => router.navigate('/search?q=broken'));
    expect(await screen.findByText('Status: 500')).toBeInTheDocument();
    // React draws a throwing screen twice before it gives up (its own retry); a reset in the same update drew it 4 times.
    expect(draws).toBe(2);
    expect(screen.getByText('The search could not be drawn')).toBeInTheDocument();
  });

  it("shows '404', 'Page Not Found' and 'Go to Home'", () => {
    renderRoutes([{ path: '*', element: <NotFoundRoute /> }], { path: '/nowhere' });
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });
});
