import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Offer } from '@qrib/shared/offer-schemas';
import type { Shop } from '@qrib/shared/shop-schemas';
import { STORAGE_KEYS } from '../../../lib/shopper-location.ts';
import { neverAnswer, stubApi } from '../../../testing/api-stub.ts';
import { renderRoutes } from '../../../testing/render.tsx';
import { OfferDetail } from './offer-detail.tsx';

const offer: Offer = {
  offerId: 7,
  vendorId: 3,
  title: 'Two pastizzi for one',
  description: 'Fresh from the oven every morning.',
  discountType: 'PERCENTAGE',
  discountValue: 50,
  startDate: '2025-06-01',
  endDate: '2099-06-30',
  status: 'ACTIVE',
  featuredOffer: false,
  targetAudience: 'ALL_CUSTOMERS',
  termsAndConditions: 'One per customer.',
  redemptionLimit: 'UNLIMITED',
  maxRedemptions: null,
  regularPrice: null,
  offerPrice: null,
  buyQuantity: null,
  getQuantity: null,
  schedule: null,
  activeNow: null,
  windowOpensAt: null,
  windowClosesAt: null,
  redeemedCount: 0,
  remaining: null,
  sendNotifications: true,
  category: null,
  vendor: { vendorId: 3, businessName: 'Crystal Palace Bar', businessType: 'RESTAURANT', businessAddress: 'Triq San Pawl, Rabat', logoUrl: null, contactPhone: '+356 2145 6789', latitude: 35.8811, longitude: 14.3988, openingHours: null, openNow: null, nextChange: null },
  documents: [],
  images: [
    { imageId: 1, cardUrl: '/uploads/1-card.webp', detailUrl: '/uploads/1-detail.webp', width: 1200, height: 900 },
    { imageId: 2, cardUrl: '/uploads/2-card.webp', detailUrl: '/uploads/2-detail.webp', width: 1200, height: 900 },
  ],
  imageUrl: '/uploads/1-card.webp',
  isOwner: false,
  createdAt: '2025-05-20T08:00:00.000Z',
  updatedAt: '2025-05-20T08:00:00.000Z',
};

const card = (offerId: number, title: string): Shop['offers'][number] => ({
  offerId,
  imageUrl: null,
  title,
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
});

const shop: Shop = {
  vendorId: 3,
  businessName: 'Crystal Palace Bar',
  businessType: 'RESTAURANT',
  businessAddress: 'Triq San Pawl, Rabat',
  contactPhone: '+356 2145 6789',
  logoUrl: '/uploads/public/logo.webp',
  coverUrl: null,
  website: null,
  openingHours: null,
  openNow: null,
  nextChange: null,
  latitude: 35.8811,
  longitude: 14.3988,
  offers: [card(7, offer.title), card(8, 'Tea with every ftira')],
};

/** The browser's navigator with `share` and `clipboard` as a test wants them. */
function stubNavigator(values: { share?: Navigator['share']; clipboard?: Pick<Clipboard, 'writeText'> }) {
  vi.stubGlobal('navigator', Object.create(navigator, { share: { value: values.share }, clipboard: { value: values.clipboard } }) as Navigator);
}

const renderOffer = () => renderRoutes([{ path: '/viewoffer/:id', element: <OfferDetail offerId={7} /> }], { path: '/viewoffer/7' });

function stubShopper(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/v1/offers/7': { body: { data: offer } },
    'GET /api/v1/vendors/3/stamp-card': { body: { data: null } },
    'GET /api/v1/vendors/3': { body: { data: shop } },
    'GET /api/v1/me/favorites': { body: { data: [] } },
    ...extra,
  });
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('ShopperOffer (the offer page of anyone but its owner)', () => {
  it('shows the photos first in a keyboard-reachable gallery, the badge, title, time left, distance, terms and the shop linking to its page', async () => {
    localStorage.setItem(STORAGE_KEYS.current, JSON.stringify({ latitude: 35.8811, longitude: 14.4018 }));
    stubShopper();
    renderOffer();
    const gallery = await screen.findByTestId('offer-gallery');
    expect(gallery).toHaveAttribute('tabindex', '0');
    expect(within(gallery).getByRole('img', { name: 'Two pastizzi for one, photo 1 of 2' })).toHaveAttribute('src', '/uploads/1-detail.webp');
    expect(within(gallery).getByRole('img', { name: 'Two pastizzi for one, photo 2 of 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show photo 2' })).toBeInTheDocument();
    expect(screen.getByTestId('discount-badge')).toHaveTextContent('50%');
    expect(screen.getByRole('heading', { level: 1, name: offer.title })).toBeInTheDocument();
    expect(screen.getByTestId('offer-time-left')).toHaveTextContent(/days Left$/);
    expect(screen.getByTestId('offer-distance')).toHaveTextContent('270 m away');
    expect(screen.getByRole('heading', { level: 2, name: 'Terms & Conditions' })).toBeInTheDocument();
    expect(screen.getByText('One per customer.')).toBeInTheDocument();

    const shopLink = screen.getByTestId('shop-link');
    expect(shopLink).toHaveAttribute('href', '/shops/3');
    expect(shopLink).toHaveTextContent('Crystal Palace Bar');
    expect(shopLink).toHaveTextContent('Triq San Pawl, Rabat');
    await vi.waitFor(() => expect(shopLink.querySelector('img')).toHaveAttribute('src', '/uploads/public/logo.webp'));
    expect(screen.getByRole('link', { name: 'Directions to Crystal Palace Bar (opens OpenStreetMap)' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/directions?to=35.8811%2C14.3988',
    );
    expect(screen.getByRole('link', { name: 'Bought this? Upload your receipt' })).toHaveAttribute('href', '/receipt-upload?vendorId=3&offerId=7');
  });

  it('lists the shop’s other offers, not this one, and shows the shop’s initial until its logo is known', async () => {
    stubShopper({ 'GET /api/v1/vendors/3': neverAnswer });
    const { unmount } = renderOffer();
    await screen.findByTestId('shopper-offer');
    expect(within(screen.getByTestId('shop-link')).getByText('C')).toBeInTheDocument();
    expect(screen.queryByTestId('distance')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'More from this shop' })).not.toBeInTheDocument();
    unmount();

    stubShopper();
    renderOffer();
    const more = await screen.findByRole('region', { name: 'More from this shop' });
    const cards = within(more).getAllByTestId('offer-card');
    expect(cards).toHaveLength(1);
    expect(cards[0]).toHaveTextContent('Tea with every ftira');
    expect(within(more).getByRole('link', { name: /View Offer/ })).toHaveAttribute('href', '/viewoffer/8');
  });

  it('saves the offer with the heart (PUT /me/favorites/:id)', async () => {
    const api = stubShopper({ 'PUT /api/v1/me/favorites/7': { status: 204 } });
    renderOffer();
    const user = userEvent.setup();
    const heart = (await screen.findAllByRole('button', { name: 'Save Two pastizzi for one' }))[0];
    if (!heart) throw new Error('no heart');
    await vi.waitFor(() => expect(heart).toBeEnabled());
    await user.click(heart);
    expect(api.calls).toContainEqual({ method: 'PUT', path: '/api/v1/me/favorites/7', body: undefined });
  });

  it('shares the offer’s public page (/o/:id, issue 27) with the device’s sheet when there is one', async () => {
    const share = vi.fn(() => Promise.resolve());
    stubNavigator({ share });
    stubShopper();
    renderOffer();
    fireEvent.click(await screen.findByRole('button', { name: 'Share Two pastizzi for one' }));
    await vi.waitFor(() => expect(share).toHaveBeenCalledWith({ title: offer.title, url: `${window.location.origin}/o/7` }));
    expect(screen.queryByText('Link copied')).not.toBeInTheDocument();
  });

  it('otherwise copies the link and says so, or says it could not', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubNavigator({ clipboard: { writeText } });
    stubShopper();
    const { unmount } = renderOffer();
    fireEvent.click(await screen.findByRole('button', { name: 'Share Two pastizzi for one' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/o/7`);
    unmount();

    stubNavigator({ clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    stubShopper();
    renderOffer();
    fireEvent.click(await screen.findByRole('button', { name: 'Share Two pastizzi for one' }));
    expect(await screen.findByText('The link could not be copied.')).toBeInTheDocument();
  });

  it('shows a placeholder when the offer has no photo', async () => {
    stubShopper({ 'GET /api/v1/offers/7': { body: { data: { ...offer, images: [], imageUrl: null } } } });
    renderOffer();
    await screen.findByTestId('shopper-offer');
    expect(screen.queryByTestId('offer-gallery')).not.toBeInTheDocument();
    expect(screen.getByText('No photo')).toBeInTheDocument();
  });
});
