/** The short form of an offer that cards show (nearby results, saved offers), and their first photos. */

/**
 * Issue 27: the price before (euros, numeric text in the row), the price after computed from it, and a Buy-X-get-Y
 * offer's quantities, as every answer of an offer gives them (the nearby SQL writes the same: queries.ts OFFER_PRICING_JSON).
 */
export function presentOfferPricing(offer: Pick<typeof offers.$inferSelect, 'discountType' | 'discountValue' | 'regularPrice' | 'buyQuantity' | 'getQuantity'>) {
  const regularPrice = offer.regularPrice === null ? null : Number(offer.regularPrice);
  return {
    regularPrice,
    offerPrice: offerPrice(offer.discountType, Number(offer.discountValue), regularPrice),
    buyQuantity: offer.buyQuantity,
    getQuantity: offer.getQuantity,
  };
}

import { and, eq, inArray } from 'drizzle-orm';
import { remainingUnits } from '@qrib/shared/claim-constants';
import { offerPrice } from '@qrib/shared/offer-price';
import type { Db } from './client.ts';
import { offerImages, type offers } from './schema.ts';
import { publicUrl } from '../storage/public-url.ts';
import { scheduleStateOf } from '../kernel/opening-hours.ts';

export function presentOfferSummary(offer: typeof offers.$inferSelect, imageUrl: string | null, now: Date = new Date()) {
  return {
    offerId: offer.offerId,
    imageUrl,
    title: offer.title,
    description: offer.description,
    discountType: offer.discountType,
    discountValue: Number(offer.discountValue),
    startDate: offer.startDate,
    endDate: offer.endDate,
    termsAndConditions: offer.termsAndConditions,
    status: offer.status,
    remaining: remainingUnits(offer.maxRedemptions, offer.redeemedCount),
    featuredOffer: offer.featuredOffer,
    ...presentOfferPricing(offer),
    // Issue 28 §3 (last, as on the nearby cards): the happy hour and whether it holds now.
    ...scheduleStateOf(offer.schedule, now),
  };
}

/** The card-size URL of each offer's first photo, by offer id. */
export async function findFirstImageUrls(db: Db, offerIds: number[]): Promise<Map<number, string>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db
    .select({ offerId: offerImages.offerId, cardKey: offerImages.cardKey })
    .from(offerImages)
    .where(and(inArray(offerImages.offerId, offerIds), eq(offerImages.position, 0)));
  return new Map(rows.map((row) => [row.offerId, publicUrl(row.cardKey)]));
}
