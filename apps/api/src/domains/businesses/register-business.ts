/**
 * Business registration (DESIGN.md §10): the command behind POST /vendors/. The route has parsed the form and
 * checked the account has no business yet; this checks and re-encodes the documents, stores them with the rows,
 * and throws DomainError, never an HTTP error.
 */
import type { FastifyBaseLogger } from 'fastify';
import { FIELD_LABELS, type VendorRegistration } from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
import { businessFields, documentItems, processDocuments, type BusinessCommandDeps } from './business-form.ts';
import { AlreadyStaffElsewhere, BusinessAlreadyRegistered, OwnerGone, type VendorRow } from './repository/vendors.ts';
import type { UploadedFile } from '../../kernel/multipart.ts';
import { storeEachWithRow } from '../../kernel/pending-writes.ts';

/** Registers the business of `ownerUserId` with its registration documents (at least one). */
export async function registerBusiness(
  deps: BusinessCommandDeps,
  ownerUserId: number,
  registration: VendorRegistration,
  documents: readonly UploadedFile[],
  log: FastifyBaseLogger,
): Promise<VendorRow> {
  if (documents.length === 0) {
    const params = { field: 'documents', label: FIELD_LABELS.documents };
    throw new DomainError('invalid', 'requiredField', params, { documents: { code: 'requiredField', params } });
  }
  // Every file is checked by its content and encoded again (upright, no metadata, nothing appended) before
  // anything is stored; what is stored is the new encoding.
  const images = await processDocuments(documents);
  const items = documentItems(images);
  let vendor;
  try {
    vendor = await storeEachWithRow(deps.pendingUploads, items, (rows, settle) =>
      deps.vendors.createWithDocuments({ ownerUserId, ...businessFields(registration) }, rows, settle),
    );
  } catch (error) {
    if (error instanceof BusinessAlreadyRegistered) throw new DomainError('conflict', 'businessAlreadyRegistered');
    if (error instanceof AlreadyStaffElsewhere) throw new DomainError('conflict', 'staffYouAlreadyMember');
    // The account was deleted while the form was on the way: its session ended with it (the guard's answer).
    if (error instanceof OwnerGone) throw new DomainError('unauthenticated', 'invalidSession');
    throw error;
  }
  log.info({ vendorId: vendor.id, documents: items.length }, 'business registered');
  return vendor;
}
