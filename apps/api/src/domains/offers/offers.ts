/**
 * Offer commands (DESIGN.md §10): publishing with photos, editing, pausing and resuming. The route has parsed the
 * form and authorised the owner; these check what the data must be, write, and tell the shoppers who saved the
 * shop. They throw DomainError, never an HTTP error.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { OfferFields, OfferStatus } from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
import type { NotificationsRepository } from '../notifications/index.ts';
import type { NewOfferImage, OfferRow, OffersRepository } from './repository/offers.ts';
import type { VendorRow, VendorsRepository } from '../businesses/index.ts';
import { offerImageFiles, processOfferImage } from '../../kernel/images.ts';
import { readUploadedFile, type UploadedFile } from '../../kernel/multipart.ts';
import { storeEachWithRow, type FileStore, type FilesWithRow } from '../../kernel/pending-writes.ts';

export interface OfferCommandDeps {
  offers: OffersRepository;
  vendors: Pick<VendorsRepository, 'findById'>;
  notifications: Pick<NotificationsRepository, 'notifySaversOfOffer'>;
  pendingUploads: FileStore;
}

async function checkCategory(offers: OffersRepository, fields: OfferFields): Promise<void> {
  if (!(await offers.categoryExists(fields.categoryId))) {
    throw new DomainError('invalid', 'categoryUnknown', {}, { categoryId: { code: 'categoryUnknown' } });
  }
}

/** The bell of everyone who saved an offer of the shop; never holds up the answer. */
function notifySavers(deps: OfferCommandDeps, offerId: number, log: FastifyBaseLogger): void {
  deps.notifications.notifySaversOfOffer(offerId).catch((error: unknown) => {
    log.warn({ err: error, offerId }, 'could not notify savers of a new offer');
  });
}

/** Publishes an offer of `vendor` with its photos (in order); answers the new offer's id. */
export async function createOfferWithImages(
  deps: OfferCommandDeps,
  vendor: VendorRow,
  fields: OfferFields,
  photos: readonly UploadedFile[],
  log: FastifyBaseLogger,
): Promise<number> {
  if (vendor.status === 'CLOSED') throw new DomainError('conflict', 'businessClosed');
  await checkCategory(deps.offers, fields);
  // Decode and convert every photo before storing any of them; one at a time bounds the memory.
  const processed = [];
  for (const photo of photos) processed.push(await processOfferImage(await readUploadedFile(photo)));

  const items: FilesWithRow<NewOfferImage>[] = processed.map((image, position) => offerImageFiles(image, position));
  const offerId = await storeEachWithRow(deps.pendingUploads, items, (rows, settle) => deps.offers.create(vendor, fields, rows, settle));
  log.info({ offerId, images: processed.length }, 'offer created');
  notifySavers(deps, offerId, log);
  return offerId;
}

/** An offer Qrib removed after a report (issue 14) is never changed, paused or resumed by its owner. */
function refuseRemoved(offer: OfferRow): void {
  if (offer.status === 'REMOVED') throw new DomainError('conflict', 'offerRemovedCannotChange');
}

/** Changes an offer's details (the same rules as creating it; a maximum no lower than the redemptions so far); its photos stay as they are. */
export async function editOffer(deps: OfferCommandDeps, offerId: number, fields: OfferFields): Promise<void> {
  const current = await deps.offers.findRow(offerId);
  if (current) refuseRemoved(current);
  await checkCategory(deps.offers, fields);
  if (await deps.offers.update(offerId, fields)) return;
  // Not written: removed by Qrib since it was read, or a maximum below what the till has redeemed already (issue 13:
  // never more redemptions than the maximum).
  const now = await deps.offers.findRow(offerId);
  if (now) refuseRemoved(now);
  const count = now?.redeemedCount ?? 0;
  throw new DomainError('conflict', 'maxBelowRedeemed', { count }, { maxRedemptions: { code: 'maxBelowRedeemed', params: { count } } });
}

/**
 * A suspended business's offers stay paused until Qrib reinstates it (issue 14); the owner reads why. A closed one's
 * stay ended for good (issue 15).
 */
async function refuseSuspended(deps: OfferCommandDeps, vendorId: number): Promise<void> {
  const business = await deps.vendors.findById(vendorId);
  if (business?.status === 'SUSPENDED') throw new DomainError('conflict', 'businessSuspended', { reason: business.statusReason ?? '' });
  if (business?.status === 'CLOSED') throw new DomainError('conflict', 'businessClosed');
}

/** Pauses or resumes an offer; one that becomes visible again rings the bell of those who saved the shop. */
export async function setOfferStatus(deps: OfferCommandDeps, offer: OfferRow, status: OfferStatus, log: FastifyBaseLogger): Promise<void> {
  refuseRemoved(offer);
  if (status === 'ACTIVE') await refuseSuspended(deps, offer.vendorId);
  if (!(await deps.offers.setStatus(offer.offerId, status))) {
    // Not written: Qrib removed the offer or suspended the business after `offer` was read. Say which.
    const now = await deps.offers.findRow(offer.offerId);
    if (!now) throw new DomainError('not-found', 'offerNotFound');
    refuseRemoved(now);
    await refuseSuspended(deps, offer.vendorId);
    throw new Error(`offer ${offer.offerId} status not written, neither removed nor suspended`);
  }
  if (status === 'ACTIVE' && offer.status !== 'ACTIVE') notifySavers(deps, offer.offerId, log);
}
