/**
 * Issue 29 §2 (ADR 026): a shop's stamp card settings. One running card a business; PUT starts it (201) or changes its
 * terms (200); DELETE ends it and keeps its row; every bad input is refused with its message and changes nothing;
 * the owner and a manager may, a cashier and other shops may not (the whole map: staff-permissions.test.ts).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, formatMessage } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { selectRows } from '../../src/db/client.ts';
import { buildShop } from '../factories.ts';
import { signUp, useTestApp } from '../helpers.ts';

let app: App;
useTestApp({}, (made) => ({ app } = made));

const URL = '/api/v1/vendors/me/stamp-card';
const put = (cookies: Record<string, string>, payload: unknown) => app.inject({ method: 'PUT', url: URL, payload: payload as object, cookies });
const read = (cookies: Record<string, string>) => app.inject({ method: 'GET', url: URL, cookies });
const end = (cookies: Record<string, string>) => app.inject({ method: 'DELETE', url: URL, cookies });

interface CardRow {
  stamps_required: number;
  reward_text: string;
  expires_after_days: number | null;
  running: boolean;
}

function rowsOf(vendorId: number) {
  return selectRows<CardRow>(
    app.db,
    sql`SELECT stamps_required, reward_text, expires_after_days, ended_at IS NULL AS running FROM stamp_cards WHERE vendor_id = ${vendorId} ORDER BY id`,
  );
}

describe('a shop’s stamp card (issue 29 §2)', () => {
  it('starts with 201, changes the running card’s terms with 200, reads it, and ends it with its row kept', async () => {
    const shop = await buildShop(app);
    expect((await read(shop.cookies)).json()).toEqual({ data: null });

    const started = await put(shop.cookies, { stampsRequired: 10, rewardText: '  A free coffee ', expiresAfterDays: 30 });
    expect(started.statusCode).toBe(201);
    const card = started.json().data;
    expect(card).toMatchObject({ stampsRequired: 10, rewardText: 'A free coffee', expiresAfterDays: 30 });
    expect(Date.parse(card.startedAt)).not.toBeNaN();

    const changed = await put(shop.cookies, { stampsRequired: 8, rewardText: 'A free pastizz' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ id: card.id, stampsRequired: 8, rewardText: 'A free pastizz', expiresAfterDays: null, startedAt: card.startedAt });
    expect((await read(shop.cookies)).json().data).toEqual(changed.json().data);

    const ended = await end(shop.cookies);
    expect(ended.statusCode).toBe(204);
    expect((await read(shop.cookies)).json()).toEqual({ data: null });
    expect(await rowsOf(shop.vendorId)).toEqual([{ stamps_required: 8, reward_text: 'A free pastizz', expires_after_days: null, running: false }]);

    // A new card after the end is a new row; the ended one stays as it was.
    expect((await put(shop.cookies, { stampsRequired: 3, rewardText: 'A cake' })).statusCode).toBe(201);
    expect((await rowsOf(shop.vendorId)).map((row) => row.running)).toEqual([false, true]);
  });

  it('ends nothing when the shop runs no card: 404 stampCardNotFound', async () => {
    const shop = await buildShop(app);
    const response = await end(shop.cookies);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(MESSAGES.stampCardNotFound);
  });

  it('refuses every bad input with what to fix, and keeps the card as it was', async () => {
    const shop = await buildShop(app);
    expect((await put(shop.cookies, { stampsRequired: 5, rewardText: 'A free coffee' })).statusCode).toBe(201);
    const stamps = formatMessage(MESSAGES.stampsRequiredInvalid, { min: 3, max: 20 });
    const days = formatMessage(MESSAGES.stampRewardDaysInvalid, { min: 1, max: 365 });
    const cases: [unknown, string, string][] = [
      [{ stampsRequired: 0, rewardText: 'x' }, 'stampsRequired', stamps],
      [{ stampsRequired: 21, rewardText: 'x' }, 'stampsRequired', stamps],
      [{ stampsRequired: 2, rewardText: 'x' }, 'stampsRequired', stamps],
      [{ stampsRequired: 4.5, rewardText: 'x' }, 'stampsRequired', stamps],
      [{ stampsRequired: '10', rewardText: 'x' }, 'stampsRequired', stamps],
      [{ rewardText: 'x' }, 'stampsRequired', stamps],
      [{ stampsRequired: 10 }, 'rewardText', MESSAGES.stampRewardRequired],
      [{ stampsRequired: 10, rewardText: '   ' }, 'rewardText', MESSAGES.stampRewardRequired],
      [{ stampsRequired: 10, rewardText: 'x'.repeat(81) }, 'rewardText', formatMessage(MESSAGES.stampRewardTooLong, { max: 80 })],
      [{ stampsRequired: 10, rewardText: 'x', expiresAfterDays: 0 }, 'expiresAfterDays', days],
      [{ stampsRequired: 10, rewardText: 'x', expiresAfterDays: 366 }, 'expiresAfterDays', days],
      [{ stampsRequired: 10, rewardText: 'x', expiresAfterDays: 'soon' }, 'expiresAfterDays', days],
    ];
    for (const [payload, field, message] of cases) {
      const response = await put(shop.cookies, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fieldErrors?.[field], JSON.stringify(payload)).toBe(message);
    }
    // Not one of them wrote anything.
    expect(await rowsOf(shop.vendorId)).toEqual([{ stamps_required: 5, reward_text: 'A free coffee', expires_after_days: null, running: true }]);
    // The till says the reward and shoppers read it: one line, no bidi override or invisible characters (ADR 017).
    for (const rewardText of ['A free\ncoffee', 'A free \u202Eeeffoc', 'A free\u200Bcoffee']) {
      const response = await put(shop.cookies, { stampsRequired: 5, rewardText });
      expect(response.statusCode, JSON.stringify(rewardText)).toBe(400);
      expect(response.json().fieldErrors?.rewardText, JSON.stringify(rewardText)).toBeTruthy();
    }
    expect(await rowsOf(shop.vendorId)).toEqual([{ stamps_required: 5, reward_text: 'A free coffee', expires_after_days: null, running: true }]);
    // Exactly 80 characters and the edges of the ranges are fine.
    expect((await put(shop.cookies, { stampsRequired: 20, rewardText: 'x'.repeat(80), expiresAfterDays: 365 })).statusCode).toBe(200);
    expect((await put(shop.cookies, { stampsRequired: 3, rewardText: 'A free coffee', expiresAfterDays: 1 })).statusCode).toBe(200);
    expect(await rowsOf(shop.vendorId)).toEqual([{ stamps_required: 3, reward_text: 'A free coffee', expires_after_days: 1, running: true }]);
  });

  it('lets a manager set it, refuses a cashier and a shopper, and touches only the caller’s own shop', async () => {
    const shopA = await buildShop(app);
    const shopB = await buildShop(app);
    const manager = await signUp(app);
    const cashier = await signUp(app);
    await app.db.execute(sql`INSERT INTO vendor_members (vendor_id, user_id, role, added_by_user_id) VALUES
      (${shopA.vendorId}, ${manager.userId}, 'MANAGER', ${shopA.userId}), (${shopA.vendorId}, ${cashier.userId}, 'CASHIER', ${shopA.userId})`);
    expect((await put(manager.cookies, { stampsRequired: 6, rewardText: 'A free coffee' })).statusCode).toBe(201);
    const refused = await put(cashier.cookies, { stampsRequired: 3, rewardText: 'Everything free' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.staffNotAllowed);
    expect((await end(cashier.cookies)).statusCode).toBe(403);
    expect((await put((await signUp(app)).cookies, { stampsRequired: 3, rewardText: 'x' })).statusCode).toBe(403);
    // Shop B's owner works on shop B's card only.
    expect((await end(shopB.cookies)).statusCode).toBe(404);
    expect((await put(shopB.cookies, { stampsRequired: 12, rewardText: 'A tart' })).statusCode).toBe(201);
    expect(await rowsOf(shopA.vendorId)).toEqual([{ stamps_required: 6, reward_text: 'A free coffee', expires_after_days: null, running: true }]);
    expect((await read(shopA.cookies)).json().data.stampsRequired).toBe(6);
  });

  it('refuses a closed business with 409 businessClosed, and closing a business ends its card', async () => {
    const shop = await buildShop(app);
    expect((await put(shop.cookies, { stampsRequired: 5, rewardText: 'A free coffee' })).statusCode).toBe(201);
    const closed = await app.inject({ method: 'POST', url: '/api/v1/vendors/me/close', payload: { password: shop.password }, cookies: shop.cookies });
    expect(closed.statusCode).toBe(200);
    expect((await rowsOf(shop.vendorId)).map((row) => row.running)).toEqual([false]);
    const refused = await put(shop.cookies, { stampsRequired: 6, rewardText: 'A free tea' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.businessClosed);
    expect((await rowsOf(shop.vendorId)).map((row) => row.running)).toEqual([false]);
  });

  it('leaves one running card when two requests start it at once', async () => {
    const shop = await buildShop(app);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => put(shop.cookies, { stampsRequired: 3 + index, rewardText: `Reward ${index}` })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const rows = await rowsOf(shop.vendorId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.running).toBe(true);
  });

  it('keeps the ranges in the database too', async () => {
    const shop = await buildShop(app);
    await expect(app.db.execute(sql`INSERT INTO stamp_cards (vendor_id, stamps_required, reward_text) VALUES (${shop.vendorId}, 21, 'x')`)).rejects.toThrow();
    await expect(app.db.execute(sql`INSERT INTO stamp_cards (vendor_id, stamps_required, reward_text) VALUES (${shop.vendorId}, 5, '')`)).rejects.toThrow();
    await app.db.execute(sql`INSERT INTO stamp_cards (vendor_id, stamps_required, reward_text) VALUES (${shop.vendorId}, 5, 'x')`);
    await expect(app.db.execute(sql`INSERT INTO stamp_cards (vendor_id, stamps_required, reward_text) VALUES (${shop.vendorId}, 6, 'y')`)).rejects.toThrow();
  });
});
