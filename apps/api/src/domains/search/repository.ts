/**
 * Offer search (issue 4): PostgreSQL full-text search over title, description, category and business name,
 * plus pg_trgm word similarity so a misspelt word still matches; filters by category, discount and distance;
 * best match, nearest or newest first; offset paging. The search text only ever travels as a bound parameter.
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { EARTH_RADIUS_KM, haversineKm, maltaToday, type SearchQuery, type SearchResult } from '@qrib/shared';
import { selectRows, type Db } from '../../db/client.ts';
import { categories, offers } from '../../db/schema.ts';
import { findFirstImageUrls, presentOfferSummary } from '../../db/offer-summary.ts';
import { activeNowCondition, nextIntervalJoin, openNowCondition, openStateColumns, presentOpenState, type OpenStateRow } from '../../db/open-now.ts';
import { OFFER_HAS_UNITS, SHOP_SEEN_BY_SHOPPERS } from '../../db/shopper-visibility.ts';
import { publicUrl } from '../../storage/public-url.ts';

export const SEARCH_PAGE_SIZE = 20;

export function createSearchRepository(db: Db) {
  return {
    async search(query: SearchQuery & { offset: number; now: Date }): Promise<{ results: SearchResult[]; hasMore: boolean }> {
      const text = query.q ?? '';
      const document = sql`(o.title || ' ' || o.description || ' ' || c.name || ' ' || v.business_name)`;
      const tsQuery = sql`websearch_to_tsquery('simple', ${text})`;
      const here = query.latitude !== undefined && query.longitude !== undefined ? { latitude: query.latitude, longitude: query.longitude } : undefined;
      // Sold-out offers (issue 13) drop out, as on the nearby home.
      const conditions: SQL[] = [sql`o.status = 'ACTIVE'`, SHOP_SEEN_BY_SHOPPERS, sql`o.end_date >= ${maltaToday(query.now)}`, OFFER_HAS_UNITS];
      if (query.openNow) conditions.push(openNowCondition(sql`v.id`, query.now));
      if (query.activeNow) conditions.push(activeNowCondition(query.now));
      if (text) {
        conditions.push(sql`(to_tsvector('simple', ${document}) @@ ${tsQuery} OR ${text} <% ${document})`);
      }
      if (query.categoryId !== undefined) conditions.push(sql`o.category_id = ${query.categoryId}`);
      if (query.discountType !== undefined) conditions.push(sql`o.discount_type = ${query.discountType}`);
      if (query.minDiscount !== undefined) conditions.push(sql`o.discount_value >= ${query.minDiscount}`);
      const distanceKm = here
        ? sql`(${EARTH_RADIUS_KM}::double precision * 2 * asin(least(1.0, (ll_to_earth(o.location_latitude, o.location_longitude) <-> ll_to_earth(${here.latitude}, ${here.longitude})) / (2 * earth()))))`
        : sql`NULL::double precision`;
      if (here && query.maxDistanceKm !== undefined) conditions.push(sql`${distanceKm} <= ${query.maxDistanceKm}`);
      // Nearest first when asked (and a position is known), newest when asked; otherwise best match, or newest without text.
      let order: SQL;
      if (query.sort === 'nearest' && here) order = sql`${distanceKm} ASC, o.offer_id`;
      else if (text && query.sort !== 'newest') order = sql`(ts_rank(to_tsvector('simple', ${document}), ${tsQuery}) + word_similarity(${text}, ${document})) DESC, o.offer_id`;
      else order = sql`o.created_at DESC, o.offer_id DESC`;
      const rows = await selectRows<
        { offer_id: number; business_name: string; business_address: string; logo_key: string | null; latitude: number; longitude: number } & OpenStateRow
      >(
        db,
        sql`
          SELECT o.offer_id, v.business_name, v.business_address, v.logo_key, v.location_latitude AS latitude, v.location_longitude AS longitude,
            ${openStateColumns(sql`(v.opening_hours IS NOT NULL)`, query.now, 'hours')}
          FROM offers o
          JOIN vendors v ON v.id = o.vendor_id
          JOIN categories c ON c.category_id = o.category_id
          ${nextIntervalJoin(sql`v.id`, query.now, 'hours')}
          WHERE ${sql.join(conditions, sql` AND `)}
          ORDER BY ${order}
          LIMIT ${SEARCH_PAGE_SIZE + 1} OFFSET ${query.offset}
        `,
      );
      const page = rows.slice(0, SEARCH_PAGE_SIZE);
      const ids = page.map((row) => Number(row.offer_id));
      const found = ids.length
        ? await db.select({ offer: offers, category: categories }).from(offers).leftJoin(categories, eq(categories.categoryId, offers.categoryId)).where(inArray(offers.offerId, ids))
        : [];
      const byId = new Map(found.map((row) => [row.offer.offerId, row]));
      const images = await findFirstImageUrls(db, ids);
      const results: SearchResult[] = [];
      for (const row of page) {
        const match = byId.get(Number(row.offer_id));
        if (!match) continue;
        const { offer, category } = match;
        results.push({
          // The filter's clock: an offer kept by activeNow says it is on now.
          ...presentOfferSummary(offer, images.get(offer.offerId) ?? null, query.now),
          distance: here ? Math.round(haversineKm(here.latitude, here.longitude, offer.locationLatitude, offer.locationLongitude) * 1000) / 1000 : null,
          category,
          vendor: {
            vendorId: offer.vendorId,
            businessName: row.business_name,
            businessAddress: row.business_address,
            logoUrl: row.logo_key ? publicUrl(row.logo_key) : null,
            latitude: Number(row.latitude),
            longitude: Number(row.longitude),
            ...presentOpenState(row),
          },
        });
      }
      return { results, hasMore: rows.length > SEARCH_PAGE_SIZE };
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
