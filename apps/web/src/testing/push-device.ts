/**
 * A browser's push for web tests (issue 29 §1): jsdom has no service worker, PushManager or Notification, so this
 * puts a registered worker with a push manager, the permission and its request on the page, for the rest of the test
 * (vi.stubGlobal: vitest.setup.ts puts the real globals back). The subscription is what PushManager.subscribe made.
 *
 *   const device = stubPushDevice({ permission: 'default', answer: 'granted' });
 *   ...
 *   expect(device.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: expect.any(Uint8Array) });
 */
import { vi } from 'vitest';

/** A VAPID public key as GET /config gives it: base64url of 65 bytes. */
export const TEST_PUSH_PUBLIC_KEY = `BA${'A'.repeat(85)}`;
export const TEST_PUSH_ENDPOINT = 'https://push.example.com/send/device-1';
/** What toJSON() gives: the keys of RFC 8291 (an uncompressed P-256 point, 16 bytes of secret). */
export const TEST_PUSH_KEYS = { p256dh: `BM${'A'.repeat(85)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' };

export interface PushDeviceOptions {
  /** Notification.permission before any request. */
  permission?: NotificationPermission;
  /** What Notification.requestPermission() answers. */
  answer?: NotificationPermission;
  /** Whether this device has a subscription already. */
  subscribed?: boolean;
  /** The user agent and touch points (an iPhone's, an iPad's); jsdom's otherwise. */
  userAgent?: string;
  maxTouchPoints?: number;
}

export interface PushDevice {
  readonly requestPermission: ReturnType<typeof vi.fn>;
  readonly getSubscription: ReturnType<typeof vi.fn>;
  readonly subscribe: ReturnType<typeof vi.fn>;
  readonly unsubscribe: ReturnType<typeof vi.fn>;
  /** Whether the device has a subscription now. */
  isSubscribed(): boolean;
}

export function stubPushDevice({ permission = 'default', answer = 'granted', subscribed = false, userAgent, maxTouchPoints }: PushDeviceOptions = {}): PushDevice {
  let currentPermission = permission;
  let subscription: PushSubscription | null = null;
  const unsubscribe = vi.fn(async () => {
    subscription = null;
    return true;
  });
  const makeSubscription = (key: BufferSource | null): PushSubscription =>
    ({
      endpoint: TEST_PUSH_ENDPOINT,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: key },
      unsubscribe,
      toJSON: () => ({ endpoint: TEST_PUSH_ENDPOINT, expirationTime: null, keys: TEST_PUSH_KEYS }),
    }) as unknown as PushSubscription;
  if (subscribed) subscription = makeSubscription(null);
  const subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => {
    subscription = makeSubscription((options.applicationServerKey as BufferSource | undefined) ?? null);
    return subscription;
  });
  const getSubscription = vi.fn(async () => subscription);
  const pushManager = { getSubscription, subscribe };
  const registration = { pushManager } as unknown as ServiceWorkerRegistration;
  const serviceWorker = { ready: Promise.resolve(registration), getRegistration: async () => registration };
  const requestPermission = vi.fn(async () => {
    currentPermission = answer;
    return answer;
  });

  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', {
    get permission() {
      return currentPermission;
    },
    requestPermission,
  });
  // jsdom's getters refuse an object made from its navigator: what the app reads of it is copied.
  vi.stubGlobal(
    'navigator',
    Object.create(navigator, {
      serviceWorker: { value: serviceWorker },
      userAgent: { value: userAgent ?? navigator.userAgent },
      maxTouchPoints: { value: maxTouchPoints ?? navigator.maxTouchPoints },
    }) as Navigator,
  );
  return { requestPermission, getSubscription, subscribe, unsubscribe, isSubscribed: () => subscription !== null };
}
