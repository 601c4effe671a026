/**
 * What the offer commands share (DESIGN.md §10): their dependencies, the category check, the removed-offer refusal
 * and the bell of those who saved the shop.
 */
import type { FastifyBaseLogger } from 'fastify';
import { maltaDayEnd, maltaMidnight, type OfferFields } from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
import type { NotificationsRepository } from '../notifications/index.ts';
import type { PushQueueRepository } from '../push/index.ts';
import type { OfferRow, OffersRepository } from './repository/offers.ts';
import { intervalRows, readHours, type IntervalRow, type VendorsRepository } from '../businesses/index.ts';
import type { FileStore } from '../../kernel/pending-writes.ts';

export interface OfferCommandDeps {
  offers: OffersRepository;
  vendors: Pick<VendorsRepository, 'findById'>;
  notifications: Pick<NotificationsRepository, 'notifySaversOfOffer'>;
  push: Pick<PushQueueRepository, 'queueNearby'>;
  pendingUploads: FileStore;
}

/** 400 for a category Qrib does not have. */
export async function checkCategory(offers: OffersRepository, fields: OfferFields): Promise<void> {
  if (!(await offers.categoryExists(fields.categoryId))) {
    throw new DomainError('invalid', 'categoryUnknown', {}, { categoryId: { code: 'categoryUnknown' } });
  }
}

/**
 * The bell of everyone who saved an offer of the shop (their push follows the bell, migration 0028), then the 'nearby'
 * pushes of those who chose a place near the shop (after the savers', so a saver gets the saver's push, never both);
 * never holds up the answer.
 */
export function notifySavers(deps: OfferCommandDeps, offerId: number, log: FastifyBaseLogger): void {
  deps.notifications
    .notifySaversOfOffer(offerId)
    .catch((error: unknown) => {
      log.warn({ err: error, offerId }, 'could not notify savers of a new offer');
    })
    .then(() => deps.push.queueNearby(offerId))
    .catch((error: unknown) => {
      log.warn({ err: error, offerId }, 'could not queue nearby pushes of a new offer');
    });
}

/** An offer Qrib removed after a report (issue 14) is never changed, paused or resumed by its owner. */
export function refuseRemoved(offer: OfferRow): void {
  if (offer.status === 'REMOVED') throw new DomainError('conflict', 'offerRemovedCannotChange');
}

/**
 * Issue 28 §3: the happy-hour schedule's windows for the coming fortnight (none without a schedule); 400
 * scheduleInvalid for a text that does not read, 400 scheduleNeverMet for one with no window between the offer's start
 * and end dates (looked for over at most 400 days).
 */
export function checkSchedule(fields: Pick<OfferFields, 'schedule' | 'startDate' | 'endDate'>, now = Date.now()): IntervalRow[] | null {
  if (fields.schedule === null) return null;
  const hours = readHours(fields.schedule, 'schedule', 'scheduleInvalid');
  // Windows already past cannot be redeemed: looked for from now when the offer has started.
  const from = Math.max(maltaMidnight(fields.startDate).getTime(), now);
  const to = Math.min(maltaDayEnd(fields.endDate).getTime(), from + 400 * 86_400_000);
  if (hours.intervals(from, to).length === 0) throw new DomainError('invalid', 'scheduleNeverMet', {}, { schedule: { code: 'scheduleNeverMet' } });
  return intervalRows(hours, now);
}
