/**
 * Shop entry recognition (DESIGN.md §3 shop_visits): finds the nearest shop the shopper showed interest in
 * (viewed or saved one of its offers in the last days, or keeps one saved) within a few metres, and keeps
 * one visit per shop and window so the shopper is never asked twice. The location itself is never stored.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { isMemberSql } from '../../../db/membership-sql.ts';
import {
  SHOP_ENTRY_INTEREST_DAYS,
  SHOP_ENTRY_RADIUS_M,
  SHOP_VISIT_WINDOW_HOURS,
  haversineKm,
  type ShopVisit,
  type VisitAnswer,
} from '@qrib/shared';
import { selectRows, type Db } from '../../../db/client.ts';
import { SHOP_SEEN_BY_SHOPPERS } from '../../../db/shopper-visibility.ts';
import { shopVisits, users, vendors } from '../../../db/schema.ts';
import { publicUrl } from '../../../storage/public-url.ts';

export type ShopVisitRow = typeof shopVisits.$inferSelect;

/**
 * earth_box works on earthdistance's sphere (6378.168 km), a little larger than the spec's 6371 km one; the
 * box is widened by that ratio (plus a margin) so it holds every shop the haversine check then keeps.
 */
const BOX_RADIUS_M = SHOP_ENTRY_RADIUS_M * (6378168 / 6371000) * 1.01;

interface CandidateRow {
  id: number;
  location_latitude: number;
  location_longitude: number;
  recent_visit_id: number | null;
  recent_answer: VisitAnswer | null;
}

export type DetectionResult =
  | { outcome: 'created'; visit: ShopVisit }
  | { outcome: 'pending'; visit: ShopVisit }
  | { outcome: 'none' };

const round = (km: number) => Math.round(km * 1000) / 1000;

export function createVisitsRepository(db: Db) {
  /** The offer of the shop the shopper viewed or saved most recently before the visit (or keeps saved). */
  async function findInterestOffer(userId: number, vendorId: number, before: Date) {
    const [row] = await selectRows<{ offer_id: number; title: string }>(db, sql`
      SELECT o.offer_id, o.title
      FROM (
        SELECT e.offer_id, e.created_at AS at
        FROM offer_events e
        WHERE e.user_id = ${userId} AND e.vendor_id = ${vendorId} AND e.kind IN ('VIEW', 'SAVE')
          AND e.created_at >= ${before.toISOString()}::timestamptz - make_interval(days => ${SHOP_ENTRY_INTEREST_DAYS})
          AND e.created_at <= ${before.toISOString()}::timestamptz
        UNION ALL
        SELECT f.offer_id, f.created_at AS at
        FROM favorites f
        WHERE f.user_id = ${userId}
      ) AS interest
      JOIN offers o ON o.offer_id = interest.offer_id AND o.vendor_id = ${vendorId}
      ORDER BY interest.at DESC, o.offer_id DESC
      LIMIT 1
    `);
    return row ? { offerId: Number(row.offer_id), title: row.title } : null;
  }

  async function present(visitId: number, distanceKm: number | null): Promise<ShopVisit | undefined> {
    const [row] = await db
      .select({ visit: shopVisits, vendor: vendors })
      .from(shopVisits)
      .innerJoin(vendors, eq(vendors.id, shopVisits.vendorId))
      .where(eq(shopVisits.id, visitId));
    if (!row) return undefined;
    const { visit, vendor } = row;
    return {
      visitId: visit.id,
      vendorId: vendor.id,
      businessName: vendor.businessName,
      businessAddress: vendor.businessAddress,
      logoUrl: vendor.logoKey ? publicUrl(vendor.logoKey) : null,
      distance: distanceKm === null ? null : round(distanceKm),
      detectedAt: visit.detectedAt.toISOString(),
      offer: await findInterestOffer(visit.userId, vendor.id, visit.detectedAt),
      answer: visit.answer,
      answeredAt: visit.answeredAt?.toISOString() ?? null,
    };
  }

  return {
    /**
     * The visit to ask about where the shopper stands: the nearest ACTIVE shop (not their own) within the
     * radius that they showed interest in and have not answered about in this window. An unanswered visit of
     * the window is answered again rather than a new one made.
     */
    async detect(userId: number, latitude: number, longitude: number): Promise<DetectionResult> {
      const found = await db.transaction(async (tx) => {
        // One detection at a time per shopper, so two requests at once cannot both create the visit.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const candidates = await selectRows<CandidateRow>(tx, sql`
          SELECT v.id, v.location_latitude, v.location_longitude, recent.id AS recent_visit_id, recent.answer AS recent_answer
          FROM vendors v
          LEFT JOIN LATERAL (
            SELECT sv.id, sv.answer
            FROM shop_visits sv
            WHERE sv.user_id = ${userId} AND sv.vendor_id = v.id
              AND sv.detected_at > now() - make_interval(hours => ${SHOP_VISIT_WINDOW_HOURS})
            ORDER BY sv.detected_at DESC, sv.id DESC
            LIMIT 1
          ) AS recent ON true
          WHERE earth_box(ll_to_earth(${latitude}, ${longitude}), ${BOX_RADIUS_M}) @> ll_to_earth(v.location_latitude, v.location_longitude)
            AND ${SHOP_SEEN_BY_SHOPPERS}
            AND NOT ${isMemberSql(sql`v.id`, userId)}
            AND (
              EXISTS (
                SELECT 1 FROM offer_events e
                WHERE e.vendor_id = v.id AND e.user_id = ${userId} AND e.kind IN ('VIEW', 'SAVE')
                  AND e.created_at >= now() - make_interval(days => ${SHOP_ENTRY_INTEREST_DAYS})
              )
              OR EXISTS (
                SELECT 1 FROM favorites f JOIN offers o ON o.offer_id = f.offer_id
                WHERE f.user_id = ${userId} AND o.vendor_id = v.id
              )
            )
        `);
        const nearest = candidates
          .map((row) => ({
            ...row,
            id: Number(row.id),
            distanceKm: haversineKm(latitude, longitude, Number(row.location_latitude), Number(row.location_longitude)),
          }))
          .filter((row) => row.distanceKm * 1000 <= SHOP_ENTRY_RADIUS_M && row.recent_answer === null)
          .sort((a, b) => a.distanceKm - b.distanceKm || a.id - b.id)[0];
        if (!nearest) return undefined;
        if (nearest.recent_visit_id !== null) {
          return { outcome: 'pending' as const, visitId: Number(nearest.recent_visit_id), distanceKm: nearest.distanceKm };
        }
        const [created] = await tx.insert(shopVisits).values({ userId, vendorId: nearest.id }).returning({ id: shopVisits.id });
        if (!created) throw new Error('insert returned no visit');
        return { outcome: 'created' as const, visitId: created.id, distanceKm: nearest.distanceKm };
      });
      if (!found) return { outcome: 'none' };
      const visit = await present(found.visitId, found.distanceKm);
      if (!visit) return { outcome: 'none' };
      return { outcome: found.outcome, visit };
    },

    async findRow(visitId: number): Promise<ShopVisitRow | undefined> {
      const [row] = await db.select().from(shopVisits).where(eq(shopVisits.id, visitId));
      return row;
    },

    /** Records the answer unless one is already there; false when it was (the first answer stands). */
    async answer(visitId: number, answer: VisitAnswer): Promise<boolean> {
      const updated = await db
        .update(shopVisits)
        .set({ answer, answeredAt: sql`now()` })
        .where(and(eq(shopVisits.id, visitId), isNull(shopVisits.answer)))
        .returning({ id: shopVisits.id });
      return updated.length > 0;
    },

    present: (visitId: number) => present(visitId, null),
  };
}

export type VisitsRepository = ReturnType<typeof createVisitsRepository>;
