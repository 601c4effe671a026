import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './router.tsx';

describe("the app's routes on the declarative router", () => {
  it('draw the screen of the address opened, its code fetched when it is first shown', async () => {
    render(
      <AppProviders queryClient={createQueryClient()} i18n={initI18n('en')}>
        <MemoryRouter initialEntries={['/how-ratings-work']}>
          <AppRoutes />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'How ratings and reviews work' })).toBeInTheDocument();
  });
});
