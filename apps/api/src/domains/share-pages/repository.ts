/**
 * What the public share pages show (issue 27), read fresh on every request: an offer only while shoppers may see it
 * (ACTIVE, started, not ended, units left, its shop ACTIVE: db/shopper-visibility.ts), a shop only while ACTIVE, and
 * only the public columns (never the contact e-mail, contact person, documents or owner-only counts).
 */
import { sql } from 'drizzle-orm';
import { maltaToday, type BusinessType, type DiscountType } from '@qrib/shared';
import { selectRows, type Db } from '../../db/client.ts';
import { OFFER_HAS_UNITS, SHOP_SEEN_BY_SHOPPERS } from '../../db/shopper-visibility.ts';

export interface SharedPhoto {
  cardKey: string;
  detailKey: string;
  /** The detail variant's size (the card variant is the same picture, at most CARD_WIDTH on its longer side). */
  width: number;
  height: number;
}

export interface SharedOffer {
  offerId: number;
  vendorId: number;
  title: string;
  description: string;
  discountType: DiscountType;
  discountValue: number;
  regularPrice: number | null;
  buyQuantity: number | null;
  getQuantity: number | null;
  startDate: string;
  endDate: string;
  /** Issue 28 §3: the happy-hour schedule (OSM syntax), null when the offer holds all day. */
  schedule: string | null;
  termsAndConditions: string | null;
  updatedAt: Date;
  photo: SharedPhoto | null;
}

export interface SharedShop {
  vendorId: number;
  businessName: string;
  businessType: BusinessType;
  businessAddress: string;
  latitude: number;
  longitude: number;
  logoKey: string | null;
  /** Issue 28: the cover photo (webp, SHOP_IMAGE_SIZES.cover at most). */
  coverKey: string | null;
}

interface OfferRow {
  offer_id: number;
  vendor_id: number;
  title: string;
  description: string;
  discount_type: DiscountType;
  discount_value: number;
  regular_price: number | null;
  buy_quantity: number | null;
  get_quantity: number | null;
  start_date: string;
  end_date: string;
  schedule: string | null;
  terms_and_conditions: string | null;
  updated_at: Date | string;
  card_key: string | null;
  detail_key: string | null;
  width: number | null;
  height: number | null;
}

interface ShopRow {
  id: number;
  business_name: string;
  business_type: BusinessType;
  business_address: string;
  location_latitude: number;
  location_longitude: number;
  logo_key: string | null;
  cover_key: string | null;
}

/** An offer shoppers may see today (offers o, its business v joined): the nearby home's rule, and started. */
function isVisible(today: string) {
  return sql`o.status = 'ACTIVE' AND ${SHOP_SEEN_BY_SHOPPERS} AND o.start_date <= ${today}::date AND o.end_date >= ${today}::date AND ${OFFER_HAS_UNITS}`;
}

const OFFER_COLUMNS = sql`o.offer_id, o.vendor_id, o.title, o.description, o.discount_type, o.discount_value::float8 AS discount_value,
  o.regular_price::float8 AS regular_price, o.buy_quantity, o.get_quantity, o.start_date::text AS start_date, o.end_date::text AS end_date,
  o.schedule, o.terms_and_conditions, o.updated_at, i.card_key, i.detail_key, i.width, i.height`;

function presentOffer(row: OfferRow): SharedOffer {
  return {
    offerId: Number(row.offer_id),
    vendorId: Number(row.vendor_id),
    title: row.title,
    description: row.description,
    discountType: row.discount_type,
    discountValue: Number(row.discount_value),
    regularPrice: row.regular_price === null ? null : Number(row.regular_price),
    buyQuantity: row.buy_quantity === null ? null : Number(row.buy_quantity),
    getQuantity: row.get_quantity === null ? null : Number(row.get_quantity),
    startDate: row.start_date,
    endDate: row.end_date,
    schedule: row.schedule,
    termsAndConditions: row.terms_and_conditions,
    updatedAt: new Date(row.updated_at),
    photo:
      row.card_key && row.detail_key && row.width !== null && row.height !== null
        ? { cardKey: row.card_key, detailKey: row.detail_key, width: Number(row.width), height: Number(row.height) }
        : null,
  };
}

function presentShop(row: ShopRow): SharedShop {
  return {
    vendorId: Number(row.id),
    businessName: row.business_name,
    businessType: row.business_type,
    businessAddress: row.business_address,
    latitude: Number(row.location_latitude),
    longitude: Number(row.location_longitude),
    logoKey: row.logo_key,
    coverKey: row.cover_key,
  };
}

const SHOP_COLUMNS = sql`v.id, v.business_name, v.business_type, v.business_address, v.location_latitude, v.location_longitude, v.logo_key, v.cover_key`;

export function createSharePagesRepository(db: Db) {
  return {
    /** The offer and its shop, or undefined when shoppers may not see it now. */
    async findOffer(offerId: number, now = new Date()): Promise<{ offer: SharedOffer; shop: SharedShop } | undefined> {
      const [row] = await selectRows<OfferRow & ShopRow>(
        db,
        sql`SELECT ${OFFER_COLUMNS}, ${SHOP_COLUMNS}
          FROM offers o
          JOIN vendors v ON v.id = o.vendor_id
          LEFT JOIN offer_images i ON i.offer_id = o.offer_id AND i.position = 0
          WHERE o.offer_id = ${offerId}::int AND ${isVisible(maltaToday(now))}`,
      );
      return row ? { offer: presentOffer(row), shop: presentShop(row) } : undefined;
    },

    /** An ACTIVE shop and the offers shoppers may see now (featured first, then ending soonest), or undefined. */
    async findShop(vendorId: number, now = new Date()): Promise<{ shop: SharedShop; offers: SharedOffer[] } | undefined> {
      const [shopRow] = await selectRows<ShopRow>(db, sql`SELECT ${SHOP_COLUMNS} FROM vendors v WHERE v.id = ${vendorId}::int AND ${SHOP_SEEN_BY_SHOPPERS}`);
      if (!shopRow) return undefined;
      const rows = await selectRows<OfferRow>(
        db,
        sql`SELECT ${OFFER_COLUMNS}
          FROM offers o
          JOIN vendors v ON v.id = o.vendor_id
          LEFT JOIN offer_images i ON i.offer_id = o.offer_id AND i.position = 0
          WHERE o.vendor_id = ${vendorId}::int AND ${isVisible(maltaToday(now))}
          ORDER BY o.featured_offer DESC, o.end_date, o.offer_id`,
      );
      return { shop: presentShop(shopRow), offers: rows.map(presentOffer) };
    },
  };
}

export type SharePagesRepository = ReturnType<typeof createSharePagesRepository>;
