/**
 * Nearby search on a Malta-dense data set: 100 000 businesses and 500 000 offers at random points over Malta
 * and Gozo. Prints p50/p99 of the first page through the HTTP endpoint (response cache off, cache on for
 * positions never asked before, cache on for positions asked before), of the KNN scan alone and of the page
 * query (scan and cards) alone, and the endpoint's requests per second: cold (cache off, and cache on with
 * every request at a position no one asked before, what a shopper who just opened the app meets) and warm
 * (2 000 positions asked before), next to a bare Fastify JSON route in the same run (autocannon, in a child
 * process so it does not share the server's thread), as ratios, with the cache's hit rate. Positions are
 * scattered around Malta's and Gozo's localities, not one repeated point. Ends with issue 11's cold targets and issue
 * 27's two ratios, each met or not, and issue 28's "open now" (the first page's p50 with and without openNow=true, at
 * this moment and, SQL alone, at three moments of the week, shops carrying five common weeks of hours or none): a new position's HTTP p50 over the page query's SQL p50 (≤ 1.3), and requests/s at
 * new positions with the cache on over the same with it off (≥ 1). HTTP times run to the answer's last byte.
 * Runs on the embedded database, and also on PostgreSQL when DATABASE_URL is set (a scratch database is
 * created there and dropped afterwards). Run: npm run bench:nearby  (BENCH_BUSINESSES to change the size;
 * NEARBY_CACHE_ENTRIES as for the server)
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { MALTA_LOCALITIES, NEARBY_PAGE_SIZE, maltaOffsetHours, maltaToday } from '@qrib/shared';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, selectRows, selectRowsPrepared, type Database } from '../apps/api/src/db/client.ts';
import { seedCategories } from '../apps/api/src/db/seed.ts';
import { encodeAnswer } from '../apps/api/src/kernel/answer-encoding.ts';
import { NEARBY_CACHE_TTL_MS, NEARBY_CELL_DEGREES } from '../apps/api/src/domains/nearby/cache.ts';
import { earthPoint } from '../apps/api/src/domains/nearby/geometry.ts';
import { nearestQuery, pageQuery, refreshCurrentOfferUntilQuery } from '../apps/api/src/domains/nearby/repository/queries.ts';
import { HORIZON_DAYS, intervalRows, readHours } from '../apps/api/src/domains/businesses/index.ts';

const BUSINESSES = Number(process.env.BENCH_BUSINESSES ?? 100_000);
const OFFERS_PER_BUSINESS = 5;
const SAMPLES = 300;
const LOAD_SECONDS = 10;
const SHOPPERS = 2_000;
/** Positions for the cold load with the cache on: more than the run can ask, so none repeats. */
const FRESH_POSITIONS = 50_000;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** A standard normal draw (Box-Muller). */
function gaussian() {
  return Math.sqrt(-2 * Math.log(1 - Math.random())) * Math.cos(2 * Math.PI * Math.random());
}

/**
 * Where a shopper stands: around one of the localities shipped with the app (Malta's and Gozo's towns and
 * villages, each equally likely), spread about 450 m north-south and 450 m east-west of its centre.
 */
function randomShopperPoint() {
  const town = MALTA_LOCALITIES[Math.floor(Math.random() * MALTA_LOCALITIES.length)] ?? { latitude: 35.8989, longitude: 14.5146 };
  return { latitude: town.latitude + gaussian() * 0.004, longitude: town.longitude + gaussian() * 0.005 };
}

/** The next instant after `from` (within HORIZON_DAYS) that is `weekday` (0 Monday) at `hour` (fractional) in Malta. */
function nextMaltaMoment(from: Date, weekday: number, hour: number): Date {
  for (let day = 0; day < Math.min(8, HORIZON_DAYS); day += 1) {
    const date = new Date(from.getTime() + day * 86_400_000);
    const malta = maltaToday(date);
    const wallMidnight = Date.parse(`${malta}T00:00:00Z`);
    if ((new Date(wallMidnight).getUTCDay() + 6) % 7 !== weekday) continue;
    const wall = wallMidnight + hour * 3_600_000;
    // Malta is UTC+1 or +2: the instant whose Malta wall clock is `wall`.
    for (const offset of [2, 1]) {
      const instant = wall - offset * 3_600_000;
      if (maltaOffsetHours(instant) === offset && instant > from.getTime()) return new Date(instant);
    }
  }
  return from;
}

function describe(values: number[]) {
  return `p50 ${percentile(values, 50).toFixed(2)} ms, p99 ${percentile(values, 99).toFixed(2)} ms`;
}

async function generate(database: Database) {
  const start = performance.now();
  const db = database.db;
  await db.execute(sql`
    INSERT INTO users (name, email, phone, username, password_hash)
    SELECT 'Bench owner ' || g, 'bench-owner-' || g || '@example.com', '+356 2100 0000', 'bench-owner-' || g, 'x'
    FROM generate_series(1, ${BUSINESSES}) AS g`);
  // 85% on Malta, 15% on Gozo, uniformly over each island's bounding box.
  await db.execute(sql`
    INSERT INTO vendors (owner_user_id, business_name, business_type, business_address, location_latitude,
      location_longitude, primary_contact_name, contact_email, contact_phone)
    SELECT u.id, 'Bench shop ' || u.id, 'OTHER', 'Malta',
      CASE WHEN u.malta THEN 35.80 + random() * 0.19 ELSE 36.01 + random() * 0.07 END,
      CASE WHEN u.malta THEN 14.33 + random() * 0.25 ELSE 14.19 + random() * 0.15 END,
      'Bench', 'bench@example.com', '+356 2100 0000'
    FROM (SELECT id, random() < 0.85 AS malta FROM users WHERE username LIKE 'bench-owner-%') AS u`);
  // In slices, so no one statement comes near PostgreSQL's statement timeout on a busy machine. The change
  // triggers (migration 0010) are off meanwhile: the row trigger would send a notification per active offer.
  // So are the ones that keep each business's current_offer_until (0012): it is set once after the load.
  const [range] = await selectRows<{ low: number; high: number }>(db, sql`SELECT min(id) AS low, max(id) AS high FROM vendors`);
  await db.execute(sql`ALTER TABLE offers DISABLE TRIGGER USER`);
  try {
    await insertOffers(db, Number(range?.low ?? 0), Number(range?.high ?? -1));
  } finally {
    await db.execute(sql`ALTER TABLE offers ENABLE TRIGGER USER`);
  }
  await db.execute(refreshCurrentOfferUntilQuery());
  await giveHours(db);
  await db.execute(sql`ANALYZE`);
  return performance.now() - start;
}

/**
 * Issue 28 §2: hours as shops write them: a fifth give none, the rest one of five common weeks; their open intervals
 * for the fortnight are what PATCH /vendors/me writes (computed once per distinct text, as every shop with that text
 * has the same).
 */
const BENCH_HOURS: [share: number, text: string][] = [
  [0.2, ''],
  [0.45, 'Mo-Sa 08:00-19:00; Su,PH off'],
  [0.15, 'Mo-Su 07:00-23:00'],
  [0.12, 'Mo-Fr 09:00-13:00,16:00-19:00; Sa 09:00-13:00; Su,PH off'],
  [0.05, 'Tu-Su 12:00-15:00,19:00-23:00'],
  [0.03, '24/7'],
];

async function giveHours(db: Database['db']) {
  let from = 0;
  for (const [share, text] of BENCH_HOURS) {
    const to = from + share;
    if (text) {
      await db.execute(sql`UPDATE vendors SET opening_hours = ${text} WHERE (hashtext(id::text)::bigint + 2147483648) / 4294967296.0 >= ${from} AND (hashtext(id::text)::bigint + 2147483648) / 4294967296.0 < ${to}`);
      const rows = intervalRows(readHours(text), Date.now());
      const values = sql.join(
        rows.map((row) => sql`(${row.opensAt.toISOString()}::timestamptz, ${row.closesAt.toISOString()}::timestamptz, ${row.horizon.toISOString()}::timestamptz)`),
        sql`, `,
      );
      if (rows.length > 0) {
        await db.execute(sql`INSERT INTO vendor_open_intervals (vendor_id, opens_at, closes_at, horizon)
          SELECT v.id, x.opens_at, x.closes_at, x.horizon FROM vendors v CROSS JOIN (VALUES ${values}) AS x (opens_at, closes_at, horizon) WHERE v.opening_hours = ${text}`);
      }
    }
    from = to;
  }
}

async function insertOffers(db: Database['db'], lowest: number, highest: number) {
  for (let low = lowest; low <= highest; low += 20_000) {
    await db.execute(sql`
      INSERT INTO offers (vendor_id, category_id, title, description, discount_type, discount_value, start_date,
        end_date, status, location_latitude, location_longitude)
      SELECT v.id, 1 + floor(random() * 6)::int, 'Bench offer ' || v.id || '-' || n, 'Generated offer', 'PERCENTAGE', 10,
        current_date - 5, current_date - 3 + floor(random() * 60)::int,
        CASE WHEN random() < 0.9 THEN 'ACTIVE' ELSE 'PAUSED' END, v.location_latitude, v.location_longitude
      FROM vendors v CROSS JOIN generate_series(1, ${OFFERS_PER_BUSINESS}) AS n
      WHERE v.id >= ${low} AND v.id < ${low + 20_000}`);
  }
}

async function measure(label: string, database: Database) {
  console.log(`\n== ${label} ==`);
  await database.migrate();
  await seedCategories(database.db);
  const generation = await generate(database);
  console.log(`data: ${BUSINESSES} businesses, ${BUSINESSES * OFFERS_PER_BUSINESS} offers, generated in ${(generation / 1000).toFixed(1)} s`);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'qrib-bench-'));
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' }), signupsPerHour: 1000 };
  // Two apps on the same database, in this process: the response cache off (cold) and on (warm).
  const cold = await buildApp({ config: { ...config, nearbyCacheEntries: 0 }, database, closeDatabase: false, logger: false });
  const warm = await buildApp({ config, database, closeDatabase: false, logger: false });
  cold.get('/bench/ping', async () => ({ ok: true, at: 'bare Fastify JSON route' }));
  await cold.listen({ host: '127.0.0.1', port: 0 });
  await warm.listen({ host: '127.0.0.1', port: 0 });
  const coldBase = `http://127.0.0.1:${(cold.server.address() as AddressInfo).port}`;
  const warmBase = `http://127.0.0.1:${(warm.server.address() as AddressInfo).port}`;
  console.log(
    `response cache: up to ${config.nearbyCacheEntries} cells (NEARBY_CACHE_ENTRIES) of ${NEARBY_CELL_DEGREES}° (about 110 × 90 m), entries live ${NEARBY_CACHE_TTL_MS / 1000} s`,
  );
  try {
    const signup = await fetch(`${coldBase}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench Shopper', email: 'shopper@example.com', phone: '+356 2100 0000', username: 'bench-shopper', password: 'bench12345' }),
    });
    const { token } = (await signup.json()) as { token: string };
    // As a browser asks: the page comes compressed (brotli), as shoppers' phones receive it.
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
    const pagePath = (point: { latitude: number; longitude: number }) =>
      `/api/v1/offers/nearby-offers?latitude=${point.latitude}&longitude=${point.longitude}&radiusKm=10`;
    const cacheStats = () => warm.nearbyCache.stats();

    /**
     * Times first pages one after another, from the request to the answer's last byte (the client parses the JSON
     * after that: its parsing is no part of the answer's time); answers the timings and how many businesses the last
     * page had.
     */
    const timePages = async (base: string, points: { latitude: number; longitude: number }[]) => {
      const timings: number[] = [];
      let businessesOnPage = 0;
      for (const point of points) {
        const start = performance.now();
        const response = await fetch(`${base}${pagePath(point)}`, { headers });
        const bytes = await response.arrayBuffer();
        timings.push(performance.now() - start);
        if (response.status !== 200) throw new Error(`nearby answered ${response.status}`);
        businessesOnPage = (JSON.parse(Buffer.from(bytes).toString('utf8')) as { data: unknown[] }).data.length;
      }
      return { timings, businessesOnPage };
    };
    const fresh = (count: number) => Array.from({ length: count }, randomShopperPoint);
    const timePagesWith = async (base: string, points: { latitude: number; longitude: number }[], query: string) => {
      const timings: number[] = [];
      let businessesOnPage = 0;
      for (const point of points) {
        const start = performance.now();
        const response = await fetch(`${base}${pagePath(point)}${query}`, { headers });
        const bytes = await response.arrayBuffer();
        timings.push(performance.now() - start);
        if (response.status !== 200) throw new Error(`nearby answered ${response.status}`);
        businessesOnPage = (JSON.parse(Buffer.from(bytes).toString('utf8')) as { data: unknown[] }).data.length;
      }
      return { timings, businessesOnPage };
    };

    await timePages(coldBase, fresh(30));
    const sample = Buffer.from(await (await fetch(`${coldBase}${pagePath(fresh(1)[0] ?? { latitude: 35.9, longitude: 14.5 })}`, { headers: { authorization: headers.authorization } })).arrayBuffer());
    console.log(`a first page is ${sample.length} bytes of JSON, ${encodeAnswer(sample, 'br').length} in brotli and ${encodeAnswer(sample, 'gzip').length} in gzip as sent (requests below ask with accept-encoding: br, gzip)`);
    const off = await timePages(coldBase, fresh(SAMPLES));
    console.log(
      `first page through HTTP, cache off (${off.businessesOnPage} businesses): ${describe(off.timings)} (${SAMPLES} random shopper positions, right after loading the data: the database's pages not yet in its memory)`,
    );
    await timePages(coldBase, fresh(1_000));
    const offLater = await timePages(coldBase, fresh(SAMPLES));
    console.log(`first page through HTTP, cache off, once the database has served 1 000 other positions: ${describe(offLater.timings)} (${SAMPLES} new random shopper positions)`);

    // The SQL alone, at fresh shopper positions: the KNN scan within the radius, then the whole page query, each
    // run as the app runs them (on PGlite prepared once, executed with a generic plan; db/client.ts).
    const timeSql = async (make: (center: ReturnType<typeof earthPoint>) => ReturnType<typeof pageQuery>) => {
      const timings: number[] = [];
      for (let sample = -30; sample < SAMPLES; sample += 1) {
        const point = randomShopperPoint();
        const query = make(earthPoint(point.latitude, point.longitude));
        const start = performance.now();
        await selectRowsPrepared(database.db, query);
        if (sample >= 0) timings.push(performance.now() - start);
      }
      return timings;
    };
    // As the first page asks: the page, one row to tell whether more follow and one to spare for ties.
    const limit = NEARBY_PAGE_SIZE + 2;
    const now = new Date();
    const scan = await timeSql((center) => nearestQuery({ center, today: maltaToday(), categoryId: undefined, limit, now }));
    console.log(`KNN scan SQL alone: ${describe(scan)}`);
    const whole = await timeSql((center) => pageQuery({ center, today: maltaToday(), categoryId: undefined, limit, now }));
    console.log(`page query SQL alone (the scan and the offers' card JSON): ${describe(whole)}`);

    // Issue 28 §2: only shops open now, in the same statement. How deep the scan goes depends on how many shops are
    // open at that moment, so the SQL is also timed at three moments of a Malta week (the shares of BENCH_HOURS).
    const openShare = await selectRows<{ share: number }>(
      database.db,
      sql`SELECT avg((EXISTS (SELECT 1 FROM vendor_open_intervals i WHERE i.vendor_id = v.id AND i.opens_at <= ${now.toISOString()}::timestamptz AND i.closes_at > ${now.toISOString()}::timestamptz))::int)::float8 AS share FROM vendors v`,
    );
    const openHttpPlain = await timePages(coldBase, fresh(SAMPLES));
    const openHttp = await timePagesWith(coldBase, fresh(SAMPLES), '&openNow=true');
    const plainP50 = percentile(openHttpPlain.timings, 50);
    const openP50 = percentile(openHttp.timings, 50);
    console.log(
      `open now (issue 28): first page through HTTP, cache off, at this moment (${((openShare[0]?.share ?? 0) * 100).toFixed(0)}% of shops open): without openNow ${describe(openHttpPlain.timings)}; with openNow=true ${describe(openHttp.timings)} (${openHttp.businessesOnPage} businesses); ratio ${(openP50 / plainP50).toFixed(2)} (target ≤ 1.10 ${openP50 <= plainP50 * 1.1 ? 'met' : 'NOT met'})`,
    );
    const moments: [string, Date][] = [
      ['a Wednesday 11:00', nextMaltaMoment(now, 2, 11)],
      ['a Saturday 21:30', nextMaltaMoment(now, 5, 21.5)],
      ['a Sunday 03:00', nextMaltaMoment(now, 6, 3)],
    ];
    for (const [name, moment] of moments) {
      const plain = await timeSql((center) => pageQuery({ center, today: maltaToday(moment), categoryId: undefined, limit, now: moment }));
      const filtered = await timeSql((center) => pageQuery({ center, today: maltaToday(moment), categoryId: undefined, limit, now: moment, openNow: true }));
      console.log(
        `open now, page query SQL alone at ${name} (within the intervals' fortnight): without ${describe(plain)}; with openNow ${describe(filtered)}; ratio ${(percentile(filtered, 50) / percentile(plain, 50)).toFixed(2)}`,
      );
    }

    // The load: SHOPPERS fixed positions, in random order; every connection goes through the whole list.
    const shoppers = fresh(SHOPPERS);
    const requests = shoppers.map((point) => ({ method: 'GET', path: pagePath(point), headers }));
    // autocannon runs in a child process (bench/load-runner.mjs), so the server keeps this process's thread.
    const load = async (base: string, list: { path: string; headers?: Record<string, string> }[], distinct = false) => {
      const runner = fork(path.join(import.meta.dirname, 'load-runner.mjs'));
      const result = await new Promise<{ average: number; errors: number; non2xx: number; cpu: number }>((resolve, reject) => {
        runner.once('message', (message) => resolve(message as { average: number; errors: number; non2xx: number; cpu: number }));
        runner.once('error', reject);
        const what = distinct ? { distinctPaths: list.map((request) => request.path) } : { requests: list };
        runner.send({ url: base, headers: list[0]?.headers ?? headers, ...what, connections: 10, duration: LOAD_SECONDS });
      });
      if (result.errors > 0 || result.non2xx > 0) console.log(`  (${result.errors} errors, ${result.non2xx} non-2xx answers)`);
      return { rps: result.average, cpu: result.cpu };
    };
    const { rps: bare, cpu: bareClientCpu } = await load(coldBase, [{ path: '/bench/ping' }]);
    // Cache off, every request at a position no one asked before: what the cache's cold figure below is held against.
    const { rps: coldFreshRps } = await load(coldBase, fresh(FRESH_POSITIONS).map((point) => ({ path: pagePath(point), headers })), true);
    const { rps: coldRps } = await load(coldBase, requests);

    // Warm the cache: every shopper position twice (a cell is filled when asked the second time; 10 at a time),
    // then load it straight away, well inside the TTL.
    const warmStart = performance.now();
    for (let round = 0; round < 2; round += 1) {
      for (let index = 0; index < shoppers.length; index += 10) {
        await Promise.all(shoppers.slice(index, index + 10).map((point) => fetch(`${warmBase}${pagePath(point)}`, { headers }).then((response) => response.arrayBuffer())));
      }
    }
    const warmedIn = (performance.now() - warmStart) / 1000;
    const seen = await timePages(warmBase, shoppers.slice(0, SAMPLES));
    console.log(`first page through HTTP, cache on, positions asked before: ${describe(seen.timings)} (${SAMPLES} of the ${SHOPPERS} shopper positions)`);
    const beforeLoad = cacheStats();
    const { rps: warmRps, cpu: warmClientCpu } = await load(warmBase, requests);
    const afterLoad = cacheStats();
    const sinceWarming = (performance.now() - warmStart) / 1000;
    const served = afterLoad.hits + afterLoad.fills + afterLoad.direct + afterLoad.fallbacks - (beforeLoad.hits + beforeLoad.fills + beforeLoad.direct + beforeLoad.fallbacks);
    const hitRate = served > 0 ? (afterLoad.hits - beforeLoad.hits) / served : 0;
    // Cache on, but every request at a position no one asked before (a cell can still hold a neighbour's ask).
    const beforeFresh = cacheStats();
    const { rps: freshRps } = await load(warmBase, fresh(FRESH_POSITIONS).map((point) => ({ path: pagePath(point), headers })), true);
    const afterFresh = cacheStats();
    const before = cacheStats();
    const unseen = await timePages(warmBase, fresh(SAMPLES));
    const afterUnseen = cacheStats();
    console.log(
      `first page through HTTP, cache on, positions not asked before: ${describe(unseen.timings)} (${SAMPLES} random shopper positions; ${afterUnseen.hits - before.hits} of them happened to fall in a cell already cached)`,
    );

    const kinds = ['hits', 'fills', 'direct', 'fallbacks', 'cardsFromMemory', 'cardsAllMissing'] as const;
    console.log(
      `requests/s over ${LOAD_SECONDS} s, 10 connections, every request at a new position: cache on ${freshRps.toFixed(0)}, ratio ${(freshRps / bare).toFixed(2)} (${kinds.map((kind) => `${afterFresh[kind] - beforeFresh[kind]} ${kind}`).join(', ')}); cache off ${coldFreshRps.toFixed(0)}`,
    );
    console.log(
      `requests/s over ${LOAD_SECONDS} s, 10 connections, ${SHOPPERS} shopper positions: bare route ${bare.toFixed(0)}; nearby cache off (cold) ${coldRps.toFixed(0)}, ratio ${(coldRps / bare).toFixed(2)}; nearby cache on (warm) ${warmRps.toFixed(0)}, ratio ${(warmRps / bare).toFixed(2)}; the load generator used ${(bareClientCpu * 100).toFixed(0)}% and ${(warmClientCpu * 100).toFixed(0)}% of a core in the bare and warm runs${Math.max(bareClientCpu, warmClientCpu) > 0.9 ? ' (near a whole core: it may have set the pace, not the server)' : ''}`,
    );
    console.log(
      `cache during the warm run: hit rate ${(hitRate * 100).toFixed(1)}% (${afterLoad.hits - beforeLoad.hits} of ${served} answers from memory alone; ${afterLoad.fills - beforeLoad.fills} needed the database to fill a cell or cards, ${afterLoad.direct - beforeLoad.direct} went to the database as first asks in their cells and ${afterLoad.fallbacks - beforeLoad.fallbacks} because the cell could not prove its page); warmed by asking each position twice beforehand (${warmedIn.toFixed(1)} s; the run ended ${sinceWarming.toFixed(1)} s after warming began, entries made first expire at ${NEARBY_CACHE_TTL_MS / 1000} s), ${afterLoad.cells} cells and ${afterLoad.cards} cards held, heap ${(process.memoryUsage().heapUsed / 1024 / 1024).toFixed(0)} MB`,
    );
    // Issue 11's cold targets (set for the embedded database): a position no one asked before, cache on.
    const coldP50 = percentile(unseen.timings, 50);
    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(
      `targets for a new position (issue 11, set for PGlite): HTTP p50 ${coldP50.toFixed(2)} ms ≤ 2.5 ms ${met(coldP50 <= 2.5)}; ${freshRps.toFixed(0)} requests/s ≥ 425 ${met(freshRps >= 425)}`,
    );
    // Issue 27's, against figures of this same run: the HTTP overhead over the page query's own SQL, and the cache
    // never slower than no cache for positions no one asked before.
    const sqlP50 = percentile(whole, 50);
    const httpRatio = coldP50 / sqlP50;
    const offRatio = percentile(offLater.timings, 50) / sqlP50;
    const cacheRatio = freshRps / coldFreshRps;
    console.log(
      `targets of issue 27: a new position's HTTP p50 / the page query's SQL p50 = ${coldP50.toFixed(2)} / ${sqlP50.toFixed(2)} ms = ${httpRatio.toFixed(2)} ≤ 1.30 ${met(httpRatio <= 1.3)} (cache off: ${offRatio.toFixed(2)}); requests/s at new positions, cache on / cache off = ${freshRps.toFixed(0)} / ${coldFreshRps.toFixed(0)} = ${cacheRatio.toFixed(2)} ≥ 1.00 ${met(cacheRatio >= 1)}`,
    );
  } finally {
    await warm.close();
    await cold.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const embedded = await openDatabase({ kind: 'pglite', inMemory: true });
try {
  await measure('embedded PGlite', embedded);
} finally {
  await embedded.close();
}

const url = process.env.DATABASE_URL;
if (url) {
  const name = `qrib_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString() });
  try {
    await measure('PostgreSQL', database);
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    await admin.end();
  }
}
