/**
 * The figures behind a shop's insights (spec §2.4 dashboard, business insights, trust rating), computed in
 * SQL from offer_events, receipts and shop_visits. Days and hours are Malta's (MALTA_TIME_ZONE): a period
 * runs from 00:00 of its first day to 00:00 after its last day, Malta time.
 */
import { sql } from 'drizzle-orm';
import { MALTA_TIME_ZONE, PURCHASE_COUNTS, TRUST_PURCHASES_PER_SHOPPER_DAY, addDays, type InsightRange, type MessageKey } from '@qrib/shared';
import { selectRows, type Db } from '../../../db/client.ts';
import { establishedPurchasesSql, notFlaggedSql, purchasesSql, ratingSql, receiptNotDecidedAlone } from '../../trust/index.ts';

/** The facts a report is built from (counts are numbers; PostgreSQL's bigint counts arrive as text). */
export interface InsightFacts {
  usersNearby: number;
  previousUsersNearby: number;
  impressions: number;
  views: number;
  previousViews: number;
  saves: number;
  conversions: number;
  previousConversions: number;
  avgOrderValue: number | null;
  previousAvgOrderValue: number | null;
  verifiedPurchases: number;
  verifiedReceipts: number;
  rejectedReceipts: number;
  receiptsAwaitingDecision: number;
  /** VERIFIED receipts only the owner confirmed (issue 14): not in the trust level. */
  customerConfirmations: number;
  /** Issue 24: purchases that would count for the level once their shopper's account is established. */
  pendingPurchases: number;
  /** Detected visits the shopper said ended in a purchase. */
  visitConfirmations: number;
  /** The reviews' rating shoppers see (reviews repository's ratingSql). */
  rating: { average: number | null; count: number };
  footTraffic: number;
  newShoppers: number;
  returningShoppers: number;
  missedClients: number;
  activeOffers: number;
  unseenOfferTitles: string[];
  peakHours: { hour: number; events: number }[];
  trend: { date: string; users: number; impressions: number; views: number; conversions: number }[];
  /** Claims and redemptions in the period, per offer (issue 13). */
  redemptionsByOffer: { offerId: number; title: string; claims: number; redemptions: number; claimsRedeemed: number }[];
  /** Issue 29 §2: the shop's stamp card in the period (stampCardFigures). */
  stampCard: { running: boolean; cardsStarted: number; cardsCompleted: number; rewardsRedeemed: number };
}

type Count = string | number;
const toNumber = (value: Count | null | undefined) => Number(value ?? 0);
const toMoney = (value: Count | null | undefined) => (value === null || value === undefined ? null : Math.round(Number(value) * 100) / 100);

/** 00:00 of a Malta calendar date, as an instant. */
const startOfDay = (isoDate: string) => sql`(${isoDate}::date::timestamp AT TIME ZONE ${MALTA_TIME_ZONE})`;
const maltaDay = (column: string) => sql.raw(`to_char((${column} AT TIME ZONE '${MALTA_TIME_ZONE}')::date, 'YYYY-MM-DD')`);

export function createInsightsRepository(db: Db) {
  return {
    /** Everything one report of `vendorId` needs, for `range` and the period before it; `today` is Malta's date. */
    async collect(vendorId: number, range: InsightRange, today: string): Promise<InsightFacts> {
      const previousStart = startOfDay(range.previousFrom);
      // The previous period covers only as many days as have begun of this one (resolveInsightRange).
      const previousEnd = startOfDay(addDays(range.previousTo, 1));
      const start = startOfDay(range.from);
      const end = startOfDay(addDays(range.to, 1));

      const [events] = await selectRows<Record<string, Count>>(db, sql`
        SELECT
          count(DISTINCT user_id) FILTER (WHERE kind = 'IMPRESSION' AND created_at >= ${start}) AS users_nearby,
          count(DISTINCT user_id) FILTER (WHERE kind = 'IMPRESSION' AND created_at < ${previousEnd}) AS previous_users_nearby,
          count(*) FILTER (WHERE kind = 'IMPRESSION' AND created_at >= ${start}) AS impressions,
          count(*) FILTER (WHERE kind = 'VIEW' AND created_at >= ${start}) AS views,
          count(*) FILTER (WHERE kind = 'VIEW' AND created_at < ${previousEnd}) AS previous_views,
          count(*) FILTER (WHERE kind = 'SAVE' AND created_at >= ${start}) AS saves
        FROM offer_events
        WHERE vendor_id = ${vendorId} AND created_at >= ${previousStart} AND created_at < ${end}
      `);

      const [receipts] = await selectRows<Record<string, Count | null>>(db, sql`
        SELECT
          -- A receipt listed as suspicious activity (OPEN or EXCLUDED) counts in no figure (ADR 016).
          avg(extracted_total) FILTER (WHERE status = 'VERIFIED' AND created_at >= ${start} AND created_at < ${end} AND ${notFlaggedSql('RECEIPT', 'r.id')}) AS avg_order_value,
          avg(extracted_total) FILTER (WHERE status = 'VERIFIED' AND created_at >= ${previousStart} AND created_at < ${previousEnd} AND ${notFlaggedSql('RECEIPT', 'r.id')}) AS previous_avg_order_value,
          count(*) FILTER (WHERE status = 'VERIFIED' AND ${notFlaggedSql('RECEIPT', 'r.id')}) AS verified_receipts,
          -- Only a refusal for the price counts against the shop: another shop's receipt, an old one or one sent
          -- twice is the shopper's doing (and anyone could send those to lower a rival's rating).
          count(*) FILTER (WHERE status = 'REJECTED' AND reason_code = ${'receiptPriceAboveOffer' satisfies MessageKey}) AS rejected_receipts,
          count(*) FILTER (WHERE status IN ('PENDING', 'NEEDS_REVIEW') AND decided_at IS NULL) AS awaiting_decision,
          -- Only the owner confirmed it (no automatic VERIFIED, no admin's settlement): shown apart, never in the level.
          -- A receipt for a redeemed code is that code's purchase, counted once, as the redemption.
          count(*) FILTER (
            WHERE status = 'VERIFIED' AND NOT ${receiptNotDecidedAlone('r')}
              AND NOT EXISTS (SELECT 1 FROM offer_claims rc WHERE rc.id = r.claim_id AND rc.status = 'REDEEMED')
          ) AS customer_confirmations
        FROM receipts r
        WHERE vendor_id = ${vendorId}
      `);

      const [purchases] = await selectRows<Record<string, Count>>(db, sql`
        SELECT
          count(*) FILTER (WHERE made_at >= ${start} AND made_at < ${end}) AS conversions,
          count(*) FILTER (WHERE made_at >= ${previousStart} AND made_at < ${previousEnd}) AS previous_conversions
        FROM ${purchasesSql(PURCHASE_COUNTS.conversions, { vendorId, notFlagged: true })} AS p
      `);
      // The purchases the shop did not decide alone, at most TRUST_PURCHASES_PER_SHOPPER_DAY per shopper and Malta day,
      // by shoppers who are not the shop's members and not flagged (issue 24): those of established accounts count,
      // the others are pending (they count once the account is established).
      const trustPurchasesOf = (accounts: 'ESTABLISHED' | 'UNESTABLISHED') => sql`
        SELECT coalesce(sum(least(per_day.purchases, ${TRUST_PURCHASES_PER_SHOPPER_DAY})), 0)
        FROM (
          SELECT p.user_id, (p.made_at AT TIME ZONE ${MALTA_TIME_ZONE})::date AS day, count(*) AS purchases
          FROM ${establishedPurchasesSql(PURCHASE_COUNTS.trustLevel, { vendorId, notFlagged: true, notMembers: true }, accounts)} AS p
          GROUP BY 1, 2
        ) AS per_day`;
      const [trustPurchases] = await selectRows<Record<string, Count | null>>(db, sql`
        SELECT (${trustPurchasesOf('ESTABLISHED')}) AS verified_purchases, (${trustPurchasesOf('UNESTABLISHED')}) AS pending_purchases
      `);
      const [rating] = await selectRows<{ average: Count | null; count: Count }>(db, ratingSql(vendorId));

      const redemptionsByOffer = await selectRows<{ offer_id: number; title: string; claims: Count; redemptions: Count; claims_redeemed: Count }>(db, sql`
        SELECT o.offer_id, o.title,
          count(*) FILTER (WHERE c.created_at >= ${start} AND c.created_at < ${end}) AS claims,
          count(*) FILTER (WHERE c.created_at >= ${start} AND c.created_at < ${end} AND c.status = 'REDEEMED') AS claims_redeemed,
          count(*) FILTER (WHERE c.status = 'REDEEMED' AND c.redeemed_at >= ${start} AND c.redeemed_at < ${end} AND ${notFlaggedSql('REDEMPTION', 'c.id')}) AS redemptions
        FROM offer_claims c JOIN offers o ON o.offer_id = c.offer_id
        WHERE c.vendor_id = ${vendorId}
          AND ((c.created_at >= ${start} AND c.created_at < ${end}) OR (c.redeemed_at >= ${start} AND c.redeemed_at < ${end}))
        GROUP BY o.offer_id, o.title
        ORDER BY redemptions DESC, claims DESC, o.offer_id
      `);

      const [visits] = await selectRows<Record<string, Count>>(db, sql`
        SELECT
          count(*) FILTER (WHERE answer = 'PURCHASED') AS visit_confirmations,
          count(*) FILTER (WHERE detected_at >= ${start} AND detected_at < ${end}) AS foot_traffic
        FROM shop_visits
        WHERE vendor_id = ${vendorId}
      `);

      // Each signed-in shopper active with the shop in the period: shown an offer, opened one, seen before.
      const [shoppers] = await selectRows<Record<string, Count>>(db, sql`
        WITH shoppers AS (
          SELECT user_id, bool_or(kind = 'IMPRESSION') AS shown, bool_or(kind = 'VIEW') AS viewed
          FROM offer_events
          WHERE vendor_id = ${vendorId} AND user_id IS NOT NULL AND created_at >= ${start} AND created_at < ${end}
          GROUP BY user_id
        )
        SELECT
          count(*) FILTER (WHERE shown AND NOT viewed) AS missed_clients,
          count(*) FILTER (WHERE is_returning) AS returning_shoppers,
          count(*) FILTER (WHERE NOT is_returning) AS new_shoppers
        FROM (
          SELECT s.*, EXISTS (
            SELECT 1 FROM offer_events earlier
            WHERE earlier.vendor_id = ${vendorId} AND earlier.user_id = s.user_id AND earlier.created_at < ${start}
          ) AS is_returning
          FROM shoppers s
        ) AS classified
      `);

      // Offers running today (ACTIVE, not past their end date) and whether anyone was shown each in the period.
      const activeOffers = await selectRows<{ title: string; shown: boolean }>(db, sql`
        SELECT o.title, EXISTS (
          SELECT 1 FROM offer_events e
          WHERE e.offer_id = o.offer_id AND e.kind = 'IMPRESSION' AND e.created_at >= ${start} AND e.created_at < ${end}
        ) AS shown
        FROM offers o
        WHERE o.vendor_id = ${vendorId} AND o.status = 'ACTIVE' AND o.end_date >= ${today}
        ORDER BY o.offer_id
      `);

      const peakHours = await selectRows<{ hour: Count; events: Count }>(db, sql`
        SELECT extract(hour FROM created_at AT TIME ZONE ${MALTA_TIME_ZONE})::integer AS hour, count(*) AS events
        FROM offer_events
        WHERE vendor_id = ${vendorId} AND created_at >= ${start} AND created_at < ${end}
        GROUP BY 1
        ORDER BY events DESC, hour
        LIMIT 3
      `);

      const eventDays = await selectRows<{ day: string; users: Count; impressions: Count; views: Count }>(db, sql`
        SELECT ${maltaDay('created_at')} AS day,
          count(DISTINCT user_id) FILTER (WHERE kind = 'IMPRESSION') AS users,
          count(*) FILTER (WHERE kind = 'IMPRESSION') AS impressions,
          count(*) FILTER (WHERE kind = 'VIEW') AS views
        FROM offer_events
        WHERE vendor_id = ${vendorId} AND created_at >= ${start} AND created_at < ${end}
        GROUP BY 1
      `);
      const conversionDays = await selectRows<{ day: string; conversions: Count }>(db, sql`
        SELECT ${maltaDay('made_at')} AS day, count(*) AS conversions
        FROM ${purchasesSql(PURCHASE_COUNTS.conversions, { vendorId, notFlagged: true })} AS p
        WHERE made_at >= ${start} AND made_at < ${end}
        GROUP BY 1
      `);
      // Issue 29 §2. A shopper starts a card with a live stamp that is the first toward a reward: their first on the
      // card, or the first after a reward's worth. A card is completed when it issues a reward (not one withdrawn).
      const [stampCard] = await selectRows<{ running: boolean; cards_started: Count; cards_completed: Count; rewards_redeemed: Count }>(db, sql`
        SELECT
          EXISTS (SELECT 1 FROM stamp_cards WHERE vendor_id = ${vendorId} AND ended_at IS NULL) AS running,
          (SELECT count(*) FROM (
             SELECT s.malta_day, (row_number() OVER (PARTITION BY s.card_id, s.user_id ORDER BY s.malta_day, s.id) - 1) % c.stamps_required AS position
             FROM stamps s JOIN stamp_cards c ON c.id = s.card_id WHERE s.vendor_id = ${vendorId} AND s.revoked_at IS NULL
           ) AS ordered WHERE position = 0 AND malta_day BETWEEN ${range.from}::date AND ${range.to}::date) AS cards_started,
          (SELECT count(*) FROM stamp_rewards WHERE vendor_id = ${vendorId} AND revoked_at IS NULL AND created_at >= ${start} AND created_at < ${end}) AS cards_completed,
          (SELECT count(*) FROM stamp_rewards WHERE vendor_id = ${vendorId} AND redeemed_at >= ${start} AND redeemed_at < ${end}) AS rewards_redeemed
      `);
      const eventsByDay = new Map(eventDays.map((row) => [row.day, row]));
      const conversionsByDay = new Map(conversionDays.map((row) => [row.day, toNumber(row.conversions)]));
      const trend = Array.from({ length: range.days }, (_, index) => {
        const date = addDays(range.from, index);
        const day = eventsByDay.get(date);
        return {
          date,
          users: toNumber(day?.users),
          impressions: toNumber(day?.impressions),
          views: toNumber(day?.views),
          conversions: conversionsByDay.get(date) ?? 0,
        };
      });

      return {
        usersNearby: toNumber(events?.users_nearby),
        previousUsersNearby: toNumber(events?.previous_users_nearby),
        impressions: toNumber(events?.impressions),
        views: toNumber(events?.views),
        previousViews: toNumber(events?.previous_views),
        saves: toNumber(events?.saves),
        conversions: toNumber(purchases?.conversions),
        previousConversions: toNumber(purchases?.previous_conversions),
        avgOrderValue: toMoney(receipts?.avg_order_value),
        previousAvgOrderValue: toMoney(receipts?.previous_avg_order_value),
        verifiedPurchases: toNumber(trustPurchases?.verified_purchases),
        verifiedReceipts: toNumber(receipts?.verified_receipts),
        redemptionsByOffer: redemptionsByOffer.map((row) => ({
          offerId: Number(row.offer_id),
          title: row.title,
          claims: toNumber(row.claims),
          redemptions: toNumber(row.redemptions),
          claimsRedeemed: toNumber(row.claims_redeemed),
        })),
        rejectedReceipts: toNumber(receipts?.rejected_receipts),
        receiptsAwaitingDecision: toNumber(receipts?.awaiting_decision),
        customerConfirmations: toNumber(receipts?.customer_confirmations),
        pendingPurchases: toNumber(trustPurchases?.pending_purchases),
        visitConfirmations: toNumber(visits?.visit_confirmations),
        rating: { average: rating?.average === null || rating?.average === undefined ? null : Number(rating.average), count: toNumber(rating?.count) },
        footTraffic: toNumber(visits?.foot_traffic),
        newShoppers: toNumber(shoppers?.new_shoppers),
        returningShoppers: toNumber(shoppers?.returning_shoppers),
        missedClients: toNumber(shoppers?.missed_clients),
        activeOffers: activeOffers.length,
        unseenOfferTitles: activeOffers.filter((offer) => !offer.shown).map((offer) => offer.title),
        peakHours: peakHours.map((row) => ({ hour: toNumber(row.hour), events: toNumber(row.events) })),
        trend,
        stampCard: {
          running: stampCard?.running ?? false,
          cardsStarted: toNumber(stampCard?.cards_started),
          cardsCompleted: toNumber(stampCard?.cards_completed),
          rewardsRedeemed: toNumber(stampCard?.rewards_redeemed),
        },
      };
    },
  };
}

export type InsightsRepository = ReturnType<typeof createInsightsRepository>;
