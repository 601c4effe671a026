/**
 * A refused business corrected and sent again (issue 14): the command behind the owner's resubmission. Throws
 * DomainError, never an HTTP error.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { VendorRegistration } from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
import { businessFields, documentItems, processDocuments, type BusinessCommandDeps } from './business-form.ts';
import type { VendorRow } from './repository/vendors.ts';
import type { UploadedFile } from '../../kernel/multipart.ts';
import { storeEachWithRow } from '../../kernel/pending-writes.ts';

/**
 * A refused business corrected and sent again (issue 14): only a REJECTED one (else 409 businessNotRejected); its
 * fields written, documents given are added (none is fine: the earlier ones stay), PENDING again, reason cleared.
 */
export async function resubmitBusiness(
  deps: BusinessCommandDeps,
  business: VendorRow,
  registration: VendorRegistration,
  documents: readonly UploadedFile[],
  log: FastifyBaseLogger,
): Promise<VendorRow> {
  if (business.status !== 'REJECTED') throw new DomainError('conflict', 'businessNotRejected');
  const images = await processDocuments(documents);
  const items = documentItems(images);
  const vendor = await storeEachWithRow(deps.pendingUploads, items, async (rows, settle) => {
    const written = await deps.vendors.resubmit(business.id, businessFields(registration), rows, settle);
    // Decided on meanwhile: nothing written, and the files just stored are taken back with the failure.
    if (!written) throw new DomainError('conflict', 'businessNotRejected');
    return written;
  });
  log.info({ vendorId: vendor.id, documents: items.length }, 'business sent again for approval');
  return vendor;
}
