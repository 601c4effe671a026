/** Live offer streams are limited per account and per IP address (real HTTP: a stream never ends by itself). */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { signUp, useTestApp } from '../helpers.ts';

let app: App;

useTestApp({}, (made) => ({ app } = made));

interface OpenedStream {
  status: number;
  /** The JSON error of a refused stream. */
  body: string;
  close(): void;
}

/** Opens GET /offers/stream and resolves once the answer's head (and, for an error, its body) has arrived. */
function openStream(port: number, token: string): Promise<OpenedStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/v1/offers/stream?latitude=35.8989&longitude=14.5146&radiusKm=10', headers: { authorization: `Bearer ${token}` } },
      (response) => {
        const status = response.statusCode ?? 0;
        const close = () => request.destroy();
        if (status === 200) return resolve({ status, body: '', close });
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status, body, close }));
      },
    );
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}

async function listen(): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as AddressInfo).port;
}

describe('GET /api/v1/offers/stream limits', () => {
  it('refuses a fourth stream of one account with 429 before it opens, and opens one again after another closes', async () => {
    const port = await listen();
    const shopper = await signUp(app);
    const other = await signUp(app);
    const open = [await openStream(port, shopper.token), await openStream(port, shopper.token), await openStream(port, shopper.token)];
    expect(open.map((stream) => stream.status)).toEqual([200, 200, 200]);

    const fourth = await openStream(port, shopper.token);
    expect(fourth.status).toBe(429);
    expect(JSON.parse(fourth.body)).toMatchObject({ statusCode: 429, message: MESSAGES.tooManyStreams });
    // Another account on the same network is not held back by it.
    const others = await openStream(port, other.token);
    expect(others.status).toBe(200);

    open[0]?.close();
    // The server hears the close a moment later; until then the answer is still 429.
    let again: OpenedStream | undefined;
    await expect
      .poll(async () => {
        again = await openStream(port, shopper.token);
        return again.status;
      })
      .toBe(200);
    for (const stream of [...open, others, again]) stream?.close();
  });

  it('refuses the 21st stream from one IP address, whatever the account', async () => {
    const port = await listen();
    const accounts = [];
    for (let index = 0; index < 7; index += 1) accounts.push(await signUp(app));
    const streams: OpenedStream[] = [];
    for (const [index, account] of accounts.entries()) {
      for (let copy = 0; copy < (index < 6 ? 3 : 2); copy += 1) streams.push(await openStream(port, account.token));
    }
    expect(streams.filter((stream) => stream.status === 200)).toHaveLength(20);
    const last = accounts[6];
    if (!last) throw new Error('no seventh account');
    const refused = await openStream(port, last.token);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).message).toBe(MESSAGES.tooManyStreams);
    for (const stream of streams) stream.close();
  });
});
