/**
 * sendPush against a real push service of our own (issue 29 §1): a local HTTP server that decrypts RFC 8291 payloads
 * with the subscription's private key, as a browser's push service hands them to the browser, and checks the VAPID
 * signature's claims. The payload decrypted equals what was meant; 410 and 404 are 'gone', 429 and 5xx 'retry' (with
 * Retry-After), other 4xx 'rejected'; private addresses are refused without a request.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isPublicAddress, lookUp, pinnedLookup, sendPush } from './send-push.ts';

// The resolver is outside the product: its answers are made here (the tests below otherwise reach addresses directly).
const resolver = vi.hoisted(() => ({ lookup: vi.fn() }));
vi.mock('node:dns/promises', () => ({ lookup: resolver.lookup }));

interface Received {
  headers: IncomingMessage['headers'];
  body: Buffer;
}

let server: Server;
let host = '';
const received: Received[] = [];
let answer: { status: number; headers?: Record<string, string> } = { status: 201 };

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answer.status, answer.headers ?? {});
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A device: its keys as the browser makes them, the private one kept here to read what it receives. */
function device() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return { ecdh, auth, target: { endpoint: `http://${host}/push/${randomBytes(6).toString('hex')}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } } };
}

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:push@qrib.test' };
const content = { title: 'Café Rubino', body: 'New offer: two pastizzi for one', url: '/viewoffer/7', lang: 'en', tag: 'offer-7' };

describe('sendPush', () => {
  it('delivers the payload encrypted for the device only, signed with the VAPID pair, with its TTL and topic', async () => {
    answer = { status: 201 };
    const phone = device();
    const outcome = await sendPush(phone.target, content, { vapid, ttlSeconds: 3600, topic: 'offer7', allowedHosts: [host] });
    expect(outcome).toEqual({ kind: 'accepted', status: 201 });
    const last = received.at(-1);
    expect(last?.headers['content-encoding']).toBe('aes128gcm');
    expect(last?.headers.ttl).toBe('3600');
    expect(last?.headers.topic).toBe('offer7');
    // The body is not the text: only the device's private key reads it.
    expect(last?.body.toString('utf8')).not.toContain('pastizzi');
    const plain = ece.decrypt(last?.body ?? Buffer.alloc(0), { version: 'aes128gcm', privateKey: phone.ecdh, authSecret: phone.auth });
    expect(JSON.parse(plain.toString('utf8'))).toEqual(content);
    // Another device's keys do not read it.
    const other = device();
    expect(() => ece.decrypt(last?.body ?? Buffer.alloc(0), { version: 'aes128gcm', privateKey: other.ecdh, authSecret: other.auth })).toThrow();
    // VAPID (RFC 8292): the JWT names this push service's origin and our subject, signed by our key.
    const authorization = String(last?.headers.authorization);
    expect(authorization).toMatch(new RegExp(`^vapid t=[^,]+, k=${vapid.publicKey}$`));
    const claims = JSON.parse(Buffer.from(authorization.slice('vapid t='.length).split('.')[1] ?? '', 'base64url').toString('utf8'));
    expect(claims).toMatchObject({ aud: `http://${host}`, sub: vapid.subject });
  });

  it('says what the push service answered: gone, retry (with Retry-After), rejected', async () => {
    const phone = device();
    const send = () => sendPush(phone.target, content, { vapid, ttlSeconds: 60, allowedHosts: [host] });
    answer = { status: 410 };
    expect(await send()).toEqual({ kind: 'gone', status: 410 });
    answer = { status: 404 };
    expect(await send()).toEqual({ kind: 'gone', status: 404 });
    answer = { status: 429, headers: { 'retry-after': '120' } };
    expect(await send()).toEqual({ kind: 'retry', status: 429, retryAfterMs: 120_000 });
    answer = { status: 503 };
    expect(await send()).toEqual({ kind: 'retry', status: 503, retryAfterMs: null });
    answer = { status: 400 };
    expect(await send()).toEqual({ kind: 'rejected', status: 400 });
  });

  it('reaches only public addresses: a private or loopback endpoint is refused before any request', async () => {
    const before = received.length;
    for (const endpoint of [`https://${host}/push/x`, 'https://10.1.2.3/push/x', 'https://[::1]/push/x', 'https://169.254.169.254/latest/meta-data', 'http://fcm.googleapis.com/x']) {
      const outcome = await sendPush({ ...device().target, endpoint }, content, { vapid, ttlSeconds: 60 });
      expect(outcome.kind, endpoint).toBe('address-refused');
    }
    expect(received.length).toBe(before);
    expect(['8.8.8.8', '2a00:1450:4001:82a::200a'].map(isPublicAddress)).toEqual([true, true]);
    expect(['127.0.0.1', '192.168.1.9', '172.20.0.1', '100.64.0.1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', 'not-an-ip'].map(isPublicAddress)).toEqual(
      Array.from({ length: 8 }, () => false),
    );
  });

  it('looks a push service up once a minute, and a failed lookup not at all', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      resolver.lookup.mockReset();
      resolver.lookup.mockResolvedValue([{ address: '142.250.180.10', family: 4 }]);
      expect(await lookUp('fcm.push.test')).toEqual([{ address: '142.250.180.10', family: 4 }]);
      await lookUp('fcm.push.test');
      expect(resolver.lookup).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(61_000);
      await lookUp('fcm.push.test');
      expect(resolver.lookup).toHaveBeenCalledTimes(2);
      // A resolver's trouble is not remembered: the next push asks again.
      resolver.lookup.mockRejectedValueOnce(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' }));
      await expect(lookUp('updates.push.test')).rejects.toThrow('timeout');
      resolver.lookup.mockResolvedValue([{ address: '10.0.0.7', family: 4 }]);
      expect(await lookUp('updates.push.test')).toEqual([{ address: '10.0.0.7', family: 4 }]);
      expect(resolver.lookup).toHaveBeenCalledTimes(4);
      // What a name resolves to is checked every push, kept or not: a private address is refused.
      const outcome = await sendPush({ ...device().target, endpoint: 'https://updates.push.test/x' }, content, { vapid, ttlSeconds: 60 });
      expect(outcome).toEqual({ kind: 'address-refused', reason: 'not a public address: 10.0.0.7' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a request pinned to the address checked reaches it by name, with and without Node’s happy eyeballs', async () => {
    answer = { status: 201 };
    const port = host.split(':')[1];
    for (const autoSelectFamily of [true, false]) {
      const status = await new Promise<number>((resolve, reject) => {
        const request = httpRequest(`http://push.example.test:${port}/push/pinned`, { method: 'POST', lookup: pinnedLookup('127.0.0.1', 4), ...({ autoSelectFamily } as object) }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on('error', reject);
        request.end();
      });
      expect(status, `autoSelectFamily ${autoSelectFamily}`).toBe(201);
      expect(received.at(-1)?.headers.host).toBe(`push.example.test:${port}`);
    }
  });

  it('shares a lookup under way, and keeps no answer with an address that is not public', async () => {
    resolver.lookup.mockReset();
    let answerLookup: (value: { address: string; family: number }[]) => void = () => undefined;
    resolver.lookup.mockReturnValueOnce(new Promise((resolve) => (answerLookup = resolve)));
    const asked = Array.from({ length: 5 }, () => lookUp('web.push.test'));
    answerLookup([{ address: '142.250.180.11', family: 4 }]);
    expect(await Promise.all(asked)).toEqual(Array.from({ length: 5 }, () => [{ address: '142.250.180.11', family: 4 }]));
    expect(resolver.lookup).toHaveBeenCalledTimes(1);
    // A sinkhole's answer is refused for that push, and asked again for the next.
    resolver.lookup.mockResolvedValueOnce([{ address: '0.0.0.0', family: 4 }]).mockResolvedValueOnce([{ address: '142.250.180.12', family: 4 }]);
    expect(await lookUp('sink.push.test')).toEqual([{ address: '0.0.0.0', family: 4 }]);
    expect(await lookUp('sink.push.test')).toEqual([{ address: '142.250.180.12', family: 4 }]);
    expect(resolver.lookup).toHaveBeenCalledTimes(3);
  });
});
