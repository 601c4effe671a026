/**
 * Push on this device (issue 29 §1): whether the browser can take pushes, has refused them, or has them on (a
 * subscription of its service worker), and turning them on (the browser's permission, a subscription to the
 * deployment's VAPID key, POST /me/push-subscriptions) or off (DELETE /me/push-subscriptions, then the subscription
 * is ended). The service worker is registered in production builds only: without one, push counts as unsupported.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { clientConfigQueryOptions } from '../../../lib/client-config.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type ThisDevicePush = 'unsupported' | 'blocked' | 'on' | 'off';

/** The browser's answer to the permission request was not 'granted' ('denied': blocked; 'default': dismissed). */
export class PushPermissionError extends Error {
  readonly permission: NotificationPermission;
  constructor(permission: NotificationPermission) {
    super(`Notification permission: ${permission}`);
    this.name = 'PushPermissionError';
    this.permission = permission;
  }
}

function hasPushApi(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function readThisDevicePush(): Promise<ThisDevicePush> {
  if (!hasPushApi()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return 'unsupported';
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return 'off';
  // The account may not have it any more (a logout on this device, 'log out everywhere', another person signed in
  // here): saving it again is harmless (200 when known) and makes 'on' true for the account signed in now.
  await apiRequest('/me/push-subscriptions', { method: 'POST', body: subscription.toJSON() }).catch(() => undefined);
  return 'on';
}

export function useThisDevicePush() {
  return useQuery({ queryKey: queryKeys.push.thisDevice(), queryFn: readThisDevicePush, retry: false });
}

/** A base64url text (the VAPID public key) as bytes, the form PushManager.subscribe takes. */
function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

/** This device's subscription to `key`: the one it has, or a new one (a subscription to an older key is ended first). */
async function subscribeTo(pushManager: PushManager, key: Uint8Array<ArrayBuffer>): Promise<{ subscription: PushSubscription; isNew: boolean }> {
  const existing = await pushManager.getSubscription();
  if (existing) {
    const existingKey = existing.options.applicationServerKey;
    if (existingKey === null || sameBytes(new Uint8Array(existingKey), key)) return { subscription: existing, isNew: false };
    await existing.unsubscribe();
  }
  return { subscription: await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }), isNew: true };
}

async function turnOnPush(getPublicKey: () => Promise<string>): Promise<void> {
  // First, while the tap still counts as one: Safari asks for the permission only from a tap's handler.
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionError(permission);
  const key = base64UrlToBytes(await getPublicKey());
  const registration = await navigator.serviceWorker.ready;
  const { subscription, isNew } = await subscribeTo(registration.pushManager, key);
  try {
    await apiRequest('/me/push-subscriptions', { method: 'POST', body: subscription.toJSON() });
  } catch (error) {
    // A subscription the account does not know would show 'on' here and never get a push.
    if (isNew) await subscription.unsubscribe().catch(() => false);
    throw error;
  }
}

async function turnOffPush(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  try {
    await apiRequest<undefined>('/me/push-subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  } catch (error) {
    // 404 pushSubscriptionNotFound: the account no longer had it (ended by the push service); the device still ends it.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  await subscription.unsubscribe();
}

/** Both change this device's state and the account's devices' count. */
function useThisDeviceMutation(change: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.push.all }),
  });
}

export function useTurnOnPush() {
  const queryClient = useQueryClient();
  return useThisDeviceMutation(async () => turnOnPush(async () => (await queryClient.fetchQuery(clientConfigQueryOptions())).pushPublicKey));
}

export function useTurnOffPush() {
  return useThisDeviceMutation(turnOffPush);
}
