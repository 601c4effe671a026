/**
 * Redemption at the till under load (issue 13): 50 connections (REDEEM_CONNECTIONS) post codes to
 * POST /api/v1/vendors/me/redemptions for REDEEM_SECONDS (20 by default), each request a fresh code of its own, all
 * of them for ONE unlimited offer of the demo owner's shop: every redemption updates that offer's row, so the
 * writes queue on one row lock, the worst case a single shop meets (a busy counter, every till on one offer).
 * The codes are claims written straight into the database before the load (one shopper each), because a shopper has
 * one code per offer and sign-ups are rate limited. The server runs in a child process on the demo data, the load
 * generator in another. Prints requests per second, p50 and p99, errors and non-2xx answers, and checks afterwards
 * that the offer's redeemed_count equals the claims marked REDEEMED and the redemptions answered 200 (plus those in flight
 * when the run ended).
 * Runs on the embedded PGlite, or on PostgreSQL when DATABASE_URL is set (a scratch database is made and dropped).
 * Run: npm run bench:redemptions
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { addDays, maltaToday } from '@qrib/shared';
import { databaseSourceFor, openDatabase, selectRows } from '../apps/api/src/db/client.ts';
import { DEMO_ACCOUNTS } from '../apps/api/src/db/seed.ts';
import { drawClaimCode } from '../apps/api/src/domains/claims/claim-codes.ts';
import { withScratchDatabase } from '../scripts/lib/scratch-database.ts';
import { demoServerEnv, freePort, startApiServer, stopChild, waitUntilReady, type ApiServer } from '../scripts/lib/server-process.ts';

const CONNECTIONS = Number(process.env.REDEEM_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.REDEEM_SECONDS ?? 20);
/** More codes than the run can use at any rate seen here, so no code is sent twice. */
const CODES = Number(process.env.REDEEM_CODES ?? 40_000);
const JWT_SECRET = 'redemption-bench-secret-that-is-long-enough-for-hs256';

interface RunnerResult {
  requests: number;
  seconds: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  sent: number;
  cpu: number;
}

/** An unlimited offer of the demo owner's shop and `count` shoppers with a claim on it; answers the offer and the codes. */
async function prepare(source: Parameters<typeof openDatabase>[0], count: number): Promise<{ offerId: number; codes: string[] }> {
  const database = await openDatabase(source);
  try {
    const { db } = database;
    const [shop] = await selectRows<{ id: number; location_latitude: number; location_longitude: number }>(
      db,
      sql`SELECT v.id, v.location_latitude, v.location_longitude FROM vendors v JOIN users u ON u.id = v.owner_user_id WHERE u.username = ${DEMO_ACCOUNTS.owner.username}`,
    );
    if (!shop) throw new Error('the demo owner has no shop');
    const today = maltaToday();
    const [offer] = await selectRows<{ offer_id: number }>(
      db,
      sql`INSERT INTO offers (vendor_id, category_id, title, description, discount_type, discount_value, start_date, end_date, location_latitude, location_longitude)
          VALUES (${shop.id}, (SELECT min(category_id) FROM categories), 'Bench: redeemed at the till', 'Redemption benchmark', 'PERCENTAGE', 10,
            ${addDays(today, -1)}::date, ${addDays(today, 30)}::date, ${shop.location_latitude}, ${shop.location_longitude})
          RETURNING offer_id`,
    );
    if (!offer) throw new Error('no bench offer');
    const codes = new Set<string>();
    while (codes.size < count) codes.add(drawClaimCode());
    const list = [...codes];
    const stamp = Date.now().toString(36);
    // One statement per batch of 2 000 shoppers and their claims.
    for (let start = 0; start < count; start += 2_000) {
      const batch = list.slice(start, start + 2_000);
      await db.execute(sql`
        WITH shoppers AS (
          INSERT INTO users (name, email, phone, username, password_hash)
          SELECT 'Bench shopper ' || n, 'bench-' || ${stamp} || '-' || n || '@example.com', '+356 7900 0000', 'bench-' || ${stamp} || '-' || n, 'x'
          FROM generate_series(${start}::int, ${start + batch.length - 1}::int) AS n
          RETURNING id, username
        )
        INSERT INTO offer_claims (offer_id, vendor_id, user_id, code)
        SELECT ${offer.offer_id}, ${shop.id}, s.id, (${`{${batch.join(',')}}`}::text[])[substring(s.username FROM '[0-9]+$')::int - ${start} + 1]
        FROM shoppers s`);
    }
    return { offerId: offer.offer_id, codes: list };
  } finally {
    await database.close();
  }
}

async function counts(source: Parameters<typeof openDatabase>[0], offerId: number) {
  const database = await openDatabase(source);
  try {
    const [row] = await selectRows<{ redeemed_count: number; redeemed: number }>(
      database.db,
      sql`SELECT o.redeemed_count, (SELECT count(*)::integer FROM offer_claims c WHERE c.offer_id = o.offer_id AND c.status = 'REDEEMED') AS redeemed FROM offers o WHERE o.offer_id = ${offerId}`,
    );
    return { redeemedCount: Number(row?.redeemed_count), redeemedClaims: Number(row?.redeemed) };
  } finally {
    await database.close();
  }
}

function runLoad(options: Record<string, unknown>): Promise<RunnerResult> {
  const runner = fork(path.join(import.meta.dirname, 'redemptions-runner.mjs'));
  return new Promise((resolve, reject) => {
    runner.once('message', (message) => resolve(message as RunnerResult));
    runner.once('error', reject);
    runner.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load generator exited with ${code}`));
    });
    runner.send(options);
  });
}

async function bench(databaseUrl: string | undefined): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qrib-redeem-'));
  const source = databaseSourceFor({ databaseUrl, dataDir });
  const start = async (): Promise<ApiServer> => {
    const server = startApiServer({ port: await freePort(), databaseUrl, env: demoServerEnv(dataDir, JWT_SECRET) });
    await waitUntilReady(server.baseUrl, server.process, 120_000);
    return server;
  };
  // First start: migrations and the demo data. PGlite is one process's database, so the server stops while the
  // codes are written and starts again on them.
  let server = await start();
  try {
    await stopChild(server.process);
    const { offerId, codes } = await prepare(source, CODES);
    server = await start();
    const login = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_ACCOUNTS.owner.username, password: DEMO_ACCOUNTS.owner.password }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status}`);
    const { token } = (await login.json()) as { token: string };

    const result = await runLoad({ url: server.baseUrl, token, codes, connections: CONNECTIONS, duration: SECONDS });
    // The requests still in flight when the run ended are answered before the server stops.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await stopChild(server.process);
    const after = await counts(source, offerId);
    const ok = result.requests - result.non2xx - result.errors;
    console.log(`\n${databaseUrl ? 'PostgreSQL' : 'PGlite'}: POST /api/v1/vendors/me/redemptions, ${CONNECTIONS} connections, ${result.seconds.toFixed(1)} s, every request a fresh code, one offer`);
    console.log(`  requests ${result.requests} (${ok} redeemed), ${(result.requests / result.seconds).toFixed(0)} req/s; latency p50 ${result.p50} ms, p99 ${result.p99} ms`);
    console.log(`  errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}; load generator CPU ${(result.cpu * 100).toFixed(0)}% of one core`);
    // Requests in flight when the run ended (at most one per connection) are redeemed but not counted by the load generator.
    const consistent = after.redeemedCount === after.redeemedClaims && after.redeemedCount >= ok && after.redeemedCount <= ok + CONNECTIONS;
    console.log(
      `  afterwards: offer redeemed_count ${after.redeemedCount}, claims REDEEMED ${after.redeemedClaims}, answered 200 within the run ${ok} (+ up to ${CONNECTIONS} in flight at its end) — ${consistent ? 'consistent' : 'NOT consistent'}`,
    );
    if (result.sent >= codes.length) console.log(`  (every one of the ${codes.length} codes was used: raise REDEEM_CODES for a longer run)`);
    return result.errors + result.non2xx + (consistent ? 0 : 1);
  } finally {
    await stopChild(server.process);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const postgresUrl = process.env.DATABASE_URL;
const failures = postgresUrl ? await withScratchDatabase(postgresUrl, 'qrib_redeem', bench) : await bench(undefined);
process.exit(failures > 0 ? 1 : 0);
