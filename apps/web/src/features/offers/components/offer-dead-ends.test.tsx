/** The offer page's dead ends (issue 27): not found, ended, not on the device, a failed save (offer-position.test.tsx: the position). */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@qrib/shared/messages';
import type { NearbyBusiness, NearbyCategoryOffer } from '@qrib/shared/nearby-schemas';
import type { Offer } from '@qrib/shared/offer-schemas';
import { STORAGE_KEYS } from '../../../lib/shopper-location.ts';
import { stubApi, type ApiRoute } from '../../../testing/api-stub.ts';
import { renderRoutes } from '../../../testing/render.tsx';
import { OfferDetail } from './offer-detail.tsx';

const offer: Offer = {
  offerId: 7,
  vendorId: 3,
  title: 'Two pastizzi for one',
  description: 'Fresh from the oven every morning.',
  discountType: 'PERCENTAGE',
  discountValue: 50,
  regularPrice: null,
  offerPrice: null,
  buyQuantity: null,
  getQuantity: null,
  schedule: null,
  activeNow: null,
  windowOpensAt: null,
  windowClosesAt: null,
  startDate: '2025-06-01',
  endDate: '2099-06-30',
  status: 'ACTIVE',
  featuredOffer: false,
  targetAudience: 'ALL_CUSTOMERS',
  termsAndConditions: null,
  redemptionLimit: 'UNLIMITED',
  maxRedemptions: null,
  redeemedCount: 0,
  remaining: null,
  sendNotifications: true,
  category: { categoryId: 2, name: 'Food', description: 'Food and drink', iconUrl: null },
  vendor: { vendorId: 3, businessName: 'Crystal Palace Bar', businessType: 'RESTAURANT', businessAddress: 'Triq San Pawl, Rabat', logoUrl: null, contactPhone: '+356 2145 6789', latitude: 35.8811, longitude: 14.3988, openingHours: null, openNow: null, nextChange: null },
  documents: [],
  images: [],
  imageUrl: null,
  isOwner: false,
  createdAt: '2025-05-20T08:00:00.000Z',
  updatedAt: '2025-05-20T08:00:00.000Z',
};

const nearbyOffer = (offerId: number, title: string): NearbyBusiness['offers'][number] => ({
  offerId,
  imageUrl: null,
  title,
  description: 'Afternoons only.',
  discountType: 'FIXED',
  discountValue: 1.5,
  regularPrice: null,
  offerPrice: null,
  buyQuantity: null,
  getQuantity: null,
  schedule: null,
  activeNow: null,
  windowOpensAt: null,
  windowClosesAt: null,
  startDate: '2025-06-01',
  endDate: '2099-07-31',
  termsAndConditions: null,
  status: 'ACTIVE',
  remaining: null,
  featuredOffer: false,
});

const here = { latitude: 35.8811, longitude: 14.4018 };
const nearbyQuery = (categoryId?: number) =>
  `/api/v1/offers/nearby-offers?latitude=${here.latitude}&longitude=${here.longitude}&radiusKm=10${categoryId === undefined ? '' : `&categoryId=${categoryId}`}`;

const renderOffer = (offerId = 7) => renderRoutes([{ path: '/viewoffer/:id', element: <OfferDetail offerId={offerId} /> }], { path: `/viewoffer/${offerId}` });

function stubShopper(extra: Record<string, ApiRoute> = {}) {
  return stubApi({
    'GET /api/v1/offers/7': { body: { data: offer } },
    'GET /api/v1/vendors/3/stamp-card': { body: { data: null } },
    'GET /api/v1/vendors/3': { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Business not found.' } },
    'GET /api/v1/me/favorites': { body: { data: [] } },
    ...extra,
  });
}

/** The device's position as a test wants it: found at `point`, or refused. */
function stubGeolocation(answer: { point: typeof here } | 'denied') {
  const getCurrentPosition = vi.fn((found: PositionCallback, failed?: PositionErrorCallback | null) => {
    if (answer === 'denied') failed?.({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'denied' } as GeolocationPositionError);
    else found({ coords: answer.point, timestamp: Date.now() } as unknown as GeolocationPosition);
  });
  vi.stubGlobal('navigator', Object.create(navigator, { geolocation: { value: { getCurrentPosition } } }) as Navigator);
  return getCurrentPosition;
}

const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));
const notFound = { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Offer not found.', code: 'offerNotFound', params: {} } };

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('an offer that cannot be shown', () => {
  it('not found: says why, offers Browse offers and the offers nearby when a position is known', async () => {
    localStorage.setItem(STORAGE_KEYS.current, JSON.stringify(here));
    const business: NearbyBusiness = {
      vendorId: 5,
      businessName: 'Is-Suq',
      logoUrl: null,
      distance: 0.4,
      openNow: null,
      nextChange: null,
      businessAddress: 'Triq il-Kbira, Rabat',
      latitude: 35.88,
      longitude: 14.4,
      offers: [nearbyOffer(9, 'Ftira for two'), nearbyOffer(12345, 'Hobż biż-żejt')],
    };
    stubApi({
      'GET /api/v1/offers/12345': notFound,
      [`GET ${nearbyQuery()}`]: { body: { data: [business], nextCursor: null } },
      'GET /api/v1/me/favorites': { body: { data: [] } },
    });
    renderOffer(12345);
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.offerNotFound })).toBeInTheDocument();
    expect(screen.getByText(/may have ended, sold out or been taken down/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse offers' })).toHaveAttribute('href', '/');
    const nearby = await screen.findByRole('region', { name: 'Offers nearby' });
    // The missing offer itself is not suggested.
    expect(within(nearby).getAllByRole('listitem')).toHaveLength(1);
    expect(nearby).toHaveTextContent('Ftira for two');
    expect(nearby).not.toHaveTextContent('Hobż biż-żejt');
    expect(within(nearby).getByRole('link', { name: /View Offer/ })).toHaveAttribute('href', '/viewoffer/9');
  });

  it('not found without a position: the sentence and Browse offers, nothing asked of the nearby list', async () => {
    stubGeolocation('denied');
    const api = stubApi({ 'GET /api/v1/offers/12345': notFound });
    renderOffer(12345);
    expect(await screen.findByRole('link', { name: 'Browse offers' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Offers nearby' })).not.toBeInTheDocument();
    expect(api.calls.map((call) => call.path)).toEqual(['/api/v1/offers/12345']);
  });

  it('an id that cannot exist reads the same', async () => {
    stubApi({});
    renderOffer(0);
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.offerNotFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse offers' })).toBeInTheDocument();
  });

  it('ended: says so with its title, and suggests offers of the same category nearby', async () => {
    localStorage.setItem(STORAGE_KEYS.current, JSON.stringify(here));
    const similar: NearbyCategoryOffer = {
      ...nearbyOffer(11, 'Two ftajjar for one'),
      distance: 0.6,
      category: offer.category,
      vendor: { vendorId: 6, businessName: 'Il-Forn', businessAddress: 'Triq San Pawl, Rabat', logoUrl: null, openNow: null, nextChange: null },
    };
    stubShopper({
      'GET /api/v1/offers/7': { body: { data: { ...offer, endDate: '2020-01-31' } } },
      [`GET ${nearbyQuery(2)}`]: { body: { data: [similar], nextCursor: null } },
    });
    renderOffer();
    expect(await screen.findByRole('heading', { level: 1, name: 'This offer has ended' })).toBeInTheDocument();
    expect(screen.getByText(offer.title)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse offers' })).toBeInTheDocument();
    const nearby = await screen.findByRole('region', { name: 'Similar offers nearby' });
    expect(within(nearby).getAllByRole('listitem')).toHaveLength(1);
    expect(within(nearby).getByRole('link', { name: /View Offer/ })).toHaveAttribute('href', '/viewoffer/11');
    expect(nearby).toHaveTextContent('Two ftajjar for one');
    expect(screen.queryByRole('button', { name: /Get code/ })).not.toBeInTheDocument();
  });

  it('offline and not on the device: says so, and Try again opens it once the network is back', async () => {
    let online = false;
    stubShopper({ 'GET /api/v1/offers/7': () => (online ? { body: { data: offer } } : unreachable()) });
    renderOffer();
    expect(await screen.findByRole('heading', { level: 1, name: 'This offer is not on this device yet' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse offers' })).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
    online = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: offer.title })).toBeInTheDocument();
  });
});

describe('the heart when the save fails', () => {
  it('shows the offer not saved, says why, and Try again saves it', async () => {
    let reachable = false;
    const api = stubShopper({ 'PUT /api/v1/me/favorites/7': () => (reachable ? { status: 204 } : unreachable()) });
    renderOffer();
    const user = userEvent.setup();
    const heart = await screen.findByRole('button', { name: 'Save Two pastizzi for one' });
    await vi.waitFor(() => expect(heart).toBeEnabled());
    await user.click(heart);
    const notice = await screen.findByTestId('favorite-failed');
    expect(notice).toHaveAttribute('role', 'alert');
    expect(notice).toHaveTextContent('Not saved: “Two pastizzi for one”. No connection — try again');
    expect(screen.getByRole('button', { name: 'Save Two pastizzi for one' })).toHaveAttribute('aria-pressed', 'false');

    reachable = true;
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(screen.queryByTestId('favorite-failed')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(2);
  });

  it('a failed removal leaves the heart filled, with the message; Dismiss closes it', async () => {
    const favorite = { ...nearbyOffer(7, offer.title), vendor: { vendorId: 3, businessName: 'Crystal Palace Bar', businessAddress: 'Triq San Pawl, Rabat' }, savedAt: '2026-11-20T09:00:00.000Z' };
    stubShopper({ 'GET /api/v1/me/favorites': { body: { data: [favorite] } }, 'DELETE /api/v1/me/favorites/7': unreachable });
    renderOffer();
    const user = userEvent.setup();
    const heart = await screen.findByRole('button', { name: 'Remove Two pastizzi for one from saved' });
    await vi.waitFor(() => expect(heart).toBeEnabled());
    await user.click(heart);
    const notice = await screen.findByTestId('favorite-failed');
    expect(notice).toHaveTextContent('Still saved: “Two pastizzi for one”. No connection — try again');
    expect(screen.getByRole('button', { name: 'Remove Two pastizzi for one from saved' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('favorite-failed')).not.toBeInTheDocument();
  });
});
