import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FavoriteButton } from '../../../components/favorite-button.tsx';
import { PUSH_OFFER_STORAGE_KEY, requestPushOffer } from '../../../lib/push-offer.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { stubPushDevice, TEST_PUSH_ENDPOINT, TEST_PUSH_PUBLIC_KEY, type PushDeviceOptions } from '../../../testing/push-device.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { PushOfferHost } from './push-offer-host.tsx';

const stored = () => JSON.parse(localStorage.getItem(PUSH_OFFER_STORAGE_KEY) ?? '{}') as Record<string, unknown>;

/** Two offers' hearts and the layout's host; `laterVisit`: the device has been seen before. */
function renderHearts({ device, laterVisit = true }: { device?: PushDeviceOptions; laterVisit?: boolean } = {}) {
  if (laterVisit && localStorage.getItem(PUSH_OFFER_STORAGE_KEY) === null) localStorage.setItem(PUSH_OFFER_STORAGE_KEY, JSON.stringify({ visited: true }));
  const pushDevice = stubPushDevice(device);
  const saved = new Set<number>();
  const heart = (offerId: number) => ({
    [`PUT /api/v1/me/favorites/${offerId}`]: () => (saved.add(offerId), { status: 204 }),
    [`DELETE /api/v1/me/favorites/${offerId}`]: () => (saved.delete(offerId), { status: 204 }),
  });
  const api = stubApi({
    'GET /api/v1/me/favorites': () => ({ body: { data: [...saved].map((offerId) => ({ offerId })) } }),
    ...heart(7),
    ...heart(8),
    'GET /api/v1/config': { body: { data: { mapStyleUrl: null, oidcProvider: null, pushPublicKey: TEST_PUSH_PUBLIC_KEY } } },
    'POST /api/v1/me/push-subscriptions': { status: 201, body: { data: { endpoint: TEST_PUSH_ENDPOINT, createdAt: '2026-11-27T10:00:00.000Z', expirationTime: null } } },
  });
  renderScreen(
    <>
      <FavoriteButton offerId={7} title="Ftira" />
      <FavoriteButton offerId={8} title="Pastizzi" />
      <PushOfferHost />
    </>,
  );
  return { api, device: pushDevice, user: userEvent.setup() };
}

/** Lets what is on its way land (the offer's chunk, this device's state). */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

async function save(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(await screen.findByRole('button', { name: `Save ${title}` }));
  await screen.findByRole('button', { name: `Remove ${title} from saved`, pressed: true });
}

describe('the offer to turn push on (issue 29 §1)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('comes after the first save, saying what a save brings; Not now is kept and it does not come again', async () => {
    const { user } = renderHearts();
    await save(user, 'Ftira');
    const offer = await screen.findByTestId('push-offer');
    expect(offer).toHaveTextContent('Hear about it first?');
    expect(offer).toHaveTextContent('Get a push when this shop publishes a new offer, and the day before a saved offer ends.');
    expect(stored()).toMatchObject({ shown: true });
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('push-offer')).toBeNull();
    expect(stored()).toMatchObject({ dismissed: true });
    await save(user, 'Pastizzi');
    expect(screen.queryByTestId('push-offer')).toBeNull();
  });

  it('is made once: after it was shown and left unanswered, a later save on another page does not bring it back', async () => {
    const first = renderHearts();
    await save(first.user, 'Ftira');
    await screen.findByTestId('push-offer');
    cleanup();
    // Another page of the same visit.
    const { user } = renderHearts();
    await save(user, 'Pastizzi');
    await settle();
    expect(screen.queryByTestId('push-offer')).toBeNull();
    expect(stored()).toEqual({ visited: true, shown: true });
  });

  it('is never made on a first visit', async () => {
    const { device, user } = renderHearts({ laterVisit: false });
    await save(user, 'Ftira');
    await settle();
    expect(screen.queryByTestId('push-offer')).toBeNull();
    expect(device.getSubscription).not.toHaveBeenCalled();
    expect(stored()).toEqual({ visited: true });
  });

  it('is not made when push is on for this device already, and stays for a later moment', async () => {
    const { device, user } = renderHearts({ device: { permission: 'granted', subscribed: true } });
    await save(user, 'Ftira');
    await waitFor(() => expect(device.getSubscription).toHaveBeenCalled());
    await settle();
    expect(screen.queryByTestId('push-offer')).toBeNull();
    expect(stored()).not.toHaveProperty('shown');
  });

  it('is not made when the browser blocks notifications', async () => {
    const { device, user } = renderHearts({ device: { permission: 'denied' } });
    await save(user, 'Ftira');
    await settle();
    expect(screen.queryByTestId('push-offer')).toBeNull();
    expect(device.getSubscription).not.toHaveBeenCalled();
  });

  it('turns push on when accepted and says where to change it', async () => {
    const { api, device, user } = renderHearts();
    await save(user, 'Ftira');
    await user.click(await screen.findByRole('button', { name: 'Turn on push' }));
    expect(await screen.findByText('Push is on. Change what you get on your profile.')).toBeInTheDocument();
    expect(device.isSubscribed()).toBe(true);
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /api/v1/me/push-subscriptions');
    const close = screen.getByRole('button', { name: 'Dismiss' });
    expect(close).toHaveFocus();
    await user.click(close);
    expect(screen.queryByTestId('push-offer')).toBeNull();
  });

  it('says what a code brings when the moment is a first code', async () => {
    localStorage.setItem(PUSH_OFFER_STORAGE_KEY, JSON.stringify({ visited: true }));
    stubPushDevice();
    stubApi({});
    renderScreen(<PushOfferHost />);
    act(() => requestPushOffer('code'));
    expect(await screen.findByTestId('push-offer')).toHaveTextContent('Get a push when your code is redeemed, and the day before it expires.');
  });
});
