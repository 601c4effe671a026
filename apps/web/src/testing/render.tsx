/**
 * Renders screens the way the app does: i18n, a query client and a router in memory (react-router's data router, for
 * `router.navigate` and `router.state` in tests; the app runs the declarative BrowserRouter, app/router.test.tsx).
 */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { LanguageCode } from '@qrib/shared/languages';
import { AppProviders } from '../app/providers.tsx';
import { initI18n } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';

export function renderRoutes(routes: RouteObject[], { path = '/', language = 'en' as LanguageCode } = {}) {
  const i18n = initI18n(language);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <AppProviders queryClient={createQueryClient()} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router };
}

/**
 * One screen the way the app shows it (i18n, a query client, a data router in memory), for the common case of a
 * single element at a single route: `route` is its pattern ('/viewoffer/:id'), `path` the address opened
 * (the route itself unless given).
 *
 *   const { router } = renderScreen(<OfferDetail offerId={7} />, { route: '/viewoffer/:id', path: '/viewoffer/7' });
 */
export function renderScreen(element: ReactElement, options: { route?: string; path?: string; language?: LanguageCode } = {}) {
  const { route = '/', path = route, language = 'en' } = options;
  return renderRoutes([{ path: route, element }], { path, language });
}
