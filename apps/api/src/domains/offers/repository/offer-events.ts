/**
 * Recording what shoppers do with offers, in one statement per batch. Only offers a shopper could see count
 * (ACTIVE, not ended, of an ACTIVE shop, and not the person's own shop); the rest are skipped without a word,
 * so the caller cannot tell a hidden offer from one that does not exist. A view or an impression counts once
 * per person, offer and hour (the unique index `offer_events_once_an_hour_key`).
 */
import { sql } from 'drizzle-orm';
import { isMemberSql } from '../../../db/membership-sql.ts';
import { maltaToday, type OfferEventKind } from '@qrib/shared';
import type { Db } from '../../../db/client.ts';
import { SHOP_SEEN_BY_SHOPPERS } from '../../../db/shopper-visibility.ts';

export function createOfferEventsRepository(db: Db) {
  return {
    async record(userId: number | null, events: { offerId: number; kind: OfferEventKind }[]): Promise<void> {
      if (events.length === 0) return;
      const values = sql.join(
        events.map((event) => sql`(${event.offerId}::integer, ${event.kind}::text)`),
        sql`, `,
      );
      await db.execute(sql`
        INSERT INTO offer_events (offer_id, vendor_id, user_id, kind)
        SELECT DISTINCT o.offer_id, o.vendor_id, ${userId}::integer, e.kind
        FROM (VALUES ${values}) AS e(offer_id, kind)
        JOIN offers o ON o.offer_id = e.offer_id AND o.status = 'ACTIVE' AND o.end_date >= ${maltaToday()}
        JOIN vendors v ON v.id = o.vendor_id AND ${SHOP_SEEN_BY_SHOPPERS} AND NOT ${isMemberSql(sql`v.id`, sql`${userId}::integer`)}
        ON CONFLICT DO NOTHING
      `);
    },
  };
}

export type OfferEventsRepository = ReturnType<typeof createOfferEventsRepository>;
