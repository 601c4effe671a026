import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { SearchResults } from './search-results.tsx';

const en = catalogs.en;
const query = new URLSearchParams({ q: 'pizza' });
const searchPath = '/api/v1/offers/search?q=pizza';

describe('the search results', () => {
  it('waits for the shopper’s location before it searches', async () => {
    const api = stubApi({});
    renderScreen(<SearchResults query={query} isLocating onClearFilters={undefined} />);
    expect(await screen.findByRole('status')).toHaveTextContent(en.messages.detectingLocation);
    expect(api.calls).toEqual([]);
  });

  it('offers Clear all under an empty result only when a filter is set', async () => {
    stubApi({ [`GET ${searchPath}`]: { body: { data: [], nextCursor: null } } });
    const onClearFilters = vi.fn();
    const { unmount } = renderScreen(<SearchResults query={query} isLocating={false} onClearFilters={onClearFilters} />);
    const empty = await screen.findByTestId('search-empty');
    expect(empty).toHaveTextContent(en.search.empty);
    await userEvent.click(within(empty).getByRole('button', { name: en.search.clearAll }));
    expect(onClearFilters).toHaveBeenCalledTimes(1);
    unmount();

    renderScreen(<SearchResults query={query} isLocating={false} onClearFilters={undefined} />);
    expect(within(await screen.findByTestId('search-empty')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says the offers failed to load and searches again on Retry', async () => {
    const api = stubApi({ [`GET ${searchPath}`]: { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'Bad query' } } });
    renderScreen(<SearchResults query={query} isLocating={false} onClearFilters={undefined} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.messages.offersLoadFailed);
    await userEvent.click(within(alert).getByRole('button', { name: en.home.retry }));
    await vi.waitFor(() => expect(api.calls.filter((call) => call.path === searchPath)).toHaveLength(2));
  });
});
