/**
 * vendors.current_offer_until (migration 0012): the latest end date of a business's ACTIVE offers, kept by
 * statement triggers on offers whatever writes them (plain SQL here, no route), backfilled by the migration over
 * rows stored before it, and right when two writers change one business's offers at once (PostgreSQL only: the
 * embedded database has one connection).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, type Db } from '../src/db/client.ts';
import { offers, vendors } from '../src/db/schema.ts';
import { refreshCurrentOfferUntilQuery } from '../src/domains/nearby/repository/queries.ts';
import { insertShop, maltaDay } from './factories.ts';
import { createTestDatabase, type TestDatabase } from './helpers.ts';
import { withDatabaseMigratedBefore } from './migrations/migrated-before.ts';

let testDb: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
});
afterAll(async () => {
  await testDb.drop();
});

function offerRow(vendorId: number, endDate: string, status: 'ACTIVE' | 'PAUSED' = 'ACTIVE') {
  return {
    vendorId,
    categoryId: 1,
    title: `Offer to ${endDate}`,
    description: 'Plain SQL',
    discountType: 'PERCENTAGE' as const,
    discountValue: '10',
    startDate: maltaDay(-3),
    endDate,
    status,
    locationLatitude: 35.9,
    locationLongitude: 14.5,
  };
}

async function untilOf(vendorId: number): Promise<string | null> {
  const [row] = await db.select({ until: vendors.currentOfferUntil }).from(vendors).where(eq(vendors.id, vendorId));
  if (!row) throw new Error(`no business ${vendorId}`);
  return row.until;
}

describe('current_offer_until', () => {
  it('follows inserts, pauses, resumes, end-date changes and deletes, several rows and businesses per statement', async () => {
    const { vendorId: first } = await insertShop(db);
    const { vendorId: second } = await insertShop(db);
    expect(await untilOf(first)).toBeNull();

    const inserted = await db
      .insert(offers)
      .values([offerRow(first, maltaDay(10)), offerRow(first, maltaDay(20)), offerRow(first, maltaDay(40), 'PAUSED'), offerRow(second, maltaDay(5))])
      .returning({ offerId: offers.offerId, endDate: offers.endDate });
    const [soon, later, paused, other] = inserted.map((row) => row.offerId);
    if (!soon || !later || !paused || !other) throw new Error('offers not inserted');
    expect(await untilOf(first)).toBe(maltaDay(20));
    expect(await untilOf(second)).toBe(maltaDay(5));

    await db.update(offers).set({ status: 'PAUSED' }).where(eq(offers.offerId, later));
    expect(await untilOf(first)).toBe(maltaDay(10));
    await db.update(offers).set({ status: 'ACTIVE' }).where(eq(offers.offerId, paused));
    expect(await untilOf(first)).toBe(maltaDay(40));
    await db.update(offers).set({ endDate: maltaDay(2) }).where(inArray(offers.offerId, [soon, paused]));
    expect(await untilOf(first)).toBe(maltaDay(2));
    // An offer moved to another business changes both.
    await db.update(offers).set({ vendorId: second }).where(eq(offers.offerId, soon));
    expect(await untilOf(first)).toBe(maltaDay(2));
    expect(await untilOf(second)).toBe(maltaDay(5));
    await db.delete(offers).where(inArray(offers.offerId, [paused, other]));
    expect(await untilOf(first)).toBeNull();
    expect(await untilOf(second)).toBe(maltaDay(2));
    // The nearby home reads exactly this: the business with only a paused offer left is not current.
    const current = await selectRows<{ id: number }>(
      db,
      sql`SELECT id FROM vendors WHERE id IN (${first}, ${second}) AND current_offer_until >= ${maltaDay(0)} ORDER BY id`,
    );
    expect(current.map((row) => Number(row.id))).toEqual([second]);
  });

  it('is set again for every business by the bulk loaders’ refresh after a load with triggers off', async () => {
    const { vendorId } = await insertShop(db);
    await db.execute(sql`ALTER TABLE offers DISABLE TRIGGER USER`);
    try {
      await db.insert(offers).values([offerRow(vendorId, maltaDay(9)), offerRow(vendorId, maltaDay(30), 'PAUSED')]);
    } finally {
      await db.execute(sql`ALTER TABLE offers ENABLE TRIGGER USER`);
    }
    expect(await untilOf(vendorId)).toBeNull();
    await db.execute(refreshCurrentOfferUntilQuery());
    expect(await untilOf(vendorId)).toBe(maltaDay(9));
  });

  it('is filled by the migration for businesses stored before it', async () => {
    await withDatabaseMigratedBefore('0012_current_offer_until', async (client, migrateRest) => {
      await client.query(`INSERT INTO users (id, name, email, phone, username, password_hash) VALUES (1, 'A', 'a@example.com', '+356 7900 0001', 'a', 'x'), (2, 'B', 'b@example.com', '+356 7900 0002', 'b', 'x')`);
      await client.query(
        `INSERT INTO vendors (id, owner_user_id, business_name, business_type, business_address, location_latitude, location_longitude,
           primary_contact_name, contact_email, contact_phone)
         VALUES (1, 1, 'Kafe', 'OTHER', 'Triq 1', 35.9, 14.5, 'A', 'a@example.com', '+356 2100 0000'),
                (2, 2, 'Forn', 'OTHER', 'Triq 2', 35.9, 14.5, 'B', 'b@example.com', '+356 2100 0000')`,
      );
      await client.query(`INSERT INTO categories (category_id, name, description) VALUES (1, 'Food', 'Food')`);
      await client.query(
        `INSERT INTO offers (vendor_id, category_id, title, description, discount_type, discount_value, start_date, end_date, status, location_latitude, location_longitude)
         VALUES (1, 1, 'x', 'x', 'PERCENTAGE', 10, '2026-01-01', '2026-12-01', 'ACTIVE', 35.9, 14.5),
                (1, 1, 'y', 'y', 'PERCENTAGE', 10, '2026-01-01', '2027-03-01', 'ACTIVE', 35.9, 14.5),
                (1, 1, 'z', 'z', 'PERCENTAGE', 10, '2026-01-01', '2028-01-01', 'PAUSED', 35.9, 14.5),
                (2, 1, 'w', 'w', 'PERCENTAGE', 10, '2026-01-01', '2028-01-01', 'PAUSED', 35.9, 14.5)`,
      );
      await migrateRest();
      const { rows } = await client.query<{ id: number; until: string | null }>(`SELECT id, current_offer_until::text AS until FROM vendors ORDER BY id`);
      expect(rows).toEqual([
        { id: 1, until: '2027-03-01' },
        { id: 2, until: null },
      ]);
    });
  });
});

/** A promise and the function that settles it. */
function latch() {
  let open = (): undefined => undefined;
  const opened = new Promise<undefined>((resolve) => {
    open = () => {
      resolve(undefined);
    };
  });
  return { opened, open: () => open() };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('current_offer_until with two writers at once (PostgreSQL)', () => {
  it('sees an offer published by a writer it waited for', async () => {
    const { vendorId } = await insertShop(db);
    const [existing] = await db.insert(offers).values(offerRow(vendorId, maltaDay(5))).returning({ offerId: offers.offerId });
    if (!existing) throw new Error('offer not inserted');
    const publisher = await testDb.openReplica();
    const pauser = await testDb.openReplica();
    try {
      const { opened: released, open: commit } = latch();
      const { opened: insertedNotCommitted, open: published } = latch();
      // One writer publishes a new offer and holds its transaction open; meanwhile another pauses the business's
      // only other offer. The pause must wait, then count the new offer once it is committed.
      const publishing = publisher.database.db.transaction(async (tx) => {
        await tx.insert(offers).values(offerRow(vendorId, maltaDay(15)));
        published();
        await released;
      });
      await insertedNotCommitted;
      const pausing = (async () => {
        await pauser.database.db.update(offers).set({ status: 'PAUSED' }).where(eq(offers.offerId, existing.offerId));
      })();
      await expect
        .poll(async () => {
          const [row] = await selectRows<{ waiting: number }>(
            db,
            sql`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          return Number(row?.waiting ?? 0);
        })
        .toBe(1);
      commit();
      await publishing;
      await pausing;
      expect(await untilOf(vendorId)).toBe(maltaDay(15));
    } finally {
      await publisher.close();
      await pauser.close();
    }
  });
});
