/**
 * Closing a business while its till redeems (issue 25, finding 2): a CLOSED business answers businessClosed at the
 * till, and closing and redeeming at once answer 200 or 409, never a deadlock's 500 (PostgreSQL only: the embedded
 * database has one connection, so its transactions never overlap).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, claimResponseSchema } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { selectRows } from '../../src/db/client.ts';
import { offers, users, vendors } from '../../src/db/schema.ts';
import { drawClaimCode } from '../../src/domains/claims/claim-codes.ts';
import { buildShop, createOffer, maltaDay } from '../factories.ts';
import { bodyOf, signUp, useTestApp, type TestDatabase } from '../helpers.ts';

let app: App;
let testDb: TestDatabase;

useTestApp({}, (made) => ({ app, testDb } = made));

type Owner = { cookies: Record<string, string>; password: string };
const db = () => testDb.database.db;
const redeem = (owner: Owner, code: string) => app.inject({ method: 'POST', url: '/api/v1/vendors/me/redemptions', cookies: owner.cookies, payload: { code } });
const close = (owner: Owner) => app.inject({ method: 'POST', url: '/api/v1/vendors/me/close', cookies: owner.cookies, payload: { password: owner.password } });

/** `count` shoppers written straight into the database, each with a claim on the offer; answers their codes. */
async function claimsFor(offerId: number, vendorId: number, count: number): Promise<string[]> {
  const stamp = `${process.pid}-${offerId}`;
  const rows = await db()
    .insert(users)
    .values(Array.from({ length: count }, (_, index) => ({ name: `Shopper ${index}`, email: `t-${stamp}-${index}@example.com`, phone: '+356 7900 0000', username: `t-${stamp}-${index}`, passwordHash: 'x' })))
    .returning({ id: users.id });
  const codes = new Set<string>();
  while (codes.size < count) codes.add(drawClaimCode());
  const list = [...codes];
  for (const [index, row] of rows.entries()) {
    await db().execute(sql`INSERT INTO offer_claims (offer_id, vendor_id, user_id, code) VALUES (${offerId}, ${vendorId}, ${row.id}, ${list[index]})`);
  }
  return list;
}

describe('the till of a closed business', () => {
  it('answers 409 businessClosed, with its own message, and redeems nothing', async () => {
    const shop = await buildShop(app);
    const shopper = await signUp(app);
    const offerId = await createOffer(app, shop);
    const claimed = await app.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/claims`, cookies: shopper.cookies });
    const { code } = bodyOf(claimed, claimResponseSchema).data;
    expect((await close(shop)).statusCode).toBe(200);

    const answer = await redeem(shop, code);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'businessClosed', message: MESSAGES.businessClosed });
    const [state] = await selectRows<{ redeemed_count: number; status: string }>(
      db(),
      sql`SELECT o.redeemed_count, c.status FROM offers o JOIN offer_claims c ON c.offer_id = o.offer_id WHERE o.offer_id = ${offerId}`,
    );
    expect(state).toEqual({ redeemed_count: 0, status: 'ACTIVE' });
  });
});

const ROUNDS = 50;
const REDEMPTIONS_PER_ROUND = 12;

describe.skipIf(!process.env.TEST_DATABASE_URL)('closing while the till redeems (PostgreSQL)', () => {
  it(`answers 200 or 409 only, ${ROUNDS} rounds: the locks are taken in one order`, { timeout: 240_000 }, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      // The owner signs up through the real endpoint (a session and a password); the shop and its offer are written
      // straight into the database, so each round is quick.
      const owner = await signUp(app);
      const [vendor] = await db()
        .insert(vendors)
        .values({
          ownerUserId: owner.userId,
          businessName: `Racing shop ${round}`,
          businessType: 'OTHER',
          businessAddress: 'Triq il-Merkanti, Valletta',
          locationLatitude: 35.8989,
          locationLongitude: 14.5146,
          primaryContactName: 'Owner',
          contactEmail: owner.email,
          contactPhone: owner.phone,
          status: 'ACTIVE',
        })
        .returning({ id: vendors.id });
      if (!vendor) throw new Error('vendor not inserted');
      const [offer] = await db()
        .insert(offers)
        .values({
          vendorId: vendor.id,
          categoryId: 1,
          title: 'Ftira',
          description: 'Raced',
          discountType: 'PERCENTAGE',
          discountValue: '10',
          startDate: maltaDay(-3),
          endDate: maltaDay(30),
          locationLatitude: 35.8989,
          locationLongitude: 14.5146,
        })
        .returning({ offerId: offers.offerId });
      if (!offer) throw new Error('offer not inserted');
      const codes = await claimsFor(offer.offerId, vendor.id, REDEMPTIONS_PER_ROUND);

      // Redemptions and the closing all at once, the closing sent among them.
      const half = REDEMPTIONS_PER_ROUND / 2;
      const [answers, closed, moreAnswers] = await Promise.all([
        Promise.all(codes.slice(0, half).map((code) => redeem(owner, code))),
        close(owner),
        Promise.all(codes.slice(half).map((code) => redeem(owner, code))),
      ]);
      expect(closed.statusCode, `round ${round}: ${closed.body}`).toBe(200);
      const all = [...answers, ...moreAnswers];
      for (const answer of all) {
        expect([200, 409], `round ${round}: ${answer.body}`).toContain(answer.statusCode);
        if (answer.statusCode === 409) expect(answer.json(), `round ${round}`).toMatchObject({ code: 'businessClosed' });
      }
      const redeemed = all.filter((answer) => answer.statusCode === 200).length;
      const [state] = await selectRows<{ redeemed_count: number; redeemed: number; offer_status: string; vendor_status: string }>(
        db(),
        sql`SELECT o.redeemed_count, o.status AS offer_status, v.status AS vendor_status,
              (SELECT count(*)::integer FROM offer_claims c WHERE c.offer_id = o.offer_id AND c.status = 'REDEEMED') AS redeemed
            FROM offers o JOIN vendors v ON v.id = o.vendor_id WHERE o.offer_id = ${offer.offerId}`,
      );
      expect(state, `round ${round}`).toEqual({ redeemed_count: redeemed, redeemed, offer_status: 'ENDED', vendor_status: 'CLOSED' });
    }
  });
});
