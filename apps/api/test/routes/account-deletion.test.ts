import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  LOGIN_ATTEMPTS_PER_USERNAME,
  MESSAGES,
  adminActionsResponseSchema,
  offersResponseSchema,
  receiptDisputesResponseSchema,
  reportedItemsResponseSchema,
  reviewsPageSchema,
  shopResponseSchema,
  vendorInsightsResponseSchema,
  vendorReceiptsResponseSchema,
} from '@qrib/shared';
import type { z } from 'zod';
import type { App } from '../../src/app.ts';
import { selectRows } from '../../src/db/client.ts';
import { grantAdminsAtBoot } from '../../src/domains/accounts/admin-role.ts';
import { runAdminCli } from '../../scripts/admin-cli.ts';
import { holdDataDir } from '../../src/kernel/data-dir-lock.ts';
import { DELETED_USER_COLUMNS, REASSIGNED_USER_COLUMNS } from '../../src/domains/accounts/repository/account-deletion.ts';
import { createAdminVendorsRepository } from '../../src/domains/businesses/repository/admin-vendors.ts';
import { createReceiptChecksRepository } from '../../src/domains/receipts/repository/receipt-checks.ts';
import { drawClaimCode } from '../../src/domains/claims/claim-codes.ts';
import { buildShop, createOffer, makeEstablished, type Shop } from '../factories.ts';
import { makePng } from '../fixtures.ts';
import { api, bodyOf, parseSetCookie, signUp, signupBody, testConfig, useTestApp, type TestDatabase } from '../helpers.ts';

let app: App;
let testDb: TestDatabase;

useTestApp({}, (made) => ({ app, testDb } = made));

type Account = { cookies: Record<string, string>; userId: number; username: string; email: string; password: string };
const db = () => testDb.database.db;
const deleteMe = (account: { cookies: Record<string, string> }, password: string) =>
  app.inject({ method: 'DELETE', url: '/api/v1/me', cookies: account.cookies, payload: { password } });
const count = async (query: ReturnType<typeof sql>) => (await selectRows<{ n: number }>(db(), query))[0]?.n ?? -1;
const login = (username: string, password: string) => app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });

/** Everything of `account` that one row or another holds, counted per table. */
async function footprint(userId: number) {
  return {
    users: await count(sql`SELECT count(*)::integer AS n FROM users WHERE id = ${userId}`),
    sessions: await count(sql`SELECT count(*)::integer AS n FROM sessions WHERE user_id = ${userId} AND revoked_at IS NULL`),
    favorites: await count(sql`SELECT count(*)::integer AS n FROM favorites WHERE user_id = ${userId}`),
    notifications: await count(sql`SELECT count(*)::integer AS n FROM notifications WHERE user_id = ${userId}`),
    receipts: await count(sql`SELECT count(*)::integer AS n FROM receipts WHERE consumer_user_id = ${userId} AND ocr_text IS NOT NULL`),
    receiptFiles: await count(sql`SELECT count(*)::integer AS n FROM receipt_files f JOIN receipts r ON r.id = f.receipt_id WHERE r.consumer_user_id = ${userId}`),
    reviews: await count(sql`SELECT count(*)::integer AS n FROM reviews WHERE user_id = ${userId} AND text IS NOT NULL`),
    events: await count(sql`SELECT count(*)::integer AS n FROM offer_events WHERE user_id = ${userId}`),
    visits: await count(sql`SELECT count(*)::integer AS n FROM shop_visits WHERE user_id = ${userId}`),
    claims: await count(sql`SELECT count(*)::integer AS n FROM offer_claims WHERE user_id = ${userId}`),
    reports: await count(sql`SELECT count(*)::integer AS n FROM reports WHERE reporter_user_id = ${userId} AND text IS NOT NULL`),
  };
}

/**
 * A shopper's whole history at `shop`: views, impressions, saves and directions; a visit answered PURCHASED; a
 * favourite; a redeemed claim with its review; a receipt the automatic check VERIFIED, with its OCR text and a stored
 * file; a report with words; a notification. Answers the receipt file's storage key.
 */
async function buildHistory(shop: Shop, offerId: number, shopper: Account) {
  for (const kind of ['IMPRESSION', 'VIEW', 'DIRECTIONS'] as const) {
    const events = await app.inject({ method: 'POST', url: '/api/v1/events', cookies: shopper.cookies, payload: { events: [{ offerId, kind }] } });
    expect(events.statusCode).toBe(202);
  }
  expect((await app.inject({ method: 'PUT', url: `/api/v1/me/favorites/${offerId}`, cookies: shopper.cookies })).statusCode).toBe(204);
  await db().execute(sql`INSERT INTO shop_visits (user_id, vendor_id, answer, answered_at) VALUES (${shopper.userId}, ${shop.vendorId}, 'PURCHASED', now())`);
  const [claim] = await selectRows<{ id: number }>(
    db(),
    sql`INSERT INTO offer_claims (offer_id, vendor_id, user_id, code, status, redeemed_at, redeemed_by_user_id)
        VALUES (${offerId}, ${shop.vendorId}, ${shopper.userId}, ${drawClaimCode()}, 'REDEEMED', now() - interval '1 day', ${shop.userId}) RETURNING id`,
  );
  await db().execute(sql`UPDATE offers SET redeemed_count = redeemed_count + 1 WHERE offer_id = ${offerId}`);
  const reviewed = await app.inject({ method: 'POST', url: '/api/v1/reviews', cookies: shopper.cookies, payload: { claimId: claim?.id, stars: 4, text: 'Maria here: lovely ftira.' } });
  expect(reviewed.statusCode).toBe(201);

  const bytes = await makePng(16, 16);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const storageKey = `private/receipts/${sha256}.png`;
  await app.storage.put(storageKey, bytes, 'image/png');
  const [receipt] = await selectRows<{ id: number }>(
    db(),
    sql`INSERT INTO receipts (consumer_user_id, vendor_id, offer_id, status, auto_status, ocr_text, extracted_total, checked_at, created_at)
        VALUES (${shopper.userId}, ${shop.vendorId}, ${offerId}, 'VERIFIED', 'VERIFIED', 'MARIA BORG card 1234 total 12.50', 12.50, now(), now() - interval '2 days')
        RETURNING id`,
  );
  await db().execute(sql`INSERT INTO receipt_files (receipt_id, position, storage_key, content_type, byte_size, sha256)
    VALUES (${receipt?.id}, 0, ${storageKey}, 'image/png', ${bytes.length}, ${sha256})`);
  await db().execute(sql`INSERT INTO reports (reporter_user_id, item_kind, item_id, reason, text) VALUES (${shopper.userId}, 'OFFER', ${offerId}, 'OTHER', 'I am Maria Borg')`);
  await db().execute(sql`INSERT INTO notifications (user_id, kind, payload) VALUES (${shopper.userId}, 'RECEIPT_DECIDED', ${JSON.stringify({ receiptId: receipt?.id ?? 0, status: 'VERIFIED' })}::jsonb)`);
  return storageKey;
}

/** What the owner and shoppers read of the shop's figures: insights (this week and month), the shop page, its reviews' rating. */
async function shopFigures(shop: Shop, reader: Account) {
  const read = async <S extends z.ZodType>(account: { cookies: Record<string, string> }, url: string, schema: S) => {
    const response = await app.inject({ method: 'GET', url, cookies: account.cookies });
    expect(response.statusCode, url).toBe(200);
    return bodyOf(response, schema);
  };
  const reviews = await read(reader, `/api/v1/vendors/${shop.vendorId}/reviews`, reviewsPageSchema);
  return {
    week: await read(shop, '/api/v1/vendors/me/insights', vendorInsightsResponseSchema),
    month: await read(shop, '/api/v1/vendors/me/insights?period=monthly', vendorInsightsResponseSchema),
    page: await read(reader, `/api/v1/vendors/${shop.vendorId}`, shopResponseSchema),
    rating: reviews.rating,
    stars: reviews.data.map((review) => review.stars),
    offers: await read(shop, '/api/v1/vendors/me/offers', offersResponseSchema),
  };
}

async function reviewAuthors(shop: Shop, reader: Account) {
  const page = (await api(app).get(`/api/v1/vendors/${shop.vendorId}/reviews`, { cookies: reader.cookies, expect: reviewsPageSchema })).body;
  return page.data.map((review) => ({ author: review.author, text: review.text }));
}

describe('DELETE /api/v1/me', () => {
  it('answers 400 passwordIncorrect for a wrong password and changes nothing', async () => {
    const shop = await buildShop(app);
    const offerId = await createOffer(app, shop);
    const shopper = (await signUp(app)) as Account;
    await buildHistory(shop, offerId, shopper);
    const before = await footprint(shopper.userId);

    const response = await deleteMe(shopper, 'not-my-password1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'passwordIncorrect', fieldErrors: { password: MESSAGES.passwordIncorrect } });
    expect(await footprint(shopper.userId)).toEqual(before);
    expect((await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: shopper.cookies })).statusCode).toBe(200);
  });

  it('counts every attempt per account: 429 after the login limit, and the right password is refused too meanwhile', async () => {
    const shopper = (await signUp(app)) as Account;
    for (let attempt = 0; attempt < LOGIN_ATTEMPTS_PER_USERNAME; attempt += 1) {
      expect((await deleteMe(shopper, `wrong-${attempt}x`)).statusCode).toBe(400);
    }
    const limited = await deleteMe(shopper, shopper.password);
    expect(limited.statusCode).toBe(429);
    expect(await count(sql`SELECT count(*)::integer AS n FROM users WHERE id = ${shopper.userId}`)).toBe(1);
  });

  it('answers 409 businessOpen while the account owns a business that is not closed', async () => {
    const shop = (await buildShop(app)) as Shop & Account;
    const response = await deleteMe(shop, shop.password);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'businessOpen', message: MESSAGES.businessOpen });
    expect(await count(sql`SELECT count(*)::integer AS n FROM users WHERE id = ${shop.userId}`)).toBe(1);
    expect((await app.inject({ method: 'GET', url: '/api/v1/vendors/me', cookies: shop.cookies })).statusCode).toBe(200);
  });

  it('answers 409 adminAccount for an administrator, until `npm run admin -- revoke` takes the role away (recorded)', async () => {
    const admin = (await signUp(app)) as Account;
    const out: string[] = [];
    const io = { log: (line: string) => out.push(line), error: (line: string) => out.push(`error: ${line}`) };
    expect(await runAdminCli(['grant', admin.username], testConfig(), io, testDb.database)).toBe(0);

    const refused = await deleteMe(admin, admin.password);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'adminAccount', message: MESSAGES.adminAccount });
    expect(await count(sql`SELECT count(*)::integer AS n FROM users WHERE id = ${admin.userId} AND is_admin`)).toBe(1);
    expect((await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: admin.cookies })).statusCode).toBe(200);

    expect(await runAdminCli(['revoke', admin.username.toUpperCase()], testConfig(), io, testDb.database)).toBe(0);
    expect(out.pop()).toBe(`${admin.username} is not an admin now.`);
    expect(await runAdminCli(['revoke', 'nobody-here'], testConfig(), io, testDb.database)).toBe(1);
    expect(out.pop()).toBe('error: No account has the username nobody-here.');
    const actions = await selectRows<{ action: string; admin: number | null }>(
      db(),
      sql`SELECT action, admin_user_id AS admin FROM admin_actions WHERE item_kind = 'USER' AND item_id = ${admin.userId} ORDER BY id`,
    );
    expect(actions).toEqual([{ action: 'GRANT_ADMIN', admin: null }, { action: 'REVOKE_ADMIN', admin: null }]);
    // A second revocation changes and records nothing.
    expect(await runAdminCli(['revoke', admin.username], testConfig(), io, testDb.database)).toBe(0);
    expect(await count(sql`SELECT count(*)::integer AS n FROM admin_actions WHERE item_kind = 'USER' AND item_id = ${admin.userId}`)).toBe(2);

    expect((await deleteMe(admin, admin.password)).statusCode).toBe(204);
    expect(await count(sql`SELECT count(*)::integer AS n FROM users WHERE id = ${admin.userId}`)).toBe(0);

    // Like grant, the real script refuses while a server holds the embedded database's DATA_DIR.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'qrib-admin-revoke-'));
    const release = holdDataDir(dataDir);
    try {
      const script = path.resolve(import.meta.dirname, '../../scripts/admin.ts');
      const run = spawnSync(process.execPath, ['--import', 'tsx', script, 'revoke', 'rita'], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' });
      expect(run.status).toBe(3);
      expect(run.stderr).toContain(`A Qrib server (process ${process.pid}) is using the embedded database in ${dataDir}. Stop it first.`);
    } finally {
      release();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a pseudonym is never matched by a boot grant from ADMIN_USERNAMES nor by `npm run admin`', async () => {
    const shopper = (await signUp(app)) as Account;
    const shop = await buildShop(app);
    const offerId = await createOffer(app, shop);
    await buildHistory(shop, offerId, shopper);
    expect((await deleteMe(shopper, shopper.password)).statusCode).toBe(204);
    const [pseudonym] = await selectRows<{ id: number; username: string }>(
      db(),
      sql`SELECT u.id, u.username FROM reviews r JOIN users u ON u.id = r.user_id WHERE r.vendor_id = ${shop.vendorId}`,
    );
    expect(pseudonym?.username).toMatch(/^former-/);
    const username = pseudonym?.username ?? '';

    const lines: string[] = [];
    const log = { info: (_details: object, line: string) => lines.push(`info ${line}`), warn: (_details: object, line: string) => lines.push(`warn ${line}`) };
    await grantAdminsAtBoot(db(), [username, username.toUpperCase()], log);
    expect(lines).toEqual([`warn ADMIN_USERNAMES: no account has the username ${username}, ${username.toUpperCase()}`]);
    const io = { log: () => undefined, error: () => undefined };
    expect(await runAdminCli(['grant', username], testConfig(), io, testDb.database)).toBe(1);
    expect(await count(sql`SELECT count(*)::integer AS n FROM users WHERE id = ${pseudonym?.id} AND is_admin`)).toBe(0);
    expect(await count(sql`SELECT count(*)::integer AS n FROM admin_actions WHERE item_kind = 'USER' AND item_id = ${pseudonym?.id}`)).toBe(0);
  });

  it('an owner closes the business, then deletes the account: the shop stays closed under a pseudonym, its files and contacts go, the name and address are free again', async () => {
    const shop = (await buildShop(app, { business: { businessName: 'Leaving Bakery', primaryContactName: 'Maria Borg' } })) as Shop & Account;
    const photo = await makePng(32, 24);
    const offerId = await createOffer(app, shop, {}, [{ field: 'offerImages', filename: 'a.png', contentType: 'image/png', content: photo }]);
    const shopper = (await signUp(app)) as Account;
    await app.inject({ method: 'PUT', url: `/api/v1/me/favorites/${offerId}`, cookies: shopper.cookies });
    const keys = (
      await selectRows<{ key: string }>(
        db(),
        sql`SELECT storage_key AS key FROM vendor_documents WHERE vendor_id = ${shop.vendorId}
          UNION SELECT card_key FROM offer_images WHERE offer_id = ${offerId} UNION SELECT detail_key FROM offer_images WHERE offer_id = ${offerId}`,
      )
    ).map((row) => row.key);
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(await app.storage.exists(key), key).toBe(true);

    expect((await app.inject({ method: 'POST', url: '/api/v1/vendors/me/close', cookies: shop.cookies, payload: { password: shop.password } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/v1/vendors/${shop.vendorId}`, cookies: shopper.cookies })).statusCode).toBe(404);
    const nearby = await app.inject({ method: 'GET', url: '/api/v1/offers/nearby-offers?lat=35.8989&lng=14.5146', cookies: shopper.cookies });
    expect(JSON.stringify(nearby.json())).not.toContain('Leaving Bakery');

    const response = await deleteMe(shop, shop.password);
    expect(response.statusCode).toBe(204);
    const cleared = parseSetCookie(response.headers['set-cookie'], 'auth_token');
    expect(cleared?.value).toBe('');

    for (const key of keys) expect(await app.storage.exists(key), key).toBe(false);
    const [vendor] = await selectRows<{ status: string; owner: number; contact: string; email: string; phone: string; logo: string | null; deleted: boolean }>(
      db(),
      sql`SELECT v.status, v.owner_user_id AS owner, v.primary_contact_name AS contact, v.contact_email AS email, v.contact_phone AS phone,
            v.logo_key AS logo, u.deleted_at IS NOT NULL AS deleted
          FROM vendors v JOIN users u ON u.id = v.owner_user_id WHERE v.id = ${shop.vendorId}`,
    );
    expect(vendor).toMatchObject({ status: 'CLOSED', contact: '', email: '', phone: '', logo: null, deleted: true });
    expect(vendor?.owner).not.toBe(shop.userId);
    expect(await count(sql`SELECT count(*)::integer AS n FROM vendor_documents WHERE vendor_id = ${shop.vendorId}`)).toBe(0);

    // The old cookie, the old credentials: refused. The username and the address sign up again.
    expect((await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: shop.cookies })).statusCode).toBe(401);
    expect((await login(shop.username, shop.password)).statusCode).toBe(401);
    const again = await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: signupBody({ username: shop.username, email: shop.email }) });
    expect(again.statusCode).toBe(201);
  });

  it('a shopper’s deletion leaves every figure of the shop as it was, and takes their files, favourites, notifications and words', async () => {
    const shop = (await buildShop(app)) as Shop & Account;
    const offerId = await createOffer(app, shop);
    const shopper = (await signUp(app, { name: 'Maria Borg' })) as Account;
    // Established (issue 24), so her review is live and her purchases count; a young account's deletion is in evidence.test.ts.
    await makeEstablished(db(), shopper.userId);
    const reader = (await signUp(app)) as Account;
    const receiptKey = await buildHistory(shop, offerId, shopper);
    const before = await shopFigures(shop, reader);
    expect(before.stars).toEqual([4]);
    expect(await reviewAuthors(shop, reader)).toEqual([{ author: { displayName: 'Maria B.', formerShopper: false }, text: 'Maria here: lovely ftira.' }]);
    expect(await app.storage.exists(receiptKey)).toBe(true);
    const [ids] = await selectRows<{ receipt: number; review: number }>(
      db(),
      sql`SELECT (SELECT id FROM receipts WHERE consumer_user_id = ${shopper.userId}) AS receipt, (SELECT id FROM reviews WHERE user_id = ${shopper.userId}) AS review`,
    );

    const response = await deleteMe(shopper, shopper.password);
    expect(response.statusCode).toBe(204);

    expect(await shopFigures(shop, reader)).toEqual(before);
    // The review keeps its stars, shown as a former shopper's with no name and no words.
    expect(await reviewAuthors(shop, reader)).toEqual([{ author: { displayName: '', formerShopper: true }, text: null }]);
    expect(await app.storage.exists(receiptKey)).toBe(false);
    expect(await footprint(shopper.userId)).toEqual({
      users: 0, sessions: 0, favorites: 0, notifications: 0, receipts: 0, receiptFiles: 0, reviews: 0, events: 0, visits: 0, claims: 0, reports: 0,
    });
    const [kept] = await selectRows<{ ocr: string | null; total: string; text: string | null; stars: number; same: boolean; former: boolean; name: string; username: string; email: string; prefs: { emailNotifications?: boolean } }>(
      db(),
      sql`SELECT r.ocr_text AS ocr, r.extracted_total::text AS total, rv.text, rv.stars, r.consumer_user_id = rv.user_id AS same,
            u.deleted_at IS NOT NULL AS former, u.name, u.username, u.email, u.preferences AS prefs
          FROM receipts r, reviews rv JOIN users u ON u.id = rv.user_id WHERE r.id = ${ids?.receipt} AND rv.id = ${ids?.review}`,
    );
    expect(kept).toMatchObject({ ocr: null, total: '12.50', text: null, stars: 4, same: true, former: true, name: '' });
    expect(kept?.username).toMatch(/^former-[0-9a-f-]{36}$/);
    expect(kept?.email).toMatch(/^[0-9a-f-]{36}@deleted\.invalid$/);
    expect(kept?.prefs.emailNotifications).toBe(false);
    expect(await count(sql`SELECT count(*)::integer AS n FROM receipt_files WHERE receipt_id = ${ids?.receipt}`)).toBe(0);

    // Nobody signs in as the pseudonym, and it is nobody's to look up.
    expect((await login(kept?.username ?? '', 'anything123')).statusCode).toBe(401);
    expect((await login(shopper.username, shopper.password)).statusCode).toBe(401);
    expect(await app.users.findByUsername(kept?.username ?? '')).toBeUndefined();
    expect(await app.users.findByEmail(kept?.email ?? '')).toBeUndefined();
  });

  it('a second deletion gets its own pseudonym, so two former shoppers still count as two', async () => {
    const shop = (await buildShop(app)) as Shop & Account;
    const offerId = await createOffer(app, shop);
    const first = (await signUp(app)) as Account;
    const second = (await signUp(app)) as Account;
    await buildHistory(shop, offerId, first);
    await buildHistory(shop, offerId, second);
    expect((await deleteMe(first, first.password)).statusCode).toBe(204);
    expect((await deleteMe(second, second.password)).statusCode).toBe(204);
    expect(await count(sql`SELECT count(DISTINCT user_id)::integer AS n FROM offer_claims WHERE vendor_id = ${shop.vendorId}`)).toBe(2);
  });

  it('every foreign key to users(id) is either handed to the pseudonym or deleted with the account', async () => {
    const rows = await selectRows<{ column: string }>(
      db(),
      sql`SELECT c.conrelid::regclass::text || '.' || a.attname AS column
          FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
          WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass ORDER BY 1`,
    );
    expect(rows.map((row) => row.column).sort()).toEqual([...REASSIGNED_USER_COLUMNS, ...DELETED_USER_COLUMNS].sort());
    // And the deleted ones really go by cascade, not by a SET NULL that would leave rows behind.
    const cascades = await selectRows<{ column: string; action: string }>(
      db(),
      sql`SELECT c.conrelid::regclass::text || '.' || a.attname AS column, c.confdeltype::text AS action
          FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
          WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass`,
    );
    for (const column of DELETED_USER_COLUMNS) expect(cascades.find((row) => row.column === column)?.action, column).toBe('c');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('a receipt another session is committing meanwhile is handed over with the rest, not lost by cascade (PostgreSQL)', async () => {
    const shop = await buildShop(app);
    const offerId = await createOffer(app, shop);
    const shopper = (await signUp(app)) as Account;
    const other = await testDb.openReplica();
    try {
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      let inserted: () => void = () => undefined;
      const insertedNotCommitted = new Promise<void>((resolve) => (inserted = resolve));
      // Another session uploads a receipt of the shopper's and has not committed yet when the deletion starts.
      const upload = other.database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO receipts (consumer_user_id, vendor_id, offer_id, status, auto_status, extracted_total, checked_at)
          VALUES (${shopper.userId}, ${shop.vendorId}, ${offerId}, 'VERIFIED', 'VERIFIED', 7.25, now())`);
        inserted();
        await released;
      });
      await insertedNotCommitted;
      const deletion = deleteMe(shopper, shopper.password);
      await expect
        .poll(async () => {
          const [row] = await selectRows<{ waiting: number }>(
            db(),
            sql`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          return Number(row?.waiting ?? 0);
        })
        .toBe(1);
      release();
      await upload;
      expect((await deletion).statusCode).toBe(204);
      const kept = await selectRows<{ former: boolean }>(
        db(),
        sql`SELECT u.deleted_at IS NOT NULL AS former FROM receipts r JOIN users u ON u.id = r.consumer_user_id WHERE r.vendor_id = ${shop.vendorId} AND r.extracted_total = 7.25`,
      );
      expect(kept).toEqual([{ former: true }]);
    } finally {
      await other.close();
    }
  });

  it('a receipt being read when the deletion commits gets no text back, and one not yet checked is never claimed', async () => {
    const shop = await buildShop(app);
    const offerId = await createOffer(app, shop);
    const shopper = (await signUp(app)) as Account;
    const checks = createReceiptChecksRepository(db());
    const unchecked = async () =>
      (
        await selectRows<{ id: number }>(
          db(),
          sql`INSERT INTO receipts (consumer_user_id, vendor_id, offer_id, status, created_at)
            VALUES (${shopper.userId}, ${shop.vendorId}, ${offerId}, 'PENDING', now() - interval '1 year') RETURNING id`,
        )
      )[0]?.id ?? 0;
    const reading = await unchecked();
    expect(await checks.claimNext()).toBe(reading);
    const waiting = await unchecked();

    expect((await deleteMe(shopper, shopper.password)).statusCode).toBe(204);
    // The verifier finishes reading the first receipt only now.
    await checks.saveResult(reading, {
      status: 'VERIFIED', reason: null, extractedTotal: 9.5, extractedDate: null, extractedMerchant: null, ocrText: 'MARIA BORG card 1234',
    });
    const rows = await selectRows<{ id: number; ocr: string | null; status: string; checked: boolean; claimed: boolean }>(
      db(),
      sql`SELECT id, ocr_text AS ocr, status, checked_at IS NOT NULL AS checked, processing_started_at IS NOT NULL AS claimed
        FROM receipts WHERE id IN (${reading}, ${waiting}) ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: reading, ocr: null, status: 'PENDING', checked: true, claimed: false },
      { id: waiting, ocr: null, status: 'PENDING', checked: true, claimed: false },
    ]);
    expect(await checks.claimNext()).not.toBe(waiting);
  });

  it('the owner’s receipts, the admin’s disputes, reports, action log and businesses flag a deleted account as a former shopper', async () => {
    const shop = (await buildShop(app)) as Shop & Account;
    const offerId = await createOffer(app, shop);
    const shopper = (await signUp(app, { name: 'Maria Borg' })) as Account;
    await buildHistory(shop, offerId, shopper);
    // The shop rejected the receipt the check verified: an open dispute.
    await db().execute(sql`UPDATE receipts SET status = 'REJECTED', reason = 'Not from our till', decided_at = now(), decided_by_user_id = ${shop.userId}
      WHERE consumer_user_id = ${shopper.userId}`);
    const formerAdmin = (await signUp(app)) as Account;
    await db().execute(sql`INSERT INTO admin_actions (admin_user_id, action, item_kind, item_id, reason) VALUES (${formerAdmin.userId}, 'KEEP_ITEM', 'OFFER', ${offerId}, NULL)`);
    const leaving = (await buildShop(app)) as Shop & Account;
    expect((await app.inject({ method: 'POST', url: '/api/v1/vendors/me/close', cookies: leaving.cookies, payload: { password: leaving.password } })).statusCode).toBe(200);
    const admin = (await signUp(app)) as Account;
    expect(await runAdminCli(['grant', admin.username], testConfig(), { log: () => undefined, error: () => undefined }, testDb.database)).toBe(0);

    const read = async <S extends z.ZodType>(account: Account, url: string, schema: S) => {
      const response = await app.inject({ method: 'GET', url, cookies: account.cookies });
      expect(response.statusCode, url).toBe(200);
      return bodyOf(response, schema);
    };
    const flags = async () => {
      const receipts = (await read(shop, '/api/v1/vendors/me/receipts', vendorReceiptsResponseSchema)).data;
      const disputes = (await read(admin, '/api/v1/admin/receipt-disputes', receiptDisputesResponseSchema)).data;
      const reports = (await read(admin, '/api/v1/admin/reports', reportedItemsResponseSchema)).data;
      const actions = (await read(admin, '/api/v1/admin/actions', adminActionsResponseSchema)).data;
      return {
        receipt: receipts.map((receipt) => ({ name: receipt.shopperName, former: receipt.formerShopper })),
        dispute: disputes.filter((dispute) => dispute.vendorId === shop.vendorId).map((dispute) => dispute.shopper.formerShopper),
        report: reports.filter((item) => item.itemId === offerId).flatMap((item) => item.reports.map((report) => report.reporter.formerShopper)),
        action: actions.filter((entry) => entry.action === 'KEEP_ITEM' && entry.itemId === offerId).map((entry) => entry.admin?.formerShopper),
        owner: (await createAdminVendorsRepository(db()).find(leaving.vendorId))?.owner.formerShopper,
      };
    };
    expect(await flags()).toEqual({ receipt: [{ name: 'Maria Borg', former: false }], dispute: [false], report: [false], action: [false], owner: false });

    for (const account of [shopper, formerAdmin, leaving]) expect((await deleteMe(account, account.password)).statusCode).toBe(204);
    expect(await flags()).toEqual({ receipt: [{ name: '', former: true }], dispute: [true], report: [true], action: [true], owner: true });
  });

  it('a failure inside the deletion leaves everything as it was, files included', async () => {
    const shop = await buildShop(app);
    const offerId = await createOffer(app, shop);
    const shopper = (await signUp(app)) as Account;
    const receiptKey = await buildHistory(shop, offerId, shopper);
    const before = await footprint(shopper.userId);
    const pseudonyms = sql`SELECT count(*)::integer AS n FROM users WHERE deleted_at IS NOT NULL`;
    const pseudonymsBefore = await count(pseudonyms);
    // A row the command cannot hand over: a trigger refuses the reviews update.
    await db().execute(sql`CREATE FUNCTION pdel_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END; $$`);
    await db().execute(sql`CREATE TRIGGER pdel_refuse BEFORE UPDATE ON reviews FOR EACH ROW EXECUTE FUNCTION pdel_refuse()`);
    try {
      expect((await deleteMe(shopper, shopper.password)).statusCode).toBe(500);
    } finally {
      await db().execute(sql`DROP TRIGGER pdel_refuse ON reviews`);
      await db().execute(sql`DROP FUNCTION pdel_refuse()`);
    }
    expect(await footprint(shopper.userId)).toEqual(before);
    expect(await app.storage.exists(receiptKey)).toBe(true);
    expect(await count(pseudonyms)).toBe(pseudonymsBefore);
    expect((await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: shopper.cookies })).statusCode).toBe(200);
  });
});
