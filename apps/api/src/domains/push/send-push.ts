/**
 * Sends one push to one device (issue 29 §1, RFC 8030/8291/8292): the payload encrypted for the subscription's keys
 * and the request signed with the VAPID pair by `web-push`'s generateRequestDetails(), sent by this module, so the
 * address is ours to check. Only public addresses are reached (a subscription's endpoint is a stranger's text): the
 * name is resolved once, every address it gives must be public, and the connection goes to the address checked (no
 * second lookup to rebind). Hosts a setting allows (tests' local push service) are reached as they are.
 *
 * What the push service answered decides what happens next: 2xx accepted; 404 and 410 the subscription is gone
 * (remove it); 429 and 5xx retry later (Retry-After when it says); any other 4xx rejected (give up, remove).
 */
import { lookup } from 'node:dns/promises';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import webpush from 'web-push';
import { encryptPush } from './encrypt-pool.ts';

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What a push says, in the person's language: the service worker shows it and opens `url` on a tap. */
export interface PushContent {
  title: string;
  body: string;
  url: string;
  lang: string;
  /** The notification's tag on the device: a newer push of the same tag replaces the older one. */
  tag?: string;
}

export type SendOutcome =
  | { kind: 'accepted'; status: number }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; status: number; retryAfterMs: number | null }
  | { kind: 'rejected'; status: number }
  | { kind: 'address-refused'; reason: string };

export interface SendOptions {
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Seconds the push service keeps it for an offline device: never past what it is about (an offer's end). */
  ttlSeconds: number;
  /** RFC 8030 Topic (≤ 32 base64url characters): a newer push of one topic replaces an undelivered older one. */
  topic?: string;
  /** `host:port` reached over plain HTTP without the public-address check (a local push service in tests, the bench). */
  allowedHosts?: readonly string[];
  timeoutMs?: number;
}

// Two lists: a BlockList checks an IPv4 address against IPv6 rules too (as ::ffff:a.b.c.d), so ::/96 would block all.
const NOT_PUBLIC_V4 = new BlockList();
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-compatible (::a.b.c.d) and IPv4-mapped forms, NAT64 (which reaches any IPv4 address, private ones too) and 6to4.
  ['::', 96],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address is one anyone on the internet could reach (not loopback, private, link-local, …). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !NOT_PUBLIC_V4.check(address, 'ipv4') : !NOT_PUBLIC_V6.check(address, 'ipv6');
}

/** How long a push service's addresses are used before they are looked up again. */
const LOOKUP_REUSE_MS = 60_000;
type Addresses = { address: string; family: number }[];
const looked = new Map<string, { addresses: Promise<Addresses>; until: number }>();

/**
 * A name's addresses, looked up once a minute: a pusher sends thousands of pushes to one push service in a row, and a
 * lookup each would queue them all behind the resolver's few threads. The lookup under way is shared by every push
 * that asks meanwhile. Only an answer whose every address is public is kept: a failure, or a resolver's passing answer
 * of a private address (a sinkhole), is asked again by the next push rather than refusing a minute of them.
 */
export function lookUp(hostname: string): Promise<Addresses> {
  const now = Date.now();
  const known = looked.get(hostname);
  if (known && known.until > now) return known.addresses;
  if (looked.size > 1000) looked.clear();
  const entry = { addresses: lookup(hostname, { all: true, verbatim: true }), until: now + LOOKUP_REUSE_MS };
  looked.set(hostname, entry);
  const forget = () => {
    if (looked.get(hostname) === entry) looked.delete(hostname);
  };
  entry.addresses.then((addresses) => {
    if (addresses.length === 0 || !addresses.every((one) => isPublicAddress(one.address))) forget();
  }, forget);
  return entry.addresses;
}

/**
 * The `lookup` of a request pinned to an address already checked: no second lookup that could answer another. Node 20
 * asks with `all: true` (its happy-eyeballs connect, autoSelectFamily) and expects a list; without it, one address.
 */
export function pinnedLookup(address: string, family: number) {
  return (_hostname: string, options: { all?: boolean }, done: (error: Error | null, address: string | Addresses, family?: number) => void) => {
    if (options.all) done(null, [{ address, family }]);
    else done(null, address, family);
  };
}

/** The address to connect to, checked: every address the name has must be public. */
async function checkedAddress(url: URL, allowedHosts: readonly string[]): Promise<{ address: string; family: number } | { refused: string } | { unresolved: string }> {
  if (allowedHosts.includes(url.host)) return { address: '', family: 0 };
  if (url.protocol !== 'https:') return { refused: 'not https' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) !== 0 ? [{ address: host, family: isIP(host) }] : await lookUp(host);
  } catch (error) {
    // The name does not exist: the subscription can never be reached. Anything else (no answer, a resolver's
    // trouble) is passing: tried again later, never a reason to forget the device.
    if ((error as NodeJS.ErrnoException).code === 'ENOTFOUND') return { refused: 'no such host' };
    return { unresolved: String((error as NodeJS.ErrnoException).code ?? error) };
  }
  if (addresses.length === 0) return { refused: 'no address' };
  const notPublic = addresses.find((entry) => !isPublicAddress(entry.address));
  if (notPublic) return { refused: `not a public address: ${notPublic.address}` };
  const first = addresses[0];
  return first ? { address: first.address, family: first.family } : { refused: 'no address' };
}

function retryAfterMs(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/**
 * Connections kept open between pushes: a push service takes thousands in a row (one per device), and a new TLS
 * connection each would cost more than the push. Per host and port, as many as the pusher sends at once.
 */
const httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 256 });
const httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 256 });

/** How long a signed VAPID header is used (its JWT is valid VAPID_JWT_SECONDS): signing costs more than encrypting. */
const VAPID_REUSE_MS = 10 * 60_000;
const VAPID_JWT_SECONDS = 12 * 3600;
const signed = new Map<string, { authorization: string; until: number }>();

/**
 * The `Authorization: vapid t=…, k=…` header for a push service's origin (RFC 8292): a JWT naming the origin and our
 * subject, signed with our key, valid 12 hours. The same header serves every push to that origin for 10 minutes (push
 * services allow a JWT's reuse until it expires), so thousands of pushes to one service sign once.
 */
function vapidAuthorization(audience: string, vapid: SendOptions['vapid']): string {
  const key = `${audience} ${vapid.publicKey}`;
  const now = Date.now();
  const known = signed.get(key);
  if (known && known.until > now) return known.authorization;
  const { Authorization } = webpush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', Math.floor(now / 1000) + VAPID_JWT_SECONDS);
  if (signed.size > 1000) signed.clear();
  signed.set(key, { authorization: Authorization, until: now + VAPID_REUSE_MS });
  return Authorization;
}

/** Encrypts, signs and sends one push; answers what the push service said (never throws for its answer). */
export async function sendPush(target: PushTarget, content: PushContent, options: SendOptions): Promise<SendOutcome> {
  const url = new URL(target.endpoint);
  const checked = await checkedAddress(url, options.allowedHosts ?? []);
  // A host the setting allows is a local push service of tests or the bench: plain HTTP on this machine.
  if ((options.allowedHosts ?? []).includes(url.host)) url.protocol = 'http:';
  if ('refused' in checked) return { kind: 'address-refused', reason: checked.refused };
  if ('unresolved' in checked) return { kind: 'retry', status: 0, retryAfterMs: null };
  // Encrypted for this device (RFC 8291) on the encryption worker; the VAPID header is the push service's, signed once
  // a while (above).
  const { headers, body } = await encryptPush({
    target: { endpoint: target.endpoint, keys: target.keys },
    payload: JSON.stringify(content),
    options: { TTL: Math.max(0, Math.floor(options.ttlSeconds)), ...(options.topic ? { topic: options.topic } : {}) },
  });
  headers.Authorization = vapidAuthorization(new URL(target.endpoint).origin, options.vapid);
  const isHttps = url.protocol === 'https:';
  const send = isHttps ? httpsRequest : httpRequest;
  return new Promise<SendOutcome>((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'POST',
        headers,
        agent: isHttps ? httpsAgent : httpAgent,
        timeout: options.timeoutMs ?? 10_000,
        // To the address checked, not to whatever a second lookup would answer.
        ...(checked.address === '' ? {} : { lookup: pinnedLookup(checked.address, checked.family) }),
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve({ kind: 'accepted', status });
        else if (status === 404 || status === 410) resolve({ kind: 'gone', status });
        else if (status === 429 || status >= 500) resolve({ kind: 'retry', status, retryAfterMs: retryAfterMs(response.headers['retry-after']) });
        else resolve({ kind: 'rejected', status });
      },
    );
    request.on('timeout', () => request.destroy(new Error('push service timed out')));
    request.on('error', reject);
    request.end(body);
  });
}
