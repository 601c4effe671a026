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
    // The body alone, handed over: a Buffer is a slice of a shared pool that holds other pushes' text too.
    const body = details.body ? new Uint8Array(details.body) : null;
    parentPort.postMessage({ id, headers, body }, body ? [body.buffer] : []);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
});
`;

/** A push not encrypted in this long fails (and the worker is replaced): a stuck worker must not hold the sends. */
const JOB_TIMEOUT_MS = 10_000;

let worker: Worker | null = null;
let workerFailed = false;
let nextId = 0;
const pending = new Map<number, { resolve: (value: EncryptedPush) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();

function failAll(error: Error): void {
  for (const { reject, timer } of pending.values()) {
    clearTimeout(timer);
    reject(error);
  }
  pending.clear();
}

/** Whether pushes are encrypted on the worker thread (tests; false before the first push and after a fallback). */
export function isEncryptingOffThread(): boolean {
  return worker !== null && !workerFailed;
}

function startWorker(): Worker | null {
  if (worker || workerFailed) return worker;
  try {
    const started = new Worker(WORKER_SOURCE, { eval: true, execArgv: [], workerData: { webPush: createRequire(import.meta.url).resolve('web-push') } });
    started.on('message', (message: { id: number; headers?: Record<string, string>; body?: Uint8Array | null; error?: string }) => {
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      clearTimeout(waiting.timer);
      if (message.error !== undefined) waiting.reject(new Error(message.error));
      else waiting.resolve({ headers: message.headers ?? {}, body: message.body ? Buffer.from(message.body.buffer, message.body.byteOffset, message.body.byteLength) : Buffer.alloc(0) });
      // Idle with nothing waiting: the worker does not keep the process alive.
      if (pending.size === 0) started.unref();
    });
    const stopped = (error: Error) => {
      if (worker !== started) return;
      worker = null;
      failAll(error);
    };
    // A worker that cannot run its code: the main thread encrypts from now on (said once in the log's stderr).
    started.on('error', (error) => {
      workerFailed = true;
      process.emitWarning(`push encryption falls back to the main thread: ${error.message}`);
      stopped(error);
    });
    // Stopped otherwise (a timeout's terminate): the next push starts another.
    started.on('exit', () => stopped(new Error('push encryption worker stopped')));
    started.unref();
    worker = started;
  } catch (error) {
    workerFailed = true;
    worker = null;
    process.emitWarning(`push encryption falls back to the main thread: ${String(error)}`);
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
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error('push encryption timed out'));
      void thread.terminate();
    }, JOB_TIMEOUT_MS);
    timer.unref();
    pending.set(id, { resolve, reject, timer });
    thread.ref();
    thread.postMessage({ id, job });
  });
}
