/**
 * What registering a business and sending a refused one again share (DESIGN.md §10, issue 14): the form's business
 * fields, and its documents read, checked and encoded again, each with the row that names its private file.
 */
import type { VendorRegistration } from '@qrib/shared';
import type { NewVendorDocument, VendorsRepository } from './repository/vendors.ts';
import { processDocumentImage } from '../../kernel/images.ts';
import { readUploadedFile, type UploadedFile } from '../../kernel/multipart.ts';
import type { FileStore, FilesWithRow } from '../../kernel/pending-writes.ts';

export interface BusinessCommandDeps {
  vendors: VendorsRepository;
  pendingUploads: FileStore;
}

/** The business's own fields of a registration form (registration and a correction alike). */
export function businessFields(registration: VendorRegistration) {
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
export function documentItems(images: Awaited<ReturnType<typeof processDocumentImage>>[]): FilesWithRow<NewVendorDocument>[] {
  return images.map((image) => {
    const storageKey = `private/documents/${image.sha256}.${image.extension}`;
    return {
      files: [{ key: storageKey, body: image.body, contentType: image.contentType }],
      row: { storageKey, contentType: image.contentType, byteSize: image.body.length, sha256: image.sha256 },
    };
  });
}

/** Each document read from its temporary file and encoded again, one at a time (one upload's bytes in memory). */
export async function processDocuments(documents: readonly UploadedFile[]): Promise<Awaited<ReturnType<typeof processDocumentImage>>[]> {
  const images = [];
  for (const document of documents) images.push(await processDocumentImage(await readUploadedFile(document)));
  return images;
}
