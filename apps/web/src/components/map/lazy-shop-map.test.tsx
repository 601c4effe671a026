import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '@qrib/shared/i18n/en';
import { stubApi } from '../../testing/api-stub.ts';
import { renderRoutes } from '../../testing/render.tsx';
import { LazyShopMap } from './lazy-shop-map.tsx';
import { ViewToggle, type OffersView } from './view-toggle.tsx';

const shops = [{ vendorId: 1, businessName: 'Crystal Palace', latitude: 35.9, longitude: 14.5, best: { discountType: 'PERCENTAGE' as const, discountValue: 30 } }];

function Screen() {
  const [view, setView] = useState<OffersView>('list');
  return (
    <>
      <ViewToggle view={view} onChange={setView} />
      {view === 'map' ? <LazyShopMap shops={shops} className="h-80" /> : <p>the list</p>}
    </>
  );
}

afterEach(() => vi.restoreAllMocks());

describe('the list/map toggle and the map', () => {
  it('starts on the list; the map, where WebGL is missing, says so and asks nothing, and the list comes back', async () => {
    const api = stubApi({});
    renderRoutes([{ path: '/', element: <Screen /> }]);
    const group = screen.getByRole('group', { name: en.map.viewLabel });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.map.list })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('the list')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: en.map.map }));
    expect(screen.getByRole('button', { name: en.map.map })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent(en.map.unavailable);
    expect(api.calls).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: en.map.list }));
    expect(screen.getByText('the list')).toBeInTheDocument();
  });

  it("with WebGL, shows 'Loading...' while the deployment's map settings and the map's code arrive", async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({} as RenderingContext);
    stubApi({ 'GET /api/v1/config': { body: { data: { mapStyleUrl: null } } } });
    renderRoutes([{ path: '/', element: <LazyShopMap shops={shops} className="h-80" /> }]);
    expect(screen.getByRole('status')).toHaveTextContent(en.messages.loadingEllipsis);
  });
});
