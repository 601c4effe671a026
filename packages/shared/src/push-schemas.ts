/**
 * Web push (issue 29 §1), first part: a device's subscription, as the browser's PushManager gives it
 * (`PushSubscription.toJSON()`): its push service's endpoint (https only; the address is checked when sending) and the
 * keys its messages are encrypted for (RFC 8291: p256dh, an uncompressed P-256 point; auth, 16 random bytes).
 */
import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** The longest endpoint kept (push services' addresses are a few hundred characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The number of bytes a base64url text decodes to, or -1 when it is not base64url. */
function base64UrlBytes(value: string): number {
  if (!BASE64URL.test(value)) return -1;
  const bare = value.replace(/=+$/, '');
  if (bare.length % 4 === 1) return -1;
  return Math.floor((bare.length * 3) / 4);
}

const endpointSchema = z
  .string({ error: MESSAGES.pushEndpointInvalid })
  .max(PUSH_ENDPOINT_MAX_LENGTH, { error: MESSAGES.pushEndpointInvalid })
  .refine(isHttpsUrl, { error: MESSAGES.pushEndpointInvalid });

/** POST /me/push-subscriptions. */
export const pushSubscriptionRequestSchema = z.object({
  endpoint: endpointSchema,
  keys: z.object(
    {
      // An uncompressed P-256 public key: 65 bytes.
      p256dh: z.string({ error: MESSAGES.pushKeysInvalid }).refine((value) => base64UrlBytes(value) === 65, { error: MESSAGES.pushKeysInvalid }),
      // The authentication secret: 16 bytes.
      auth: z.string({ error: MESSAGES.pushKeysInvalid }).refine((value) => base64UrlBytes(value) === 16, { error: MESSAGES.pushKeysInvalid }),
    },
    { error: MESSAGES.pushKeysInvalid },
  ),
  /** When the push service ends the subscription (ms since 1970), if it says. */
  expirationTime: z.number({ error: MESSAGES.pushKeysInvalid }).int({ error: MESSAGES.pushKeysInvalid }).nonnegative({ error: MESSAGES.pushKeysInvalid }).nullish(),
});
export type PushSubscriptionRequest = z.input<typeof pushSubscriptionRequestSchema>;

/** DELETE /me/push-subscriptions: this device's subscription, by its endpoint. */
export const pushUnsubscribeRequestSchema = z.object({ endpoint: endpointSchema });

export const pushSubscriptionSchema = z.object({
  endpoint: z.string(),
  createdAt: z.string(),
  expirationTime: z.string().nullable(),
});
export const pushSubscriptionResponseSchema = z.object({ data: pushSubscriptionSchema });
