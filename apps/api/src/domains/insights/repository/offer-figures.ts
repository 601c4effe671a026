/**
 * Each offer's figures (issue 28 §5): for a period (My offers' week, the Business Insights' per-offer table) and per
 * Malta day and offer (the CSV). The definitions are the dashboard's (repository/insights.ts `collect`): impressions,
 * views and saves are the offer's `offer_events` in the period; codes are the claims made in it, `claims_redeemed` those
 * of them redeemed since; redemptions are the codes redeemed in it, none that suspicious activity took out. A period runs
 * from 00:00 of its first day to 00:00 after its last day, Malta time; a day is the Malta date of the moment.
 * test/routes/insights-export.test.ts holds the two files to the same totals.
 */
import { sql, type SQL } from 'drizzle-orm';
import { MALTA_TIME_ZONE, addDays, type InsightsExportRow, type OfferFigures, type OfferStatus } from '@qrib/shared';
import { selectRows, type Db } from '../../../db/client.ts';
import { notFlaggedSql } from '../../trust/index.ts';

type Count = string | number;
const toNumber = (value: Count | null | undefined) => Number(value ?? 0);

/** How many days one read of the CSV covers: a year's file is read in a dozen statements, each a small page. */
export const EXPORT_DAYS_PER_READ = 31;

const ZONE = sql.raw(`'${MALTA_TIME_ZONE}'`);
/** 00:00 of a Malta calendar date, as an instant. */
const startOfDay = (isoDate: string) => sql`(${isoDate}::date::timestamp AT TIME ZONE ${ZONE})`;
const maltaDate = (column: SQL) => sql`(${column} AT TIME ZONE ${ZONE})::date`;

/** The figures of `vendorId`'s offers in [from 00:00, after to) by offer and Malta day (only where one is not zero). */
function figuresByOfferAndDay(vendorId: number, from: string, to: string): SQL {
  const start = startOfDay(from);
  const end = startOfDay(addDays(to, 1));
  return sql`
    SELECT offer_id, day,
      sum(impressions) AS impressions, sum(views) AS views, sum(saves) AS saves,
      sum(claims) AS claims, sum(claims_redeemed) AS claims_redeemed, sum(redemptions) AS redemptions
    FROM (
      SELECT e.offer_id, ${maltaDate(sql`e.created_at`)} AS day,
        count(*) FILTER (WHERE e.kind = 'IMPRESSION') AS impressions,
        count(*) FILTER (WHERE e.kind = 'VIEW') AS views,
        count(*) FILTER (WHERE e.kind = 'SAVE') AS saves,
        0 AS claims, 0 AS claims_redeemed, 0 AS redemptions
      FROM offer_events e
      WHERE e.vendor_id = ${vendorId} AND e.created_at >= ${start} AND e.created_at < ${end}
      GROUP BY 1, 2
      UNION ALL
      SELECT c.offer_id, ${maltaDate(sql`c.created_at`)} AS day, 0, 0, 0,
        count(*), count(*) FILTER (WHERE c.status = 'REDEEMED'), 0
      FROM offer_claims c
      WHERE c.vendor_id = ${vendorId} AND c.created_at >= ${start} AND c.created_at < ${end}
      GROUP BY 1, 2
      UNION ALL
      SELECT c.offer_id, ${maltaDate(sql`c.redeemed_at`)} AS day, 0, 0, 0, 0, 0, count(*)
      FROM offer_claims c
      WHERE c.vendor_id = ${vendorId} AND c.status = 'REDEEMED' AND c.redeemed_at >= ${start} AND c.redeemed_at < ${end}
        AND ${notFlaggedSql('REDEMPTION', 'c.id')}
      GROUP BY 1, 2
    ) AS each_source
    GROUP BY offer_id, day
  `;
}

interface FigureColumns {
  impressions: Count;
  views: Count;
  saves: Count;
  claims: Count;
  claims_redeemed: Count;
  redemptions: Count;
}

export function createOfferFiguresRepository(db: Db) {
  return {
    /**
     * Every offer of the shop that existed by the end of the period (or has a figure in it: an offer cannot have one
     * before it exists, but nothing is left out if it does), with its figures there; most redeemed, claimed, viewed first.
     */
    async forPeriod(vendorId: number, from: string, to: string): Promise<OfferFigures[]> {
      const rows = await selectRows<FigureColumns & { offer_id: number; title: string; status: OfferStatus }>(db, sql`
        WITH figures AS (${figuresByOfferAndDay(vendorId, from, to)})
        SELECT o.offer_id, o.title, o.status,
          coalesce(sum(f.impressions), 0) AS impressions, coalesce(sum(f.views), 0) AS views, coalesce(sum(f.saves), 0) AS saves,
          coalesce(sum(f.claims), 0) AS claims, coalesce(sum(f.claims_redeemed), 0) AS claims_redeemed,
          coalesce(sum(f.redemptions), 0) AS redemptions
        FROM offers o LEFT JOIN figures f ON f.offer_id = o.offer_id
        WHERE o.vendor_id = ${vendorId}
        GROUP BY o.offer_id, o.title, o.status
        HAVING min(o.created_at) < ${startOfDay(addDays(to, 1))} OR count(f.offer_id) > 0
        ORDER BY redemptions DESC, claims DESC, views DESC, o.offer_id
      `);
      return rows.map((row) => ({
        offerId: Number(row.offer_id),
        title: row.title,
        status: row.status,
        impressions: toNumber(row.impressions),
        views: toNumber(row.views),
        saves: toNumber(row.saves),
        claims: toNumber(row.claims),
        claimsRedeemed: toNumber(row.claims_redeemed),
        redemptions: toNumber(row.redemptions),
      }));
    },

    /**
     * The CSV's rows, day by day from `from` to `to` and by offer within a day: every offer that existed by the end of
     * that Malta day (or has a figure on it), zeros included. Read EXPORT_DAYS_PER_READ days at a time, each page handed
     * on before the next is asked for, so a year's file never sits whole in memory.
     */
    async *daysOfPeriod(vendorId: number, from: string, to: string): AsyncGenerator<InsightsExportRow> {
      for (let first = from; first <= to; first = addDays(first, EXPORT_DAYS_PER_READ)) {
        const lastOfPage = addDays(first, EXPORT_DAYS_PER_READ - 1);
        const last = lastOfPage < to ? lastOfPage : to;
        const rows = await selectRows<FigureColumns & { day: string; offer_id: number; title: string }>(db, sql`
          WITH figures AS (${figuresByOfferAndDay(vendorId, first, last)}),
          days AS (SELECT generate_series(${first}::date, ${last}::date, interval '1 day')::date AS day)
          SELECT to_char(d.day, 'YYYY-MM-DD') AS day, o.offer_id, o.title,
            coalesce(f.impressions, 0) AS impressions, coalesce(f.views, 0) AS views, coalesce(f.saves, 0) AS saves,
            coalesce(f.claims, 0) AS claims, coalesce(f.claims_redeemed, 0) AS claims_redeemed,
            coalesce(f.redemptions, 0) AS redemptions
          FROM days d
          CROSS JOIN offers o
          LEFT JOIN figures f ON f.offer_id = o.offer_id AND f.day = d.day
          WHERE o.vendor_id = ${vendorId} AND (${maltaDate(sql`o.created_at`)} <= d.day OR f.offer_id IS NOT NULL)
          ORDER BY d.day, o.offer_id
        `);
        for (const row of rows) {
          yield {
            date: row.day,
            offer_id: Number(row.offer_id),
            offer_title: row.title,
            impressions: toNumber(row.impressions),
            views: toNumber(row.views),
            saves: toNumber(row.saves),
            codes: toNumber(row.claims),
            codes_redeemed: toNumber(row.claims_redeemed),
            redemptions: toNumber(row.redemptions),
          };
        }
      }
    },
  };
}

export type OfferFiguresRepository = ReturnType<typeof createOfferFiguresRepository>;
