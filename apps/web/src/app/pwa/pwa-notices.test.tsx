import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../testing/render.tsx';
import { PwaNotices } from './pwa-notices.tsx';
import { offerUpdate, withdrawUpdate } from './update-offer.ts';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  act(() => withdrawUpdate());
});

describe('offline banner', () => {
  it('says nothing while online', () => {
    renderRoutes([{ path: '/', element: <PwaNotices /> }]);
    expect(screen.queryByText('You are offline')).not.toBeInTheDocument();
    // The live regions are there before anything is said in them.
    expect(screen.getAllByRole('status')).toHaveLength(2);
  });

  it('shows "You are offline" as a status when the connection goes, and hides it when it comes back', () => {
    renderRoutes([{ path: '/', element: <PwaNotices /> }]);
    setOnline(false);
    const banner = screen.getByText('You are offline');
    expect(banner.closest('[role="status"]')).not.toBeNull();
    setOnline(true);
    expect(screen.queryByText('You are offline')).not.toBeInTheDocument();
  });

  it('is there from the start when the page loads offline, in the reader’s language', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderRoutes([{ path: '/', element: <PwaNotices /> }], { language: 'mt' });
    expect(screen.getByText('M’intix konness mal-internet')).toBeInTheDocument();
  });
});

describe('update prompt', () => {
  it('is hidden until a new version waits', () => {
    renderRoutes([{ path: '/', element: <PwaNotices /> }]);
    expect(screen.queryByText('A new version is available')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });

  it('offers the waiting version, and Reload activates it once', async () => {
    renderRoutes([{ path: '/', element: <PwaNotices /> }]);
    const activate = vi.fn(() => new Promise<void>(() => {}));
    act(() => offerUpdate(activate));
    expect(screen.getByText('A new version is available')).toBeInTheDocument();
    const reload = screen.getByRole('button', { name: 'Reload' });
    expect(activate).not.toHaveBeenCalled();
    await userEvent.click(reload);
    expect(activate).toHaveBeenCalledTimes(1);
    expect(reload).toBeDisabled();
  });

  it('lets Reload be pressed again when the waiting version could not be asked', async () => {
    renderRoutes([{ path: '/', element: <PwaNotices /> }]);
    const activate = vi.fn(() => Promise.reject(new Error('InvalidStateError: the worker is redundant')));
    act(() => offerUpdate(activate));
    const reload = screen.getByRole('button', { name: 'Reload' });
    await userEvent.click(reload);
    expect(activate).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(reload).toBeEnabled());
  });
});
