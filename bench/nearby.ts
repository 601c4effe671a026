/**
 * Nearby search on a Malta-dense data set: 100 000 businesses and 500 000 offers at random points over Malta
 * and Gozo. Prints p50/p99 of the first page through the HTTP endpoint and of its KNN SQL alone, and the
 * endpoint's requests per second next to a bare Fastify JSON route in the same run (autocannon), as a ratio.
 * Runs on the embedded database, and also on PostgreSQL when DATABASE_URL is set (a scratch database is
 * created there and dropped afterwards). Run: npm run bench:nearby  (BENCH_BUSINESSES to change the size)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { NEARBY_PAGE_SIZE } from '@qrib/shared';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, selectRows, type Database } from '../apps/api/src/db/client.ts';
import { seedCategories } from '../apps/api/src/db/seed.ts';
import { maltaToday, nearbyBusinessesQuery } from '../apps/api/src/repositories/nearby.ts';

const BUSINESSES = Number(process.env.BENCH_BUSINESSES ?? 100_000);
const OFFERS_PER_BUSINESS = 5;
const SAMPLES = 300;
const LOAD_SECONDS = 10;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** A random point on Malta's main island, where shoppers stand. */
function randomMaltaPoint() {
  return { latitude: 35.82 + Math.random() * 0.15, longitude: 14.35 + Math.random() * 0.2 };
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
  await db.execute(sql`
    INSERT INTO offers (vendor_id, category_id, title, description, discount_type, discount_value, start_date,
      end_date, status, location_latitude, location_longitude)
    SELECT v.id, 1 + floor(random() * 6)::int, 'Bench offer ' || v.id || '-' || n, 'Generated offer', 'PERCENTAGE', 10,
      current_date - 5, current_date - 3 + floor(random() * 60)::int,
      CASE WHEN random() < 0.9 THEN 'ACTIVE' ELSE 'PAUSED' END, v.location_latitude, v.location_longitude
    FROM vendors v CROSS JOIN generate_series(1, ${OFFERS_PER_BUSINESS}) AS n`);
  await db.execute(sql`ANALYZE`);
  return performance.now() - start;
}

async function measure(label: string, database: Database) {
  console.log(`\n== ${label} ==`);
  await database.migrate();
  await seedCategories(database.db);
  const generation = await generate(database);
  console.log(`data: ${BUSINESSES} businesses, ${BUSINESSES * OFFERS_PER_BUSINESS} offers, generated in ${(generation / 1000).toFixed(1)} s`);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'qrib-bench-'));
  const app = await buildApp({
    config: { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), signupsPerHour: 1000 },
    database,
    closeDatabase: false,
    logger: false,
  });
  app.get('/bench/ping', async () => ({ ok: true, at: 'bare Fastify JSON route' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const signup = await fetch(`${base}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench Shopper', email: 'shopper@example.com', phone: '+356 2100 0000', username: 'bench-shopper', password: 'bench12345' }),
    });
    const { token } = (await signup.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const pageUrl = (point: { latitude: number; longitude: number }) =>
      `${base}/api/v1/offers/nearby-offers?latitude=${point.latitude}&longitude=${point.longitude}&radiusKm=10`;

    const http: number[] = [];
    let businessesOnPage = 0;
    for (let sample = -30; sample < SAMPLES; sample += 1) {
      const start = performance.now();
      const response = await fetch(pageUrl(randomMaltaPoint()), { headers });
      const body = (await response.json()) as { data: unknown[] };
      if (sample >= 0) http.push(performance.now() - start);
      businessesOnPage = body.data.length;
    }
    console.log(`first page through HTTP (${businessesOnPage} businesses): p50 ${percentile(http, 50).toFixed(2)} ms, p99 ${percentile(http, 99).toFixed(2)} ms (${SAMPLES} random points)`);

    const raw: number[] = [];
    for (let sample = -30; sample < SAMPLES; sample += 1) {
      const start = performance.now();
      await selectRows(database.db, nearbyBusinessesQuery({ ...randomMaltaPoint(), radiusKm: 10, cursor: undefined, pageSize: NEARBY_PAGE_SIZE, today: maltaToday() }));
      if (sample >= 0) raw.push(performance.now() - start);
    }
    console.log(`KNN SQL alone: p50 ${percentile(raw, 50).toFixed(2)} ms, p99 ${percentile(raw, 99).toFixed(2)} ms`);

    const load = async (url: string, withHeaders: Record<string, string>) =>
      (await autocannon({ url, headers: withHeaders, connections: 10, duration: LOAD_SECONDS })).requests.average;
    const bare = await load(`${base}/bench/ping`, {});
    const endpoint = await load(pageUrl({ latitude: 35.8989, longitude: 14.5146 }), headers);
    console.log(`requests/s over ${LOAD_SECONDS} s, 10 connections: nearby endpoint ${endpoint.toFixed(0)}, bare route ${bare.toFixed(0)}, ratio ${(endpoint / bare).toFixed(2)}`);
  } finally {
    await app.close();
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
