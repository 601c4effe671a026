/**
 * The two-replica checks that address each replica directly ("through one, on the other"): the point is that
 * two processes share sessions, live events, the receipt queue and the login limits through PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { maltaDateOf } from '@qrib/shared';
import { makeJpeg } from '../../apps/api/test/fixtures.ts';
import { makeReceiptPhoto } from '../../apps/api/test/receipt-images.ts';
import type { Cluster } from './cluster.ts';
import { call, expectStatus, openEventStream, sleep, waitUntil } from './http.ts';
import type { Report } from './report.ts';

/** The seeded owner and shop (apps/api/src/db/seed.ts): Joseph's Pastizzeria in Valletta. */
const DEMO_OWNER = { username: 'joseph', password: 'joseph2026pass' };
const DEMO_SHOPPER = { username: 'maria', password: 'maria2026pass' };
const VALLETTA = { latitude: 35.8989, longitude: 14.5146 };

interface Session {
  token: string;
  userId: number;
}

export async function signUp(base: string, label: string): Promise<Session & { username: string }> {
  const username = `${label}${randomBytes(4).toString('hex')}`;
  const body = expectStatus(
    await call<{ token: string; user: { id: number } }>(base, 'POST', '/api/v1/auth/signup', {
      body: { name: 'Replica Tester', email: `${username}@example.com`, phone: '+356 7912 3456', username, password: 'secret123' },
    }),
    201,
    'sign-up',
  );
  return { token: body.token, userId: body.user.id, username };
}

export async function logIn(base: string, account: { username: string; password: string }): Promise<string> {
  return expectStatus(await call<{ token: string }>(base, 'POST', '/api/v1/auth/login', { body: account }), 200, `login as ${account.username}`).token;
}

function dayOffset(days: number): string {
  return maltaDateOf(new Date(Date.now() + days * 86_400_000));
}

/** What the later checks (and the load) reuse: the shopper's session, the new offer. */
export interface CheckState {
  shopperToken?: string;
  ownerToken?: string;
  vendorId?: number;
  businessName?: string;
  offerId?: number;
}

export async function runReplicaChecks(cluster: Cluster, report: Report, state: CheckState): Promise<void> {
  const a = cluster.replica('a').base;
  const b = cluster.replica('b').base;

  let account: Session | undefined;
  await report.check('a) a session made on A works on B', async () => {
    account = await signUp(a, 'replica');
    const me = expectStatus(await call<{ user: { id: number } }>(b, 'GET', '/api/v1/auth/me', { token: account.token }), 200, 'GET /auth/me on B');
    if (me.user.id !== account.userId) throw new Error(`B answered user ${me.user.id}, signed up ${account.userId}`);
    return `signed up on A as user ${account.userId}; B answers /auth/me with 200`;
  });

  await report.check('b) after logout on A the token answers 401 on A and on B within 1 s', async () => {
    if (!account) throw new Error('no session (check a failed)');
    const token = account.token;
    expectStatus(await call(a, 'POST', '/api/v1/auth/logout', { token }), 204, 'POST /auth/logout on A');
    const loggedOutAt = Date.now();
    const refusedAfter: Record<string, number | undefined> = { A: undefined, B: undefined };
    await Promise.all(
      Object.entries({ A: a, B: b }).map(([name, base]) =>
        waitUntil(async () => {
          const status = (await call(base, 'GET', '/api/v1/auth/me', { token, timeoutMs: 1_000 })).status;
          if (status === 401) refusedAfter[name] = Date.now() - loggedOutAt;
          return status === 401;
        }, 1_000, 50),
      ),
    );
    const seen = Object.entries(refusedAfter).map(([name, ms]) => (ms === undefined ? `${name} still accepts it after 1 s` : `401 on ${name} after ${ms} ms`));
    if (Object.values(refusedAfter).some((ms) => ms === undefined)) throw new Error(seen.join('; '));
    return seen.join(', ');
  });

  await report.check('c) an offer created through A arrives live on a shopper\'s stream on B', async () => {
    state.shopperToken = await logIn(b, DEMO_SHOPPER);
    const stream = await openEventStream(`${b}/api/v1/offers/stream?latitude=${VALLETTA.latitude}&longitude=${VALLETTA.longitude}&radiusKm=5`, state.shopperToken);
    try {
      if (stream.status !== 200) throw new Error(`the stream on B answered ${stream.status}`);
      state.ownerToken = await logIn(a, DEMO_OWNER);
      const me = expectStatus(
        await call<{ user: { vendor: { vendorId: number; businessName: string } | null } }>(a, 'GET', '/api/v1/auth/me', { token: state.ownerToken }),
        200,
        'GET /auth/me as the demo owner',
      );
      if (!me.user.vendor) throw new Error('the demo owner has no shop (was the demo data seeded?)');
      state.vendorId = me.user.vendor.vendorId;
      state.businessName = me.user.vendor.businessName;
      const categories = expectStatus(await call<{ data: { categoryId: number }[] }>(a, 'GET', '/api/v1/categories/'), 200, 'GET /categories/');
      const form = new FormData();
      const fields = {
        title: 'Replica test pastizzi',
        description: 'Published through replica A',
        categoryId: String(categories.data[0]?.categoryId ?? 1),
        discountType: 'PERCENTAGE',
        discountValue: '15',
        startDate: dayOffset(-1),
        endDate: dayOffset(30),
        termsAndConditions: 'One per customer',
        targetAudience: 'ALL_CUSTOMERS',
        redemptionLimit: 'UNLIMITED',
        sendNotifications: 'false',
        featuredOffer: 'false',
        status: 'ACTIVE',
      };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('offerImages', new Blob([new Uint8Array(await makeJpeg(160, 120))], { type: 'image/jpeg' }), 'photo.jpg');
      const sentAt = Date.now();
      const created = expectStatus(
        await call<{ data: { offerId: number; images: { cardUrl: string }[] } }>(a, 'POST', '/api/v1/offers/', { token: state.ownerToken, form }),
        201,
        'POST /offers/ on A',
      );
      const offerId = created.data.offerId;
      state.offerId = offerId;
      const event = await stream.next('offer', (data) => (data as { offerId?: unknown }).offerId === offerId, 10_000);
      if (!event) throw new Error(`offer ${offerId} did not arrive on B's stream within 10 s${stream.ended ? ` (the stream ended: ${stream.ended})` : ''}`);
      const arrivedMs = Date.now() - sentAt;

      // The photo went to the shared S3 store through A; B serves it.
      const cardUrl = created.data.images[0]?.cardUrl;
      if (!cardUrl) throw new Error('the new offer has no photo');
      const image = await fetch(`${b}${cardUrl}`, { signal: AbortSignal.timeout(10_000) });
      await image.arrayBuffer();
      if (image.status !== 200) throw new Error(`B answered ${image.status} for the photo stored through A (${cardUrl})`);
      return `offer ${offerId} on B's stream ${arrivedMs} ms after the POST on A was sent; its photo, stored through A, served by B`;
    } finally {
      stream.close();
    }
  });

  await report.check('d) a receipt uploaded through A is checked exactly once', async () => {
    const { shopperToken, vendorId, businessName, offerId } = state;
    if (!shopperToken || vendorId === undefined || !businessName) throw new Error('no shopper session or shop (check c failed)');
    const now = new Date();
    const [year, month, day] = maltaDateOf(now).split('-');
    const photo = await makeReceiptPhoto({
      merchant: businessName,
      date: `${day}/${month}/${year} 09:41`,
      items: [{ name: 'Pastizzi x4', amount: 2.4 }, { name: 'Tea', amount: 1.2 }],
      total: 3.6,
    });
    const form = new FormData();
    form.append('vendorId', String(vendorId));
    if (offerId !== undefined) form.append('offerId', String(offerId));
    form.append('files', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'receipt.jpg');
    const uploadedAt = Date.now();
    const uploaded = expectStatus(
      await call<{ data: { receiptId: number } }>(a, 'POST', '/api/v1/file/upload-bills', { token: shopperToken, form, timeoutMs: 30_000 }),
      201,
      'POST /file/upload-bills on A',
    );
    const receiptId = uploaded.data.receiptId;

    const database = new pg.Client({ connectionString: cluster.databaseUrl });
    await database.connect();
    let row: { checked_at: Date | null; auto_status: string | null } | undefined;
    try {
      const isChecked = await waitUntil(async () => {
        row = (await database.query<{ checked_at: Date | null; auto_status: string | null }>('SELECT checked_at, auto_status FROM receipts WHERE id = $1', [receiptId])).rows[0];
        return Boolean(row?.checked_at && row.auto_status);
      }, 90_000, 250);
      if (!isChecked) throw new Error(`receipt ${receiptId} was not checked within 90 s (checked_at ${String(row?.checked_at ?? null)})`);
    } finally {
      await database.end();
    }
    const checkedMs = Date.now() - uploadedAt;

    // Each replica logs 'receipt checked' with the id once it has saved a verdict; a second replica claiming the
    // same receipt would log it too. Wait a moment for a late second one before counting.
    const checkers = async () => {
      const found: string[] = [];
      for (const name of ['a', 'b'] as const) {
        for (const line of await cluster.logLines(name)) if (line.msg === 'receipt checked' && line.receiptId === receiptId) found.push(name.toUpperCase());
      }
      return found;
    };
    await waitUntil(async () => (await checkers()).length > 0, 3_000, 100);
    await sleep(1_500);
    const found = await checkers();
    if (found.length !== 1) throw new Error(`receipt ${receiptId} was checked ${found.length} times (${found.join(', ') || 'no replica logged it'})`);
    return `receipt ${receiptId} checked once, by replica ${found[0]}, ${(checkedMs / 1000).toFixed(1)} s after upload (auto_status ${row?.auto_status})`;
  });

  const limit = cluster.loginAttemptsPerUsername;
  await report.check(`e) login limits hold across both: wrong password number ${limit + 1}, alternating A and B, answers 429`, async () => {
    const target = await signUp(b, 'limited');
    // The replicas trust one proxy hop: one X-Forwarded-For address stands for one client on both.
    const headers = { 'x-forwarded-for': `203.0.113.${1 + Math.floor(Math.random() * 250)}` };
    const statuses: string[] = [];
    for (let attempt = 1; attempt <= limit + 1; attempt += 1) {
      const [name, base] = attempt % 2 === 1 ? ['A', a] : ['B', b];
      const answer = await call(base, 'POST', '/api/v1/auth/login', { body: { username: target.username, password: 'wrongpass123' }, headers });
      statuses.push(`${name}:${answer.status}`);
    }
    const expected = [...Array.from({ length: limit }, () => 401), 429];
    const actual = statuses.map((entry) => Number(entry.split(':')[1]));
    if (actual.some((status, index) => status !== expected[index])) {
      throw new Error(`expected ${limit} x 401 then 429, got ${statuses.join(' ')}`);
    }
    return statuses.join(' ');
  });
}
