/** The offer page opened from a shared or bookmarked link on a device that knows no position (issue 27). */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Offer } from '@qrib/shared/offer-schemas';
import { STORAGE_KEYS } from '../../../lib/shopper-location.ts';
import { stubApi } from '../../../testing/api-stub.ts';
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
  category: null,
  vendor: { vendorId: 3, businessName: 'Crystal Palace Bar', businessType: 'RESTAURANT', businessAddress: 'Triq San Pawl, Rabat', logoUrl: null, contactPhone: '+356 2145 6789', latitude: 35.8811, longitude: 14.3988, openingHours: null, openNow: null, nextChange: null },
  documents: [],
  images: [],
  imageUrl: null,
  isOwner: false,
  createdAt: '2025-05-20T08:00:00.000Z',
  updatedAt: '2025-05-20T08:00:00.000Z',
};

const here = { latitude: 35.8811, longitude: 14.4018 };

const renderOffer = () => renderRoutes([{ path: '/viewoffer/:id', element: <OfferDetail offerId={7} /> }], { path: '/viewoffer/7' });

function stubShopper() {
  return stubApi({
    'GET /api/v1/offers/7': { body: { data: offer } },
    'GET /api/v1/vendors/3/stamp-card': { body: { data: null } },
    'GET /api/v1/vendors/3': { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Business not found.' } },
    'GET /api/v1/me/favorites': { body: { data: [] } },
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

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the offer page opened from a link, with no position known', () => {
  it('asks the device for it, keeps it, and shows the distance', async () => {
    const asked = stubGeolocation({ point: here });
    stubShopper();
    renderOffer();
    expect(await screen.findByTestId('offer-distance')).toHaveTextContent('270 m away');
    expect(asked).toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.current) ?? 'null')).toEqual(here);
  });

  it('shows the offer without a distance when the position is refused', async () => {
    const asked = stubGeolocation('denied');
    stubShopper();
    renderOffer();
    expect(await screen.findByRole('heading', { level: 1, name: offer.title })).toBeInTheDocument();
    expect(asked).toHaveBeenCalled();
    expect(screen.queryByTestId('offer-distance')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does not ask when a position is known', async () => {
    localStorage.setItem(STORAGE_KEYS.current, JSON.stringify(here));
    const asked = stubGeolocation('denied');
    stubShopper();
    renderOffer();
    expect(await screen.findByTestId('offer-distance')).toHaveTextContent('270 m away');
    expect(asked).not.toHaveBeenCalled();
  });
});
