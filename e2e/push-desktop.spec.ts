/**
 * Web push end to end (issue 29 §1): a shopper saves an offer of a shop, accepts the offer to turn push on, the owner
 * publishes a new offer, the server's push reaches a push service (apps/api/test/push-service.ts, on the port the
 * server's PUSH_ALLOWED_HOSTS names: playwright.config.ts) that decrypts it as the browser would, the service worker
 * shows that payload, and a tap on the notification opens the new offer in the open tab.
 *
 * Chromium cannot subscribe without reaching Google's push service, so PushManager is stubbed to answer the push
 * service's device (a real P-256 key and auth secret); the push reaches the worker through the DevTools protocol
 * (ServiceWorker.deliverPushMessage). Desktop only: the push service listens on one fixed port.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { maltaToday } from '@qrib/shared/malta-time';
import { formatMessage, MESSAGES } from '@qrib/shared/messages';
import { startPushService, type ReceivedPush, type TestDevice, type TestPushService } from '../apps/api/test/push-service.ts';
import { createLimitedOfferByApi, registerBusinessByApi, signUpByApi } from './helpers.ts';

test.use({ serviceWorkers: 'allow' });

const en = catalogs.en;
/** Where the stubbed PushManager keeps this device's subscription, so every tab of the browser sees it. */
const STUB_KEY = 'e2e.pushSubscription';

/**
 * PushManager answering `subscription` (PushSubscription.toJSON()'s shape) as the browser's push service would have:
 * subscribe() keeps the application server key it was given (the page's localStorage), getSubscription() answers the
 * subscription while it is kept, unsubscribe() forgets it.
 */
async function stubPushManager(context: BrowserContext, subscription: TestDevice['subscription']) {
  await context.addInitScript(
    ({ json, storageKey }) => {
      const toBase64Url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      const fromBase64Url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (character) => character.charCodeAt(0));
      const subscriptionFor = (serverKey: string) => ({
        endpoint: json.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: fromBase64Url(serverKey).buffer },
        getKey: (name: 'p256dh' | 'auth') => fromBase64Url(json.keys[name]).buffer,
        toJSON: () => json,
        unsubscribe: async () => {
          localStorage.removeItem(storageKey);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey;
        if (!(key instanceof Uint8Array) || options?.userVisibleOnly !== true) throw new DOMException('unexpected subscribe options', 'NotSupportedError');
        localStorage.setItem(storageKey, toBase64Url(key));
        return subscriptionFor(toBase64Url(key)) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        const serverKey = localStorage.getItem(storageKey);
        return serverKey === null ? null : (subscriptionFor(serverKey) as unknown as PushSubscription);
      };
    },
    { json: subscription, storageKey: STUB_KEY },
  );
}

/** The service worker's registration id, as the DevTools protocol names it (for ServiceWorker.deliverPushMessage). */
async function workerRegistration(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) {
      if (registration.isDeleted) registrations.delete(registration.registrationId);
      else registrations.set(registration.registrationId, registration.scopeURL);
    }
  });
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  let registrationId: string | undefined;
  await expect
    .poll(() => {
      registrationId = [...registrations].find(([, scope]) => scope === `${origin}/`)?.[0];
      return registrationId;
    }, { message: 'the service worker registration for /' })
    .toBeDefined();
  if (registrationId === undefined) throw new Error('no registration');
  return { cdp, origin, registrationId };
}

let service: TestPushService;

test.beforeAll(async () => {
  service = await startPushService({ port: Number(process.env.E2E_PUSH_PORT) });
});

test.afterAll(async () => {
  await service.close();
});

test('a shopper who saved a shop’s offer turns push on; the shop’s new offer is pushed, shown, and a tap opens it', async ({ browser, context, baseURL }, testInfo) => {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const shopName = `Pastizzeria tal-Push ${suffix}`;

  // A shop of its own (the demo shops' offers are counted by other specs), with one offer.
  const ownerContext = await browser.newContext(testInfo.project.use);
  const owner = await ownerContext.newPage();
  await signUpByApi(owner);
  await registerBusinessByApi(owner, shopName);
  const firstTitle = `Ftira tal-Għawdex ${suffix}`;
  const firstOfferId = await createLimitedOfferByApi(owner.request, { title: firstTitle, description: 'A Gozitan ftira at half price' });

  // The shopper's browser (service workers allowed): notifications allowed, and a device of the local push service
  // behind PushManager.
  const device = service.device();
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await stubPushManager(context, device.subscription);
  const firstVisit = await context.newPage();
  await signUpByApi(firstVisit);
  // The first visit, which the device notes (push is never offered on a first visit).
  await firstVisit.goto('/');
  await firstVisit.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect.poll(() => firstVisit.evaluate(() => localStorage.getItem('qrib.pushOffer'))).toBe(JSON.stringify({ visited: true }));
  await firstVisit.close();

  // A later visit (a new tab: a new session): the first save brings the offer to turn push on.
  const page = await context.newPage();
  await page.goto(`/viewoffer/${firstOfferId}`);
  await expect(page.getByRole('heading', { name: firstTitle, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: formatMessage(en.favorites.save, { title: firstTitle }) }).click();
  const prompt = page.getByTestId('push-offer');
  await expect(prompt.getByRole('heading', { name: en.pushOffer.title })).toBeVisible();
  await expect(prompt).toContainText(en.pushOffer.savedText);
  const subscribed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/me/push-subscriptions' && response.request().method() === 'POST');
  await prompt.getByRole('button', { name: en.pushOffer.accept }).click();
  expect((await subscribed).status()).toBe(201);
  await expect(prompt).toContainText(en.pushOffer.done);
  // Subscribed with the deployment's VAPID key.
  const config = (await (await page.request.get('/api/v1/config')).json()) as { data: { pushPublicKey: string } };
  expect(await page.evaluate((key) => localStorage.getItem(key), STUB_KEY)).toBe(config.data.pushPublicKey);

  // The profile says so; quiet hours off, so that the push goes now whatever the hour in Malta.
  await page.goto('/profile');
  const section = page.getByTestId('push-settings');
  await expect(section.getByTestId('push-device-state')).toHaveText(en.pushSettings.deviceOn);
  await expect(section.getByTestId('push-devices')).toHaveText(formatMessage(en.pushSettings.devices, { count: 1 }));
  await section.getByLabel(en.pushSettings.quietFrom, { exact: true }).selectOption('0');
  await section.getByLabel(en.pushSettings.quietUntil, { exact: true }).selectOption('0');
  await section.getByRole('button', { name: en.pushSettings.save }).click();
  await expect(section.getByRole('status').filter({ hasText: en.pushSettings.saved })).toBeVisible();

  // The owner publishes a new offer on the offer form.
  const newTitle = `Pastizzi tal-irkotta ${suffix}`;
  await owner.goto('/add-offer');
  await owner.getByLabel('Offer Title').fill(newTitle);
  await owner.getByLabel('Description', { exact: true }).fill('Two ricotta pastizzi for one');
  await owner.getByLabel('Category').selectOption({ label: 'Food & Dining' });
  await owner.getByLabel('Discount Value').fill('50');
  await owner.getByLabel('Start Date').fill(maltaToday());
  await owner.getByLabel('End Date').fill('2099-12-31');
  const created = owner.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/offers/' && response.request().method() === 'POST');
  await owner.getByRole('button', { name: 'Create Offer' }).click();
  const answer = await created;
  expect(answer.status(), await answer.text()).toBe(201);
  const newOfferId = ((await answer.json()) as { data: { offerId: number } }).data.offerId;
  await expect(owner.getByText(MESSAGES.offerCreated)).toBeVisible();
  await ownerContext.close();

  // The server's push reaches the push service, readable with the device's key.
  let pushed: ReceivedPush | undefined;
  await expect
    .poll(() => {
      pushed = service.accepted(device)[0];
      return pushed !== undefined;
    }, { message: 'a push accepted by the local push service', timeout: 45_000 })
    .toBe(true);
  if (!pushed) throw new Error('no push');
  const body = formatMessage(en.bell.newOffer, { business: shopName, title: newTitle });
  expect(pushed.payload).toEqual({ title: shopName, body, url: `/viewoffer/${newOfferId}`, lang: 'en', tag: `offer-${newOfferId}` });
  // A newer push about the offer replaces this one on the device; kept by the push service a while, not forever.
  expect(pushed.headers.topic).toBe(`offer-${newOfferId}`);
  expect(Number(pushed.headers.ttl)).toBeGreaterThan(0);

  // The same payload, delivered to this browser's service worker, is shown.
  const { cdp, origin, registrationId } = await workerRegistration(page);
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(pushed.payload) });
  const shown = () =>
    page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map(({ title, body, data }) => ({ title, body, data: data as unknown })));
  await expect.poll(shown, { message: 'the notification the worker shows' }).toEqual([{ title: shopName, body, data: { url: `/viewoffer/${newOfferId}` } }]);

  // A tap on it focuses this tab and opens the new offer there. No protocol command taps a notification, so the worker
  // gets the notificationclick event a tap would bring, dispatched in it. The browser lets a worker focus a window only
  // while its own (trusted) notificationclick runs; the dispatched one is granted that for its duration, as a tap is.
  const worker = context.serviceWorkers().find((candidate) => new URL(candidate.url()).pathname === '/sw.js');
  if (!worker) throw new Error('no service worker');
  const tapped = await worker.evaluate(async () => {
    const scope = globalThis as unknown as {
      registration: ServiceWorkerRegistration;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      WindowClient: { prototype: { focus(): Promise<unknown>; url: string } };
      dispatchEvent(event: Event): boolean;
    };
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error('no notification');
    const event = new scope.NotificationEvent('notificationclick', { notification });
    // What the handler waits for is awaited here (an event made in script may not extend its own life: waitUntil throws).
    const waits: Promise<unknown>[] = [];
    Object.defineProperty(event, 'waitUntil', { value: (promise: Promise<unknown>) => waits.push(promise) });
    const focus = Object.getOwnPropertyDescriptor(scope.WindowClient.prototype, 'focus');
    const focused: string[] = [];
    Object.defineProperty(scope.WindowClient.prototype, 'focus', {
      configurable: true,
      value: async function focusAsTapped(this: { url: string }) {
        focused.push(this.url);
        return this;
      },
    });
    try {
      scope.dispatchEvent(event);
      await Promise.all(waits);
    } finally {
      if (focus) Object.defineProperty(scope.WindowClient.prototype, 'focus', focus);
    }
    return { focused, waits: waits.length };
  });
  expect(tapped).toEqual({ focused: [`${baseURL}/profile`], waits: 1 });
  await expect(page).toHaveURL(new RegExp(`/viewoffer/${newOfferId}$`));
  await expect(page.getByRole('heading', { name: newTitle, level: 1 })).toBeVisible();
  await expect.poll(shown).toEqual([]);
  // Never two pushes for one offer.
  expect(service.accepted(device)).toHaveLength(1);
});
