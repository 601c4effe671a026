/**
 * Encryption of pushes off the event loop (issue 29 §1). Each push is encrypted for its device (RFC 8291: a new ECDH
 * key pair, the shared secret, HKDF, AES-GCM): a quarter of a millisecond of CPU a push, which at thousands a minute
 * kept the replica's one thread from answering requests and from sending. One worker thread does it with
 * `web-push`'s generateRequestDetails(), exactly as on the main thread; the event loop only writes the requests.
 * Without worker threads (a worker that fails to start) the main thread encrypts, as before.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import webpush from 'web-push';

export interface EncryptedPush {
  headers: Record<string, string>;
  body: Buffer;
}

interface Job {
  target: { endpoint: string; keys: { p256dh: string; auth: string } };
  payload: string;
  options: { TTL: number; topic?: string };
}

/** generateRequestDetails() with the VAPID header left to the caller (signed once per push service, send-push.ts). */
function encryptHere(job: Job): EncryptedPush {
  const details = webpush.generateRequestDetails(job.target, job.payload, job.options);
  return {
    headers: Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)])),
    body: details.body === null ? Buffer.alloc(0) : Buffer.from(details.body),
  };
}

// The worker's own code, plain CommonJS (it runs without the TypeScript loader): web-push by the path resolved here.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const webpush = require(workerData.webPush);
parentPort.on('message', ({ id, job }) => {
  try {
    const details = webpush.generateRequestDetails(job.target, job.payload, job.options);
    const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
    parentPort.postMessage({ id, headers, body: details.body });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
});
`;

let worker: Worker | null = null;
let workerFailed = false;
let nextId = 0;
const pending = new Map<number, { resolve: (value: EncryptedPush) => void; reject: (error: Error) => void }>();

function failAll(error: Error): void {
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
}

function startWorker(): Worker | null {
  if (worker || workerFailed) return worker;
  try {
    const started = new Worker(WORKER_SOURCE, { eval: true, execArgv: [], workerData: { webPush: createRequire(import.meta.url).resolve('web-push') } });
    started.on('message', (message: { id: number; headers?: Record<string, string>; body?: Uint8Array | null; error?: string }) => {
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (message.error !== undefined) waiting.reject(new Error(message.error));
      else waiting.resolve({ headers: message.headers ?? {}, body: message.body ? Buffer.from(message.body.buffer, message.body.byteOffset, message.body.byteLength) : Buffer.alloc(0) });
      // Idle with nothing waiting: the worker does not keep the process alive.
      if (pending.size === 0) started.unref();
    });
    const stopped = (error: Error) => {
      worker = null;
      failAll(error);
    };
    started.on('error', (error) => {
      workerFailed = true;
      stopped(error);
    });
    started.on('exit', () => stopped(new Error('push encryption worker stopped')));
    started.unref();
    worker = started;
  } catch {
    workerFailed = true;
    worker = null;
  }
  return worker;
}

/** Encrypts a push for a device: on the worker thread when there is one, else here. */
export function encryptPush(job: Job): Promise<EncryptedPush> {
  const thread = startWorker();
  if (!thread) return Promise.resolve().then(() => encryptHere(job));
  const id = nextId;
  nextId += 1;
  return new Promise<EncryptedPush>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage({ id, job });
  });
}
