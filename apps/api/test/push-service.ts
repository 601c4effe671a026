/**
 * A push service of our own for tests and the bench (issue 29 §1): a local HTTP server that stands for a browser's
 * push service and the browser behind it. It hands out devices (a P-256 key pair and an auth secret, as a browser
 * makes them, and an endpoint at this server), answers each push with the status a test sets for that device (201 by
 * default), and decrypts what it accepted (RFC 8291, aes128gcm) with the device's private key, as the browser would.
 */
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

export interface TestDevice {
  /** The subscription as PushSubscription.toJSON() gives it (an https: endpoint, as browsers' always are). */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string }; expirationTime: null };
  ecdh: ECDH;
  auth: string;
  path: string;
}

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  /** The decrypted payload, parsed; null when the device could not read it. */
  payload: unknown;
  status: number;
  at: number;
}

export interface TestPushService {
  host: string;
  device(): TestDevice;
  /** What a device's pushes are answered with from now on (e.g. 410 gone, 503 busy). */
  answer(device: TestDevice, status: number, headers?: Record<string, string>): void;
  /** Pushes accepted (2xx) for a device, decrypted. */
  accepted(device?: TestDevice): ReceivedPush[];
  /** Every request, whatever it was answered. */
  all(): ReceivedPush[];
  /** The most pushes this service was answering at once (arrived, not yet answered). */
  mostAtOnce(): number;
  close(): Promise<void>;
}

export interface PushServiceOptions {
  /** Decrypt one push in this many (the bench: the payloads are checked on a sample, the CPU left to the sender). */
  decryptEvery?: number;
  /** The port to listen on (the browser tests': one the e2e server's PUSH_ALLOWED_HOSTS names); a free one when not given. */
  port?: number;
  /** Milliseconds before each answer: a push service across the internet answers in tens of them, not at once. */
  latencyMs?: number;
}

export async function startPushService(options: PushServiceOptions = {}): Promise<TestPushService> {
  const decryptEvery = options.decryptEvery ?? 1;
  let count = 0;
  const devices = new Map<string, TestDevice>();
  const answers = new Map<string, { status: number; headers?: Record<string, string> }>();
  const received: ReceivedPush[] = [];
  let atOnce = 0;
  let mostAtOnce = 0;
  const server: Server = createServer((request, response) => {
    atOnce += 1;
    mostAtOnce = Math.max(mostAtOnce, atOnce);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const device = devices.get(path);
      const answer = answers.get(path) ?? { status: device ? 201 : 404 };
      let payload: unknown = null;
      count += 1;
      if (device && answer.status < 300 && count % decryptEvery === 0) {
        try {
          payload = JSON.parse(ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString('utf8'));
        } catch {
          payload = null;
        }
      }
      const respond = () => {
        atOnce -= 1;
        received.push({ path, headers: request.headers, payload, status: answer.status, at: Date.now() });
        response.writeHead(answer.status, answer.headers ?? {});
        response.end();
      };
      if (options.latencyMs) setTimeout(respond, options.latencyMs);
      else respond();
    });
  });
  server.keepAliveTimeout = 30_000;
  // A fixed port may be taken (a run left behind): say so rather than wait forever.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    device() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const path = `/push/${randomBytes(9).toString('base64url')}`;
      const device: TestDevice = {
        subscription: { endpoint: `https://${host}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth }, expirationTime: null },
        ecdh,
        auth,
        path,
      };
      devices.set(path, device);
      return device;
    },
    answer(device, status, headers) {
      answers.set(device.path, headers ? { status, headers } : { status });
    },
    accepted(device) {
      return received.filter((push) => push.status < 300 && (device === undefined || push.path === device.path));
    },
    all: () => [...received],
    mostAtOnce: () => mostAtOnce,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
