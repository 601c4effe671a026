import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '@qrib/shared/auth-schemas';
import type { Offer } from '@qrib/shared/offer-schemas';
import { neverAnswer, stubApi, type ApiRoute } from '../../testing/api-stub.ts';
import { renderRoutes } from '../../testing/render.tsx';
import { testOwner, testShopper } from '../../testing/users.ts';
import { AppShell } from './app-shell.tsx';

const shopper = testShopper;
const owner = testOwner;

const noNotifications: Record<string, ApiRoute> = { 'GET /api/v1/me/notifications': { body: { data: [], unreadCount: 0 } } };

function renderShell(user: User, { path = '/', routes = {} }: { path?: string; routes?: Record<string, ApiRoute> } = {}) {
  stubApi({ ...noNotifications, ...routes });
  const page = (name: string) => (
    <AppShell user={user}>
      <h1>{name}</h1>
    </AppShell>
  );
  const utils = renderRoutes(
    [
      { path: '/', element: page('home') },
      { path: '/offerslist', element: page('offers list') },
      { path: '/searchoffers', element: page('search') },
      { path: '/viewoffer/:id', element: page('offer') },
      { path: '*', element: page('other') },
    ],
    { path },
  );
  return utils;
}

const tabs = () => within(screen.getByRole('navigation', { name: 'Quick navigation' })).getAllByRole('link');
const sidebarLinks = () => within(screen.getByTestId('sidebar')).getAllByRole('link');

describe('AppShell navigation by role', () => {
  it('shows a shopper the five shopper tabs and a menu with only shopper screens and List your business', async () => {
    renderShell(shopper);
    expect(tabs().map((tab) => tab.textContent)).toEqual(['Home', 'Search', 'Saved', 'Receipts', 'Profile']);
    expect(tabs().map((tab) => tab.getAttribute('href'))).toEqual(['/', '/searchoffers', '/saved', '/receipt-upload', '/profile']);
    expect(tabs()[0]).toHaveAttribute('aria-current', 'page');
    const menu = sidebarLinks().map((link) => link.textContent);
    expect(menu).toEqual(['Home', 'Search', 'Local offer', 'Saved', 'Receipts', 'Stamp cards', 'Shop entry confirmation', 'My codes', 'Profile', 'List your business']);
    for (const ownerEntry of ['Dashboard', 'Redeem', 'Insights', 'Business Insights', 'Receipt review', 'My offers', 'Create Offer']) {
      expect(menu).not.toContain(ownerEntry);
    }
    expect(await screen.findByRole('heading', { name: 'home' })).toBeInTheDocument();
  });

  it('shows an owner the five owner tabs (Redeem among them) and a menu with the business first, Receipt review in it', () => {
    renderShell(owner);
    expect(tabs().map((tab) => tab.textContent)).toEqual(['Dashboard', 'Redeem', 'My offers', 'Insights', 'Profile']);
    expect(tabs().map((tab) => tab.getAttribute('href'))).toEqual(['/', '/redeem', '/offerslist', '/insights', '/profile']);
    const sidebar = screen.getByTestId('sidebar');
    const business = within(sidebar).getByRole('list', { name: 'Your business' });
    expect(within(business).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Redeem',
      'My offers',
      'Create Offer',
      'Insights',
      'Business Insights',
      'Receipt review',
      'Shop profile',
      'Stamp card',
      'Staff',
    ]);
    expect(within(sidebar).getByRole('list', { name: 'Shopping' })).toBeInTheDocument();
    expect(within(sidebar).queryByRole('link', { name: 'List your business' })).not.toBeInTheDocument();
  });

  it("shows an admin the Console entry to /admin after their own menu, and a shopper or owner none", () => {
    renderShell({ ...shopper, isAdmin: true });
    const consoleLink = within(screen.getByTestId('sidebar')).getByRole('link', { name: 'Console' });
    expect(consoleLink).toHaveAttribute('href', '/admin');
    expect(sidebarLinks().at(-1)).toBe(consoleLink);
    expect(tabs().map((tab) => tab.textContent)).toEqual(['Home', 'Search', 'Saved', 'Receipts', 'Profile']);
  });

  it('shows no Console entry to an account that is not an admin', () => {
    renderShell(owner);
    expect(within(screen.getByTestId('sidebar')).queryByRole('link', { name: 'Console' })).not.toBeInTheDocument();
  });

  it('gives the mobile menu the same entries as the sidebar, and every entry a 44 px target', async () => {
    renderShell(shopper);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = within(screen.getByRole('dialog')).getAllByRole('link');
    expect(menu.map((link) => link.textContent)).toEqual(sidebarLinks().map((link) => link.textContent));
    for (const link of [...menu, ...tabs()]) expect(link.className).toMatch(/\bmin-h-(11|14)\b/);
  });

  it('keeps Tab inside the open mobile menu and gives focus back to Open menu on Escape', async () => {
    const user = userEvent.setup();
    renderShell(shopper);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog');
    const close = within(menu).getByRole('button', { name: 'Close menu' });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(menu.contains(document.activeElement)).toBe(true);
    await user.tab();
    expect(close).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });
});

describe('Back on an offer page', () => {
  const offer = (isOwner: boolean) => ({ 'GET /api/v1/offers/7': { body: { data: { offerId: 7, isOwner } as Partial<Offer> } } });
  const back = () => within(screen.getByRole('banner')).getByText('Back').closest('a, button');

  it("takes the owner of the offer to the offers list (the spec's Back)", async () => {
    renderShell(owner, { path: '/viewoffer/7', routes: offer(true) });
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Back' })).toHaveAttribute('href', '/offerslist');
  });

  it('takes a shopper who opened the offer directly to their home', async () => {
    renderShell(shopper, { path: '/viewoffer/7', routes: offer(false) });
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
  });

  it('never sends a shopper to the offers list, even before the offer has loaded', () => {
    renderShell(shopper, { path: '/viewoffer/7', routes: { 'GET /api/v1/offers/7': neverAnswer } });
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
  });

  it('takes a shopper back where they came from', async () => {
    const { router } = renderShell(shopper, { path: '/searchoffers', routes: offer(false) });
    await router.navigate('/viewoffer/7');
    expect(await screen.findByRole('heading', { name: 'offer' })).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'search' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/searchoffers');
  });

  it('gives the desktop, which has no top bar, the same Back at the head of the page', async () => {
    const { router } = renderShell(shopper, { path: '/searchoffers', routes: offer(false) });
    await router.navigate('/viewoffer/7');
    const pageBack = await screen.findByTestId('page-back');
    expect(pageBack).toHaveClass('hidden', 'md:flex');
    await userEvent.click(await within(pageBack).findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'search' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/searchoffers');
    expect(screen.queryByTestId('page-back')).toBeNull();
  });

  it("takes an owner reading another shop's offer back by history too", async () => {
    const { router } = renderShell(owner, { path: '/searchoffers', routes: offer(false) });
    await router.navigate('/viewoffer/7');
    await screen.findByRole('heading', { name: 'offer' });
    // Until the offer says whose it is, an owner's Back leads to the list; then it follows history.
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(back()?.tagName).toBe('BUTTON');
  });
});
