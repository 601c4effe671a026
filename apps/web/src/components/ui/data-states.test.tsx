import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { renderScreen } from '../../testing/render.tsx';
import { EmptyState, ErrorState, LoadingState } from './data-states.tsx';

const en = catalogs.en;

describe('the data states', () => {
  it('announces loading, with what it waits for when the screen says', async () => {
    renderScreen(
      <>
        <LoadingState />
        <LoadingState message="Detecting your location..." compact />
      </>,
    );
    const statuses = await screen.findAllByRole('status');
    expect(statuses.map((status) => status.textContent)).toEqual([en.messages.loadingEllipsis, 'Detecting your location...']);
  });

  it('reads an error by its code, or shows the screen’s own sentence with a hint', async () => {
    renderScreen(
      <>
        <ErrorState error={new Error('boom')} />
        <ErrorState message="Failed to load categories" hint="Please try again." />
      </>,
    );
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]?.textContent).toMatch(/^Error: /);
    expect(alerts[1]).toHaveTextContent('Failed to load categories');
    expect(alerts[1]).toHaveTextContent('Please try again.');
  });

  it('offers Retry inside the alert and calls it', async () => {
    const onRetry = vi.fn();
    renderScreen(<ErrorState message="Failed to load offers" onRetry={onRetry} />);
    const alert = await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: en.home.retry }));
    expect(alert).toContainElement(screen.getByRole('button', { name: en.home.retry }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows an empty result with its hint, its action and its test id', async () => {
    renderScreen(<EmptyState message="No offers match your search." hint="Try fewer filters." testId="search-empty" action={<button type="button">Clear all</button>} />);
    const empty = await screen.findByTestId('search-empty');
    expect(empty).toHaveTextContent('No offers match your search.');
    expect(empty).toHaveTextContent('Try fewer filters.');
    expect(empty).toContainElement(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
