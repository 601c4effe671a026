/**
 * Publishing an offer with its photos (DESIGN.md §10). The route has parsed the form and authorised the owner; this
 * checks what the data must be, writes, and tells the shoppers who saved the shop. Throws DomainError, never HTTP.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { OfferFields } from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
import { checkCategory, checkSchedule, notifySavers, type OfferCommandDeps } from './offer-checks.ts';
import type { NewOfferImage } from './repository/offers.ts';
import type { VendorRow } from '../businesses/index.ts';
import { offerImageFiles, processOfferImage } from '../../kernel/images.ts';
import { readUploadedFile, type UploadedFile } from '../../kernel/multipart.ts';
import { storeEachWithRow, type FilesWithRow } from '../../kernel/pending-writes.ts';

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
  const windows = checkSchedule(fields);
  // Decode and convert every photo before storing any of them; one at a time bounds the memory.
  const processed = [];
  for (const photo of photos) processed.push(await processOfferImage(await readUploadedFile(photo)));

  const items: FilesWithRow<NewOfferImage>[] = processed.map((image, position) => offerImageFiles(image, position));
  const offerId = await storeEachWithRow(deps.pendingUploads, items, (rows, settle) => deps.offers.create(vendor, fields, rows, settle, windows));
  log.info({ offerId, images: processed.length }, 'offer created');
  notifySavers(deps, offerId, log);
  return offerId;
}
