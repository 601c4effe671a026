import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, formatMessage } from '@qrib/shared/messages';
import type { Shop } from '@qrib/shared/shop-schemas';
import { STORAGE_KEYS } from '../../../lib/shopper-location.ts';
import { neverAnswer, stubApi } from '../../../testing/api-stub.ts';
import { renderRoutes } from '../../../testing/render.tsx';
import { ShopPage } from './shop-page.tsx';

const shop: Shop = {
  vendorId: 3,
  businessName: 'Crystal Palace Bar',
  businessType: 'RESTAURANT',
  businessAddress: 'Triq San Pawl, Rabat',
  contactPhone: '+356 2145 6789',
  logoUrl: null,
  coverUrl: null,
  website: null,
  openingHours: null,
  openNow: null,
  nextChange: null,
  latitude: 35.8811,
  longitude: 14.3988,
  offers: [
    {
      offerId: 7,
      imageUrl: '/uploads/public/7-card.webp',
      title: 'Two pastizzi for one',
      description: 'Fresh from the oven every morning.',
      discountType: 'PERCENTAGE',
      discountValue: 50,
      startDate: '2025-06-01',
      endDate: '2099-06-30',
      termsAndConditions: null,
      status: 'ACTIVE',
      remaining: null,
      featuredOffer: false,
      regularPrice: 4,
      offerPrice: 2,
      buyQuantity: null,
      getQuantity: null,
      schedule: null,
      activeNow: null,
      windowOpensAt: null,
      windowClosesAt: null,
    },
    {
      offerId: 8,
      imageUrl: null,
      title: 'Tea with every ftira',
      description: 'Afternoons only.',
      discountType: 'FIXED',
      discountValue: 1.5,
      startDate: '2025-06-01',
      endDate: '2099-07-31',
      termsAndConditions: null,
      status: 'ACTIVE',
      remaining: null,
      featuredOffer: false,
      regularPrice: null,
      offerPrice: null,
      buyQuantity: null,
      getQuantity: null,
      schedule: null,
      activeNow: null,
      windowOpensAt: null,
      windowClosesAt: null,
    },
  ],
};

const renderShop = (vendorId = 3) => renderRoutes([{ path: '/shops/:vendorId', element: <ShopPage vendorId={vendorId} /> }], { path: `/shops/${vendorId}` });
const notFound = { status: 404, body: { statusCode: 404, error: 'Not Found', message: MESSAGES.shopNotFound, code: 'shopNotFound', params: {} } };

afterEach(() => localStorage.clear());

describe('ShopPage', () => {
  it("shows 'Loading…' while the shop is on its way", () => {
    stubApi({ 'GET /api/v1/vendors/3': neverAnswer, 'GET /api/v1/me/favorites': neverAnswer });
    renderShop();
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.loadingEllipsis);
  });

  it("shows 'Shop not found.' for a 404 and for an id that cannot exist, without asking", async () => {
    stubApi({ 'GET /api/v1/vendors/3': notFound });
    const { unmount } = renderShop();
    expect(await screen.findByText(MESSAGES.shopNotFound)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    unmount();

    const api = stubApi({});
    renderShop(Number.NaN);
    expect(screen.getByText(MESSAGES.shopNotFound)).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it("shows 'Error: {message}' when the shop cannot be read", async () => {
    stubApi({ 'GET /api/v1/vendors/3': { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: MESSAGES.notSignedIn, code: 'notSignedIn', params: {} } } });
    renderShop();
    expect(await screen.findByRole('alert')).toHaveTextContent(formatMessage(MESSAGES.errorWithMessage, { message: MESSAGES.notSignedIn }));
  });

  it('shows the shop’s initial, name, type, address, a phone link, directions and its offers as cards leading to each offer', async () => {
    stubApi({ 'GET /api/v1/vendors/3/stamp-card': { body: { data: null } }, 'GET /api/v1/vendors/3': { body: { data: shop } }, 'GET /api/v1/me/favorites': { body: { data: [] } } });
    renderShop();
    const header = (await screen.findByRole('heading', { level: 1, name: 'Crystal Palace Bar' })).closest('header');
    if (!header) throw new Error('the shop’s header expected');
    expect(within(header).getByText('C', { selector: 'span[aria-hidden="true"]' })).toBeInTheDocument();
    expect(screen.getByText('Restaurant')).toBeInTheDocument();
    expect(screen.getByText('Triq San Pawl, Rabat')).toBeInTheDocument();
    expect(screen.queryByTestId('distance')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call +356 2145 6789' })).toHaveAttribute('href', 'tel:+35621456789');
    const directions = screen.getByRole('link', { name: 'Directions to Crystal Palace Bar (opens OpenStreetMap)' });
    expect(directions).toHaveAttribute('href', 'https://www.openstreetmap.org/directions?to=35.8811%2C14.3988');
    expect(directions).toHaveAttribute('target', '_blank');

    const offers = screen.getByRole('region', { name: 'Offers at this shop' });
    const cards = within(offers).getAllByTestId('offer-card');
    expect(cards).toHaveLength(2);
    const [first, second] = cards;
    if (!first || !second) throw new Error('two cards expected');
    expect(within(first).getByRole('img', { name: 'Two pastizzi for one at Crystal Palace Bar' })).toHaveAttribute('src', '/uploads/public/7-card.webp');
    expect(within(first).getByText('50%')).toBeInTheDocument();
    expect(within(first).getByTestId('price')).toHaveTextContent('Price before €4.00, now €2.00');
    expect(within(second).queryByTestId('price')).not.toBeInTheDocument();
    expect(within(first).getByRole('link', { name: /View Offer/ })).toHaveAttribute('href', '/viewoffer/7');
    expect(within(second).getByText('€1.50 off')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: /View Offer/ })).toHaveAttribute('href', '/viewoffer/8');
    expect(await within(second).findByRole('button', { name: 'Save Tea with every ftira' })).toBeEnabled();
  });

  it('says how far the shop is when the shopper’s last location is known, and that it has no offers when it has none', async () => {
    localStorage.setItem(STORAGE_KEYS.current, JSON.stringify({ latitude: 35.8811, longitude: 14.4018 }));
    stubApi({ 'GET /api/v1/vendors/3/stamp-card': { body: { data: null } }, 'GET /api/v1/vendors/3': { body: { data: { ...shop, offers: [], logoUrl: '/uploads/public/logo.webp' } } } });
    renderShop();
    expect(await screen.findByText('This shop has no offers right now.')).toBeInTheDocument();
    expect(screen.getByTestId('distance')).toHaveTextContent('270 m away');
    expect(document.querySelector('img[src="/uploads/public/logo.webp"]')).not.toBeNull();
  });
});

describe('ShopPage’s cover and website (issue 28)', () => {
  it('shows the cover photo across the top (decorative) and the website as a link that opens apart, only when set', async () => {
    stubApi({
      'GET /api/v1/vendors/3/stamp-card': { body: { data: null } },
      'GET /api/v1/vendors/3': { body: { data: { ...shop, offers: [], coverUrl: '/uploads/public/3-cover.webp', website: 'https://www.crystalpalace.mt/menu' } } },
    });
    const { unmount } = renderShop();
    const website = await screen.findByRole('link', { name: 'crystalpalace.mt' });
    expect(website).toHaveAttribute('href', 'https://www.crystalpalace.mt/menu');
    expect(website).toHaveAttribute('target', '_blank');
    expect(website).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByTestId('shop-cover')).toHaveAttribute('src', '/uploads/public/3-cover.webp');
    expect(screen.getByTestId('shop-cover')).toHaveAttribute('alt', '');
    unmount();

    stubApi({ 'GET /api/v1/vendors/3/stamp-card': { body: { data: null } }, 'GET /api/v1/vendors/3': { body: { data: { ...shop, offers: [] } } } });
    renderShop();
    expect(await screen.findByText('This shop has no offers right now.')).toBeInTheDocument();
    expect(screen.queryByTestId('shop-cover')).not.toBeInTheDocument();
    expect(screen.queryByTestId('shop-website')).not.toBeInTheDocument();
  });
});

describe('ShopPage’s hours (issue 28)', () => {
  it('says whether the shop is open, its week day by day, and the hours as the shop wrote them', async () => {
    const openingHours = 'Mo-Fr 08:00-19:00; Sa 08:30-13:00; Su,PH off';
    stubApi({ 'GET /api/v1/vendors/3/stamp-card': { body: { data: null } }, 'GET /api/v1/vendors/3': { body: { data: { ...shop, openingHours, openNow: false, nextChange: null } } }, 'GET /api/v1/me/favorites': neverAnswer });
    renderShop();
    expect(await screen.findByTestId('open-status')).toHaveTextContent(/^Closed$/);
    const hours = screen.getByRole('region', { name: 'Opening hours' });
    const week = within(hours)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(week).toEqual(['Mon–Fri 08:00–19:00', 'Sat 08:30–13:00', 'Sun Closed']);
    expect(hours).toHaveTextContent('Closed on public holidays');
    expect(within(hours).getByTestId('shop-hours-text')).toHaveTextContent(openingHours);
    // The offers' cards do not repeat the shop's own status.
    expect(screen.getAllByTestId('open-status')).toHaveLength(1);
  });

  it('keeps hours the table cannot say as written, and says "Hours not given" without any', async () => {
    stubApi({ 'GET /api/v1/vendors/3/stamp-card': { body: { data: null } }, 'GET /api/v1/vendors/3': { body: { data: { ...shop, openingHours: 'Jan-Mar Mo-Fr 08:00-19:00', openNow: true, nextChange: null } } }, 'GET /api/v1/me/favorites': neverAnswer });
    const { unmount } = renderShop();
    expect(await screen.findByTestId('open-status')).toHaveTextContent(/^Open$/);
    expect(screen.queryByRole('term')).not.toBeInTheDocument();
    expect(screen.getByTestId('shop-hours-text')).toHaveTextContent('Jan-Mar Mo-Fr 08:00-19:00');
    unmount();

    stubApi({ 'GET /api/v1/vendors/3/stamp-card': { body: { data: null } }, 'GET /api/v1/vendors/3': { body: { data: shop } }, 'GET /api/v1/me/favorites': neverAnswer });
    renderShop();
    expect(await screen.findByTestId('open-status')).toHaveTextContent('Hours not given');
    expect(screen.queryByTestId('shop-hours')).not.toBeInTheDocument();
  });
});

describe('ShopPage’s Share (issue 27)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shares the shop’s public page, /s/:vendorId, which anyone can open', async () => {
    const share = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', Object.create(navigator, { share: { value: share } }) as Navigator);
    stubApi({ 'GET /api/v1/vendors/3/stamp-card': { body: { data: null } }, 'GET /api/v1/vendors/3': { body: { data: shop } }, 'GET /api/v1/me/favorites': neverAnswer });
    renderShop();
    fireEvent.click(await screen.findByRole('button', { name: 'Share Crystal Palace Bar' }));
    await vi.waitFor(() => expect(share).toHaveBeenCalledWith({ title: 'Crystal Palace Bar', url: `${window.location.origin}/s/3` }));
  });
});
