/**
 * The encryption worker (encrypt-pool.ts): what it encrypts, the device reads (RFC 8291, aes128gcm), many at once each
 * for its own device; a push it cannot encrypt fails alone with the reason, and the worker goes on.
 */
import { createECDH, randomBytes } from 'node:crypto';
import ece from 'http_ece';
import { describe, expect, it } from 'vitest';
import { encryptPush, isEncryptingOffThread } from './encrypt-pool.ts';

function device() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return { ecdh, auth, target: { endpoint: 'https://push.example.test/send/x', keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } } };
}

describe('encryptPush', () => {
  it('encrypts each push for its own device, with the headers a push service reads', async () => {
    const devices = Array.from({ length: 20 }, device);
    const pushes = await Promise.all(devices.map((one, n) => encryptPush({ target: one.target, payload: JSON.stringify({ n }), options: { TTL: 600, topic: 'offer7' } })));
    pushes.forEach((push, n) => {
      const one = devices[n];
      if (!one) throw new Error('no device');
      expect(push.headers).toMatchObject({ 'Content-Encoding': 'aes128gcm', TTL: '600', Topic: 'offer7', 'Content-Length': String(push.body.length) });
      const plain = ece.decrypt(push.body, { version: 'aes128gcm', privateKey: one.ecdh, authSecret: one.auth });
      expect(JSON.parse(plain.toString('utf8'))).toEqual({ n });
    });
    // On the worker thread, not the fallback on this one.
    expect(isEncryptingOffThread()).toBe(true);
    // Each body is its own bytes, not a view of a pool that holds other pushes' text.
    for (const push of pushes) expect(push.body.buffer.byteLength).toBe(push.body.length);
    // No two pushes share a salt and key (the body's first 16 bytes are the salt, then the sender's one-time key).
    expect(new Set(pushes.map((push) => push.body.subarray(0, 16).toString('hex'))).size).toBe(20);
  });

  it('a push it cannot encrypt fails alone, and the next is encrypted', async () => {
    const good = device();
    const bad = { ...good.target, keys: { p256dh: Buffer.alloc(65, 1).toString('base64url'), auth: good.auth } };
    const [failed, next] = await Promise.allSettled([
      encryptPush({ target: bad, payload: '{}', options: { TTL: 60 } }),
      encryptPush({ target: good.target, payload: '{"ok":true}', options: { TTL: 60 } }),
    ]);
    expect(failed.status).toBe('rejected');
    expect(next.status).toBe('fulfilled');
    if (next.status === 'fulfilled') expect(JSON.parse(ece.decrypt(next.value.body, { version: 'aes128gcm', privateKey: good.ecdh, authSecret: good.auth }).toString('utf8'))).toEqual({ ok: true });
  });
});
