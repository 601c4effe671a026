/**
 * Load on the real server (issue 10): 200 connections for 60 s over nearby (a fresh random position around Malta's
 * and Gozo's localities on every request), offer detail (a random demo offer) and search (a random word, a fresh
 * position), half of the connections on nearby and a quarter on each of the others. The server runs in a child
 * process on the demo data (`npm start`'s first run) and the load generator in another (bench/load-routes-runner.mjs),
 * so neither takes turns with this one. Prints errors (socket errors, timeouts, non-2xx answers), p50/p99 per route
 * and overall, and the server's resident memory before the load, at its peak (polled from /proc) and after it.
 * Signs in once as the demo shopper and reuses the token (the login limits would refuse 200 logins).
 * Runs on the embedded PGlite, or on PostgreSQL when DATABASE_URL is set (a scratch database is created there and
 * dropped afterwards). Run: npm run bench:load  (LOAD_CONNECTIONS, LOAD_SECONDS for a quick run)
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MALTA_LOCALITIES } from '@qrib/shared';
import { DEMO_ACCOUNTS } from '../apps/api/src/db/seed.ts';
import { withScratchDatabase } from '../scripts/lib/scratch-database.ts';
import { demoServerEnv, freePort, residentSetMb, startApiServer, stopChild, waitUntilReady } from '../scripts/lib/server-process.ts';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const WORDS = ['pastizzi', 'ftira', 'books', 'fish', 'haircut', 'glass', 'harbour', 'sun', 'pizza', 'bakery', 'coffee', 'tuna'];

interface RouteFigures {
  name: string;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  p50: number;
  p99: number;
}

interface LoadResult {
  routes: RouteFigures[];
  overall: RouteFigures;
  cpu: number;
}

async function getJson<T>(url: string, token?: string): Promise<T> {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

function runLoad(options: Record<string, unknown>): Promise<LoadResult> {
  const runner = fork(path.join(import.meta.dirname, 'load-routes-runner.mjs'));
  return new Promise((resolve, reject) => {
    runner.once('message', (message) => resolve(message as LoadResult));
    runner.once('error', reject);
    runner.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load generator exited with ${code}`));
    });
    runner.send(options);
  });
}

async function bench(databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qrib-load-'));
  const server = startApiServer({
    port: await freePort(),
    databaseUrl,
    env: demoServerEnv(dataDir, 'load-bench-secret-that-is-long-enough-for-hs256'),
  });
  const { baseUrl } = server;
  try {
    await waitUntilReady(baseUrl, server.process, 120_000);
    const pid = server.process.pid ?? 0;
    const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_ACCOUNTS.shopper.username, password: DEMO_ACCOUNTS.shopper.password }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status}`);
    const { token } = (await login.json()) as { token: string };
    const nearby = await getJson<{ data: { offers: { offerId: number }[] }[] }>(
      `${baseUrl}/api/v1/offers/nearby-offers?latitude=35.9&longitude=14.45&radiusKm=50`,
      token,
    );
    const offerIds = nearby.data.flatMap((business) => business.offers.map((offer) => offer.offerId));
    if (offerIds.length === 0) throw new Error('no demo offers to read');

    const nearbyConnections = Math.max(1, Math.round(CONNECTIONS / 2));
    const detailConnections = Math.max(1, Math.round(CONNECTIONS / 4));
    const routes = [
      { name: 'nearby', connections: nearbyConnections },
      { name: 'offer detail', connections: detailConnections },
      { name: 'search', connections: Math.max(1, CONNECTIONS - nearbyConnections - detailConnections) },
    ];
    const before = residentSetMb(pid);
    let peak = before;
    const poll = setInterval(() => {
      peak = Math.max(peak, residentSetMb(pid));
    }, 200);
    const result = await runLoad({
      url: baseUrl,
      token,
      seconds: SECONDS,
      routes,
      offerIds,
      words: WORDS,
      localities: MALTA_LOCALITIES,
    });
    clearInterval(poll);
    peak = Math.max(peak, residentSetMb(pid));
    const justAfter = residentSetMb(pid);
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const settled = residentSetMb(pid);

    console.log(`\n${databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${CONNECTIONS} connections for ${SECONDS} s on the demo data (${offerIds.length} offers)`);
    console.log('route          connections  requests   req/s  errors  timeouts  non-2xx   p50 ms   p99 ms');
    for (const figures of [...result.routes, result.overall]) {
      const connections = routes.find((route) => route.name === figures.name)?.connections ?? CONNECTIONS;
      console.log(
        `${figures.name.padEnd(14)} ${String(connections).padStart(11)} ${String(figures.requests).padStart(9)} ${(figures.requests / SECONDS).toFixed(0).padStart(7)}` +
          ` ${String(figures.errors).padStart(7)} ${String(figures.timeouts).padStart(9)} ${String(figures.non2xx).padStart(8)}` +
          ` ${figures.p50.toFixed(1).padStart(8)} ${figures.p99.toFixed(1).padStart(8)}`,
      );
    }
    console.log(
      `server RSS: ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at the peak, ${justAfter.toFixed(0)} MB right after, ${settled.toFixed(0)} MB 10 s later`,
    );
    console.log(`load generator CPU: ${(result.cpu * 100).toFixed(0)}% of one core (near 100% means it, not the server, set the pace)`);
    return result.overall.errors + result.overall.non2xx;
  } finally {
    await stopChild(server.process);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const postgresUrl = process.env.DATABASE_URL;
const failures = postgresUrl ? await withScratchDatabase(postgresUrl, 'qrib_load', bench) : await bench(undefined);
process.exit(failures > 0 ? 1 : 0);
