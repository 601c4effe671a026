/** Recording what shoppers do with offers, in one statement per batch; unknown offers are skipped. */
import { sql } from 'drizzle-orm';
import type { OfferEventKind } from '@qrib/shared';
import type { Db } from '../db/client.ts';

export function createOfferEventsRepository(db: Db) {
  return {
    async record(userId: number | null, events: { offerId: number; kind: OfferEventKind }[]): Promise<number> {
      if (events.length === 0) return 0;
      const values = sql.join(
        events.map((event) => sql`(${event.offerId}::integer, ${event.kind}::text)`),
        sql`, `,
      );
      const result = (await db.execute(sql`
        INSERT INTO offer_events (offer_id, vendor_id, user_id, kind)
        SELECT o.offer_id, o.vendor_id, ${userId}::integer, e.kind
        FROM (VALUES ${values}) AS e(offer_id, kind)
        JOIN offers o ON o.offer_id = e.offer_id
      `)) as unknown as { rowCount?: number | null; affectedRows?: number };
      return Number(result.rowCount ?? result.affectedRows ?? 0);
    },
  };
}

export type OfferEventsRepository = ReturnType<typeof createOfferEventsRepository>;
