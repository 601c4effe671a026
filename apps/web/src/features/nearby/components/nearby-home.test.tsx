/** The home with the location refused or unavailable (issue 27): the spec's messages, and the town picker right there. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { NEARBY_RADIUS_KM } from '@qrib/shared/nearby-constants';
import { STORAGE_KEYS } from '../../../lib/shopper-location.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { NearbyHome } from './nearby-home.tsx';

const en = catalogs.en;
const valletta = { latitude: 35.8989, longitude: 14.5146 };
const nearbyInValletta = `/api/v1/offers/nearby-offers?latitude=${valletta.latitude}&longitude=${valletta.longitude}&radiusKm=${NEARBY_RADIUS_KM}`;
const business = {
  vendorId: 3,
  businessName: "Joseph's Pastizzeria",
  logoUrl: null,
  distance: 0.2,
  openNow: true,
  nextChange: '2099-06-30T17:00:00Z',
  businessAddress: 'Triq il-Merkanti, Valletta',
  latitude: 35.8985,
  longitude: 14.5141,
  offers: [
    {
      offerId: 7,
      imageUrl: null,
      title: 'Two pastizzi for one',
      description: 'Fresh.',
      discountType: 'PERCENTAGE',
      discountValue: 20,
      startDate: '2025-06-01',
      endDate: '2099-06-30',
      termsAndConditions: null,
      status: 'ACTIVE',
      remaining: 4,
      featuredOffer: false,
      regularPrice: 4,
      offerPrice: 3.2,
      buyQuantity: null,
      getQuantity: null,
    },
  ],
};

function refuseGeolocation() {
  const getCurrentPosition = vi.fn((_found: PositionCallback, failed?: PositionErrorCallback | null) => {
    failed?.({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'denied' } as GeolocationPositionError);
  });
  vi.stubGlobal('navigator', Object.create(navigator, { geolocation: { value: { getCurrentPosition } } }) as Navigator);
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the home when the location is refused', () => {
  it('keeps the spec’s messages, and a town chosen in the message shows its offers at once', async () => {
    refuseGeolocation();
    const api = stubApi({
      'GET /api/v1/categories/': { body: { data: [] } },
      'GET /api/v1/me/favorites': { body: { data: [] } },
      [`GET ${nearbyInValletta}`]: { body: { data: [business], nextCursor: null } },
    });
    renderScreen(<NearbyHome />);
    const fallback = await screen.findByTestId('location-fallback');
    const alert = within(fallback).getByRole('alert');
    expect(alert).toHaveTextContent(en.messages.locationErrorTitle);
    expect(alert).toHaveTextContent(`${en.messages.customerGeoFailed} ${en.messages.customerGeoDenied}`);
    expect(alert).toHaveTextContent(en.messages.enableLocationBanner);
    expect(api.calls.some((call) => call.path.startsWith('/api/v1/offers/nearby-offers'))).toBe(false);

    // The picker is right in the message: no Change to find first.
    expect(await within(fallback).findByRole('heading', { name: en.cards.chooseTown })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(within(fallback).getByRole('searchbox', { name: en.home.searchLocality }), 'Vallet');
    await user.click(within(fallback).getByRole('button', { name: 'Valletta' }));

    const card = await screen.findByTestId('offer-card');
    expect(card).toHaveTextContent('Two pastizzi for one');
    expect(within(card).getByTestId('price')).toHaveTextContent('€4.00 → €3.20');
    expect(within(card).getByTestId('units-left')).toHaveTextContent('4 left');
    expect(screen.queryByTestId('location-fallback')).not.toBeInTheDocument();
    expect(screen.getByTestId('current-place')).toHaveTextContent('Valletta');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.chosenPlace) ?? 'null')).toMatchObject({ name: 'Valletta', ...valletta });
  });

  it('says so when the browser has no location at all, with the same picker', async () => {
    // A browser without the Geolocation API: 'geolocation' in navigator is false.
    const real = navigator;
    vi.stubGlobal(
      'navigator',
      new Proxy(real, {
        has: (target, key) => key !== 'geolocation' && key in target,
        get: (target, key) => {
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      }),
    );
    stubApi({ 'GET /api/v1/categories/': { body: { data: [] } } });
    renderScreen(<NearbyHome />);
    const fallback = await screen.findByTestId('location-fallback');
    expect(within(fallback).getByRole('alert')).toHaveTextContent(en.messages.customerGeoUnsupported);
    expect(await within(fallback).findByRole('searchbox', { name: en.home.searchLocality })).toBeInTheDocument();
  });
});

describe('the Open now chip (issue 28)', () => {
  it('asks only for the shops open now, as its own list, and says so when none is', async () => {
    localStorage.setItem(STORAGE_KEYS.chosenPlace, JSON.stringify({ name: 'Valletta', ...valletta }));
    const closed = { ...business, vendorId: 4, businessName: 'Il-Forn', openNow: null, nextChange: null, offers: [{ ...business.offers[0], offerId: 8, title: 'Ftira' }] };
    const api = stubApi({
      'GET /api/v1/categories/': { body: { data: [] } },
      'GET /api/v1/me/favorites': { body: { data: [] } },
      [`GET ${nearbyInValletta}`]: { body: { data: [business, closed], nextCursor: null } },
      [`GET ${nearbyInValletta}&openNow=true`]: { body: { data: [business], nextCursor: null } },
    });
    renderScreen(<NearbyHome />);
    const user = userEvent.setup();
    expect(await screen.findAllByTestId('offer-card')).toHaveLength(2);
    const statuses = screen.getAllByTestId('open-status');
    expect(statuses[0]).toHaveTextContent(/^Open · closes \d\d:\d\d$/);
    expect(statuses[1]).toHaveTextContent(en.openStatus.unknown);

    const chip = screen.getByRole('button', { name: en.openStatus.chip });
    expect(chip).toHaveAttribute('aria-pressed', 'false');
    await user.click(chip);
    expect(chip).toHaveAttribute('aria-pressed', 'true');
    await vi.waitFor(() => expect(screen.getAllByTestId('offer-card')).toHaveLength(1));
    expect(screen.getByTestId('offer-card')).toHaveTextContent('Two pastizzi for one');
    expect(api.calls.filter((call) => call.path.startsWith('/api/v1/offers/nearby-offers')).map((call) => call.path.includes('openNow=true'))).toEqual([false, true]);

    // Off again: the whole list, from the cache.
    await user.click(chip);
    expect(chip).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findAllByTestId('offer-card')).toHaveLength(2);
  });
});

describe('the On now chip (issue 28 §3)', () => {
  it('asks only for the offers that hold now, says each happy hour on its card, and says so when none holds', async () => {
    localStorage.setItem(STORAGE_KEYS.chosenPlace, JSON.stringify({ name: 'Valletta', ...valletta }));
    // A happy hour from 2099: its window is far ahead, so its card says when it starts.
    const later = { ...business.offers[0], offerId: 9, title: 'Two-for-one spritz', schedule: 'Mo-Su 17:00-19:00', activeNow: false, windowOpensAt: '2099-06-29T15:00:00Z', windowClosesAt: '2099-06-29T17:00:00Z' };
    const api = stubApi({
      'GET /api/v1/categories/': { body: { data: [] } },
      'GET /api/v1/me/favorites': { body: { data: [] } },
      [`GET ${nearbyInValletta}`]: { body: { data: [{ ...business, offers: [business.offers[0], later] }], nextCursor: null } },
      [`GET ${nearbyInValletta}&activeNow=true`]: { body: { data: [], nextCursor: null } },
    });
    renderScreen(<NearbyHome />);
    const user = userEvent.setup();
    const cards = await screen.findAllByTestId('offer-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] ?? document.body).queryByTestId('happy-hour')).not.toBeInTheDocument();
    expect(within(cards[1] ?? document.body).getByTestId('happy-hour')).toHaveTextContent(/^Happy hour 17:00–19:00 · starts \w{3} 17:00$/);

    const chip = screen.getByRole('button', { name: en.happyHour.chip });
    expect(chip).toHaveAttribute('aria-pressed', 'false');
    await user.click(chip);
    expect(chip).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText(en.happyHour.emptyOnNow)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/api/v1/offers/nearby-offers')).map((call) => call.path.includes('activeNow=true'))).toEqual([false, true]);

    await user.click(screen.getByRole('button', { name: en.happyHour.showAll }));
    expect(chip).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findAllByTestId('offer-card')).toHaveLength(2);
  });
});
