/**
 * The bench's push service in a process of its own (bench/push.ts), as browsers' push services are elsewhere than the
 * app: apps/api/test/push-service.ts, driven over IPC. Messages: {devices: n} → the subscriptions of n new devices;
 * {count: true} → how many it accepted; {accepted: true} → what it accepted so far (path, time, a sample decrypted); {close: true}.
 */
import { startPushService } from '../apps/api/test/push-service.ts';

const service = await startPushService({ decryptEvery: 100, latencyMs: Number(process.env.PUSH_SERVICE_LATENCY_MS ?? 50) });
const send = (message: unknown) => process.send?.(message);
process.on('message', (message: { devices?: number; count?: boolean; accepted?: boolean; close?: boolean }) => {
  if (message.count) {
    send({ count: service.accepted().length });
  } else if (message.devices !== undefined) {
    send({ devices: Array.from({ length: message.devices }, () => service.device().subscription) });
  } else if (message.accepted) {
    send({ accepted: service.accepted().map((push) => ({ path: push.path, at: push.at, payload: push.payload })) });
  } else if (message.close) {
    void service.close().then(() => process.exit(0));
  }
});
send({ host: service.host });
