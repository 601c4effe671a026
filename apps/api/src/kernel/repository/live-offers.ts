/** SQL for the live offer feed (plugins/offer-feed.ts). */
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';
import { SHOP_SEEN_BY_SHOPPERS } from '../../db/shopper-visibility.ts';

/** Whether shoppers see the offer now: it is ACTIVE and so is its business (issue 14). */
export async function isOfferSeenByShoppers(db: Db, offerId: number): Promise<boolean> {
  const rows = await selectRows<{ visible: boolean }>(
    db,
    sql`SELECT true AS visible FROM offers o JOIN vendors v ON v.id = o.vendor_id
        WHERE o.offer_id = ${offerId} AND o.status = 'ACTIVE' AND ${SHOP_SEEN_BY_SHOPPERS}`,
  );
  return rows.length > 0;
}
