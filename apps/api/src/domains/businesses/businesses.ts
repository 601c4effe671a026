/**
 * Business registration (DESIGN.md §10): the command behind POST /vendors/. The route has parsed the form and
 * checked the account has no business yet; this checks and re-encodes the documents, stores them with the rows,
 * and throws DomainError, never an HTTP error.
 */
import type { FastifyBaseLogger } from 'fastify';
import { FIELD_LABELS, type VendorRegistration } from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
import { BusinessAlreadyRegistered, OwnerGone, type NewVendorDocument, type VendorRow, type VendorsRepository } from './repository/vendors.ts';
import { processDocumentImage } from '../../kernel/images.ts';
import { readUploadedFile, type UploadedFile } from '../../kernel/multipart.ts';
import { storeEachWithRow, type FileStore, type FilesWithRow } from '../../kernel/pending-writes.ts';

export interface BusinessCommandDeps {
  vendors: VendorsRepository;
  pendingUploads: FileStore;
}

/** The business's own fields of a registration form (registration and a correction alike). */
function businessFields(registration: VendorRegistration) {
  return {
    businessName: registration.businessName,
    businessType: registration.businessType,
    businessAddress: registration.businessAddress,
    locationLatitude: registration.locationLatitude,
    locationLongitude: registration.locationLongitude,
    primaryContactName: registration.primaryContactName,
    contactEmail: registration.contactEmail,
    contactPhone: registration.contactPhone,
    offeringsDescription: registration.offeringsDescription,
  };
}

/** Documents checked and encoded again, each with the row that names its private file. */
function documentItems(images: Awaited<ReturnType<typeof processDocumentImage>>[]): FilesWithRow<NewVendorDocument>[] {
  return images.map((image) => {
    const storageKey = `private/documents/${image.sha256}.${image.extension}`;
    return {
      files: [{ key: storageKey, body: image.body, contentType: image.contentType }],
      row: { storageKey, contentType: image.contentType, byteSize: image.body.length, sha256: image.sha256 },
    };
  });
}

/** Each document read from its temporary file and encoded again, one at a time (one upload's bytes in memory). */
async function processDocuments(documents: readonly UploadedFile[]): Promise<Awaited<ReturnType<typeof processDocumentImage>>[]> {
  const images = [];
  for (const document of documents) images.push(await processDocumentImage(await readUploadedFile(document)));
  return images;
}

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
    // The account was deleted while the form was on the way: its session ended with it (the guard's answer).
    if (error instanceof OwnerGone) throw new DomainError('unauthenticated', 'invalidSession');
    throw error;
  }
  log.info({ vendorId: vendor.id, documents: items.length }, 'business registered');
  return vendor;
}

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
