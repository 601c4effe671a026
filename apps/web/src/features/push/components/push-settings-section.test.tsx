import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@qrib/shared/messages';
import { DEFAULT_PUSH_SETTINGS } from '@qrib/shared/push-schemas';
import type { User } from '@qrib/shared/auth-schemas';
import { stubApi, type ApiRoute } from '../../../testing/api-stub.ts';
import { stubPushDevice, TEST_PUSH_ENDPOINT, TEST_PUSH_KEYS, TEST_PUSH_PUBLIC_KEY, type PushDeviceOptions } from '../../../testing/push-device.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { testOwner, testShopper } from '../../../testing/users.ts';
import { PushSettingsSection } from './push-settings-section.tsx';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

const categories = [
  { categoryId: 1, name: 'Food & Dining', description: 'Restaurants', iconUrl: null },
  { categoryId: 5, name: 'Groceries', description: 'Shops', iconUrl: null },
];

function renderSection({ user = testShopper, device, devices = 2, routes = {} }: { user?: User; device?: PushDeviceOptions | null; devices?: number; routes?: Record<string, ApiRoute> } = {}) {
  const pushDevice = device === null ? undefined : stubPushDevice(device);
  const api = stubApi({
    'GET /api/v1/me/push-settings': { body: { data: { ...DEFAULT_PUSH_SETTINGS, devices } } },
    'GET /api/v1/categories/': { body: { data: categories } },
    ...routes,
  });
  renderScreen(<PushSettingsSection user={user} />, { route: '/profile' });
  return { api, device: pushDevice, user: userEvent.setup() };
}

const kindSwitch = (name: string) => screen.getByRole('switch', { name });

describe('PushSettingsSection (issue 29 §1)', () => {
  it('shows the settings GET answers: the kinds, the daily cap, the quiet hours and the devices’ count', async () => {
    renderSection();
    expect(await screen.findByText('Your devices that receive pushes: 2')).toBeInTheDocument();
    expect(await screen.findByText('Push is off for this device.')).toBeInTheDocument();
    expect(kindSwitch('A new offer from a shop whose offer I saved')).toHaveAttribute('aria-checked', 'true');
    expect(kindSwitch('New offers near a place I choose')).toHaveAttribute('aria-checked', 'false');
    // A shopper has no shop: its sold-out offers and reviews are not theirs to hear about.
    expect(screen.queryByRole('switch', { name: 'My shop’s offer sold out' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'A new review of my shop' })).toBeNull();
    expect(screen.queryByTestId('push-nearby')).toBeNull();
    expect(screen.getByLabelText('Pushes a day at most')).toHaveValue('3');
    const quiet = screen.getByRole('group', { name: 'Quiet hours (Malta time)' });
    expect(within(quiet).getByLabelText('From')).toHaveValue('22');
    expect(within(quiet).getByLabelText('Until')).toHaveValue('8');
    expect(within(within(quiet).getByLabelText('Until')).getByRole('option', { selected: true })).toHaveTextContent('8:00');
  });

  it('lists a shop’s kinds for someone with a business', async () => {
    renderSection({ user: testOwner });
    expect(await screen.findByRole('switch', { name: 'My shop’s offer sold out' })).toHaveAttribute('aria-checked', 'true');
    expect(kindSwitch('A new review of my shop')).toBeInTheDocument();
  });

  it('saves the changes with PUT and says so', async () => {
    const { api, user } = renderSection({
      routes: { 'PUT /api/v1/me/push-settings': ({ body }) => ({ body: { data: { ...(body as object), devices: 2 } } }) },
    });
    await user.click(await screen.findByRole('switch', { name: 'A new offer from a shop whose offer I saved' }));
    await user.selectOptions(screen.getByLabelText('Pushes a day at most'), '5');
    await user.selectOptions(screen.getByLabelText('From'), '23');
    await user.click(screen.getByRole('button', { name: 'Save push settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Push settings saved.');
    expect(api.calls).toContainEqual({
      method: 'PUT',
      path: '/api/v1/me/push-settings',
      body: { ...DEFAULT_PUSH_SETTINGS, newOffer: false, dailyCap: 5, quietFrom: 23 },
    });
  });

  it('sets offers nearby: a town, the distance and categories', async () => {
    const { api, user } = renderSection({
      routes: { 'PUT /api/v1/me/push-settings': ({ body }) => ({ body: { data: { ...(body as object), devices: 2 } } }) },
    });
    await user.click(await screen.findByRole('switch', { name: 'New offers near a place I choose' }));
    const nearby = screen.getByRole('group', { name: 'Offers nearby' });
    expect(within(nearby).getByTestId('push-place')).toHaveTextContent('No place chosen yet.');
    await user.selectOptions(within(nearby).getByLabelText('Or choose a town'), 'Sliema');
    expect(within(nearby).getByTestId('push-place')).toHaveTextContent('Sliema');
    await user.selectOptions(within(nearby).getByLabelText('Distance'), '5');
    expect(within(nearby).getByText('No category chosen: every category.')).toBeInTheDocument();
    await user.click(await within(nearby).findByLabelText('Groceries'));
    await user.click(screen.getByRole('button', { name: 'Save push settings' }));
    await screen.findByText('Push settings saved.');
    expect(api.calls).toContainEqual({
      method: 'PUT',
      path: '/api/v1/me/push-settings',
      body: { ...DEFAULT_PUSH_SETTINGS, nearby: true, nearbyPlace: { lat: 35.9122, lng: 14.5019, label: 'Sliema' }, nearbyRadiusKm: 5, nearbyCategoryIds: [5] },
    });
  });

  it('takes where the device is once, kept with when it was taken', async () => {
    const getCurrentPosition = vi.fn((success: PositionCallback) => success({ coords: { latitude: 35.9, longitude: 14.5 } } as GeolocationPosition));
    const { user } = renderSection();
    vi.stubGlobal('navigator', Object.create(navigator, { geolocation: { value: { getCurrentPosition } } }) as Navigator);
    await user.click(await screen.findByRole('switch', { name: 'New offers near a place I choose' }));
    await user.click(screen.getByRole('button', { name: 'Use where I am now' }));
    expect(screen.getByTestId('push-place')).toHaveTextContent(/^Where I was on \d{1,2} \w{3} \d{4}$/);
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
  });

  it('shows the API’s refusal by the button and under the field it is about', async () => {
    const body = {
      statusCode: 400,
      error: 'Bad Request',
      message: MESSAGES.pushNearbyPlaceRequired,
      code: 'pushNearbyPlaceRequired',
      params: {},
      fieldErrors: { nearbyPlace: MESSAGES.pushNearbyPlaceRequired },
      fieldErrorCodes: { nearbyPlace: { code: 'pushNearbyPlaceRequired', params: {} } },
    };
    const { user } = renderSection({ routes: { 'PUT /api/v1/me/push-settings': { status: 400, body } } });
    await user.click(await screen.findByRole('switch', { name: 'New offers near a place I choose' }));
    await user.click(screen.getByRole('button', { name: 'Save push settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.pushNearbyPlaceRequired);
    expect(within(screen.getByTestId('push-nearby')).getByText(MESSAGES.pushNearbyPlaceRequired)).toBeInTheDocument();
  });

  it('sends a test push and says to how many devices, or why not', async () => {
    let answer: { status: number; body: unknown } = { status: 202, body: { data: { devices: 2 } } };
    const { user } = renderSection({ routes: { 'POST /api/v1/me/push-test': () => answer } });
    await user.click(await screen.findByRole('button', { name: 'Send me a test push' }));
    expect(await screen.findByRole('status')).toHaveTextContent('A test push is on its way. Devices it goes to: 2');
    answer = { status: 409, body: { statusCode: 409, error: 'Conflict', message: MESSAGES.pushNoDevice, code: 'pushNoDevice', params: {} } };
    await user.click(screen.getByRole('button', { name: 'Send me a test push' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.pushNoDevice);
  });

  it('turns push on for this device: permission, a subscription to the deployment’s key, then POST', async () => {
    let devices = 0;
    const { api, device, user } = renderSection({
      devices: 0,
      routes: {
        'GET /api/v1/me/push-settings': () => ({ body: { data: { ...DEFAULT_PUSH_SETTINGS, devices } } }),
        'GET /api/v1/config': { body: { data: { mapStyleUrl: null, oidcProvider: null, pushPublicKey: TEST_PUSH_PUBLIC_KEY } } },
        'POST /api/v1/me/push-subscriptions': () => {
          devices = 1;
          return { status: 201, body: { data: { endpoint: TEST_PUSH_ENDPOINT, createdAt: '2026-11-27T10:00:00.000Z', expirationTime: null } } };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Turn on push on this device' }));
    expect(await screen.findByText('Push is on for this device.')).toBeInTheDocument();
    expect(await screen.findByText('Your devices that receive pushes: 1')).toBeInTheDocument();
    expect(device?.requestPermission).toHaveBeenCalledTimes(1);
    const [options] = device?.subscribe.mock.calls[0] ?? [];
    expect(options).toMatchObject({ userVisibleOnly: true });
    expect(Array.from((options as { applicationServerKey: Uint8Array }).applicationServerKey).slice(0, 2)).toEqual([4, 0]);
    expect((options as { applicationServerKey: Uint8Array }).applicationServerKey).toHaveLength(65);
    expect(api.calls).toContainEqual({ method: 'POST', path: '/api/v1/me/push-subscriptions', body: { endpoint: TEST_PUSH_ENDPOINT, expirationTime: null, keys: TEST_PUSH_KEYS } });
    // The button that was pressed is the one that turns it off now.
    expect(screen.getByRole('button', { name: 'Turn off push on this device' })).toBeInTheDocument();
  });

  it('turns push off: DELETE, then the subscription ends', async () => {
    const { api, device, user } = renderSection({
      device: { permission: 'granted', subscribed: true },
      routes: { 'DELETE /api/v1/me/push-subscriptions': { status: 204 }, 'POST /api/v1/me/push-subscriptions': { status: 200, body: { data: {} } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Turn off push on this device' }));
    // A subscription the browser has is saved again for the account signed in (it may have been removed on logout).
    expect(api.calls.filter((call) => call.method === 'POST' && call.path === '/api/v1/me/push-subscriptions')).not.toHaveLength(0);
    expect(await screen.findByText('Push is off for this device.')).toBeInTheDocument();
    expect(api.calls).toContainEqual({ method: 'DELETE', path: '/api/v1/me/push-subscriptions', body: { endpoint: TEST_PUSH_ENDPOINT } });
    expect(device?.unsubscribe).toHaveBeenCalledTimes(1);
    expect(device?.isSubscribed()).toBe(false);
  });

  it('says when the browser refused the permission, and offers nothing to press', async () => {
    const { user } = renderSection({ device: { answer: 'denied' } });
    await user.click(await screen.findByRole('button', { name: 'Turn on push on this device' }));
    expect(await screen.findByText(/This browser blocks notifications from Qrib/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on push on this device' })).toBeNull();
  });

  it('says when the browser has no push at all', async () => {
    renderSection({ device: null });
    expect(await screen.findByText('This browser cannot receive push notifications.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on push on this device' })).toBeNull();
    // The account's settings still apply to its other devices.
    expect(await screen.findByRole('button', { name: 'Save push settings' })).toBeInTheDocument();
  });

  it('tells an iPhone’s Safari tab to add Qrib to the Home Screen first, instead of “cannot receive”', async () => {
    // Safari in a tab has no PushManager; the same Safari from the Home Screen has.
    vi.stubGlobal('navigator', Object.create(navigator, { userAgent: { value: IPHONE }, maxTouchPoints: { value: 5 } }) as Navigator);
    renderSection({ device: null });
    expect(await screen.findByText(/^On an iPhone or iPad, push works only once Qrib is on the Home Screen/)).toBeInTheDocument();
    expect(screen.queryByText('This browser cannot receive push notifications.')).toBeNull();
  });
});
