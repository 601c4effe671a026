/**
 * Web push (issue 29 §1), first part: a device's subscription, as the browser's PushManager gives it
 * (`PushSubscription.toJSON()`): its push service's endpoint (https only; the address is checked when sending) and the
 * keys its messages are encrypted for (RFC 8291: p256dh, an uncompressed P-256 point; auth, 16 random bytes).
 */
import { z } from 'zod';
import { codedMessage } from './message-codes.ts';
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

/**
 * What a person gets pushed (issue 29 §1), GET and PUT /me/push-settings: a switch for each kind (all on except
 * nearby), the place, distance and categories of 'nearby' (a place the person chose, never their live position),
 * the most pushes a day and the quiet hours (Malta time; nothing is sent then and the morning gets one summary).
 */
export const PUSH_RADIUS_KM = { min: 1, max: 10, default: 3 } as const;
export const PUSH_DAILY_CAP = { min: 1, max: 10, default: 3 } as const;
export const PUSH_QUIET_HOURS = { from: 22, until: 8 } as const;
export const PUSH_CATEGORIES_MAX = 30;

/** The kinds a person switches on and off, in the order the profile lists them. */
export const PUSH_KINDS = ['newOffer', 'codeRedeemed', 'receiptDecided', 'endingTomorrow', 'soldOut', 'newReview', 'nearby'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

const radiusMessage = codedMessage('pushRadiusInvalid', PUSH_RADIUS_KM);
const capMessage = codedMessage('pushDailyCapInvalid', PUSH_DAILY_CAP);
const categoriesMessage = codedMessage('pushCategoriesInvalid', { max: PUSH_CATEGORIES_MAX });

const switchSchema = z.boolean({ error: MESSAGES.pushSettingsInvalid });
const hourSchema = z.number({ error: MESSAGES.pushQuietHoursInvalid }).int({ error: MESSAGES.pushQuietHoursInvalid }).min(0, { error: MESSAGES.pushQuietHoursInvalid }).max(23, { error: MESSAGES.pushQuietHoursInvalid });

export const pushPlaceSchema = z.object(
  {
    lat: z.number({ error: MESSAGES.pushNearbyPlaceRequired }).min(-90, { error: MESSAGES.pushNearbyPlaceRequired }).max(90, { error: MESSAGES.pushNearbyPlaceRequired }),
    lng: z.number({ error: MESSAGES.pushNearbyPlaceRequired }).min(-180, { error: MESSAGES.pushNearbyPlaceRequired }).max(180, { error: MESSAGES.pushNearbyPlaceRequired }),
    /** What the person called it (a town's name, or 'My position then'), shown back on the profile. */
    label: z.string({ error: MESSAGES.pushNearbyPlaceRequired }).trim().max(80, { error: MESSAGES.pushNearbyPlaceRequired }),
  },
  { error: MESSAGES.pushNearbyPlaceRequired },
);

export const pushSettingsSchema = z.object({
  newOffer: switchSchema,
  codeRedeemed: switchSchema,
  receiptDecided: switchSchema,
  endingTomorrow: switchSchema,
  soldOut: switchSchema,
  newReview: switchSchema,
  nearby: switchSchema,
  nearbyPlace: pushPlaceSchema.nullable(),
  nearbyRadiusKm: z
    .number({ error: radiusMessage })
    .int({ error: radiusMessage })
    .min(PUSH_RADIUS_KM.min, { error: radiusMessage })
    .max(PUSH_RADIUS_KM.max, { error: radiusMessage }),
  nearbyCategoryIds: z
    .array(z.number({ error: categoriesMessage }).int({ error: categoriesMessage }).min(1, { error: categoriesMessage }), { error: categoriesMessage })
    .max(PUSH_CATEGORIES_MAX, { error: categoriesMessage }),
  dailyCap: z
    .number({ error: capMessage })
    .int({ error: capMessage })
    .min(PUSH_DAILY_CAP.min, { error: capMessage })
    .max(PUSH_DAILY_CAP.max, { error: capMessage }),
  quietFrom: hourSchema,
  quietUntil: hourSchema,
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

/** PUT /me/push-settings: only what is sent changes; nearby on needs a place (checked with what is stored). */
export const pushSettingsUpdateSchema = pushSettingsSchema.partial();
export type PushSettingsUpdate = z.input<typeof pushSettingsUpdateSchema>;

export const DEFAULT_PUSH_SETTINGS: PushSettings = {
  newOffer: true,
  codeRedeemed: true,
  receiptDecided: true,
  endingTomorrow: true,
  soldOut: true,
  newReview: true,
  nearby: false,
  nearbyPlace: null,
  nearbyRadiusKm: PUSH_RADIUS_KM.default,
  nearbyCategoryIds: [],
  dailyCap: PUSH_DAILY_CAP.default,
  quietFrom: PUSH_QUIET_HOURS.from,
  quietUntil: PUSH_QUIET_HOURS.until,
};

export const pushSettingsResponseSchema = z.object({
  data: pushSettingsSchema.extend({
    /** How many devices of the account can receive pushes now. */
    devices: z.number().int(),
  }),
});

/** POST /me/push-test: a test push queued for every device of the account (sent at once, quiet hours or not). */
export const pushTestResponseSchema = z.object({ data: z.object({ devices: z.number().int() }) });

/**
 * What the service worker receives (the decrypted payload): shown as a notification in the person's language;
 * a tap opens `url` (a path of the web app), focusing an open Qrib tab.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  lang: z.string(),
  tag: z.string().optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
