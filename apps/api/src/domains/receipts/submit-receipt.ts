/**
 * Receipt submission (DESIGN.md §8, §10): the command behind POST /file/upload-bills. The route has parsed the
 * form; this finds the shop, asks the policies whether the shopper may send it this receipt (and name that
 * visit), checks every file by its content and refuses one already sent by anyone, stores the files with the
 * rows and wakes the verifier. A refused request leaves no row and no file. Throws DomainError, never HTTP errors.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Receipt, ReceiptUploadFields } from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
import type { SignedInUser } from '../../kernel/signed-in-user.ts';
import type { ClaimsRepository } from '../claims/index.ts';
import { ClaimHasReceipt, ConsumerGone, DuplicateReceiptFile, type NewReceiptFile, type ReceiptsRepository } from './repository/receipts.ts';
import type { VendorsRepository } from '../businesses/index.ts';
import { storeEachWithRow, type FileStore, type FilesWithRow } from '../../kernel/pending-writes.ts';
import { readUploadedFile, type UploadedFile } from '../../kernel/multipart.ts';
import { checkReceiptFile } from './receipt-files.ts';
import type { ReceiptsPolicies } from './policies.ts';
import type { ReceiptVerifier } from './receipt-verifier.ts';

export interface ReceiptCommandDeps {
  vendors: VendorsRepository;
  receipts: ReceiptsRepository;
  policies: Pick<ReceiptsPolicies, 'canSubmitReceiptTo' | 'canAttachVisit'>;
  claims: Pick<ClaimsRepository, 'findOwnership'>;
  pendingUploads: FileStore;
  receiptVerifier: Pick<ReceiptVerifier, 'wake'>;
}

function claimHasReceipt(): DomainError {
  return new DomainError('conflict', 'claimHasReceipt', {}, { claimId: { code: 'claimHasReceipt' } });
}

function duplicateFile(): DomainError {
  return new DomainError('conflict', 'receiptDuplicateFile', {}, { files: { code: 'receiptDuplicateFile' } });
}

/** Stores a shopper's receipt for a shop; the answer does not wait for OCR. */
export async function submitReceipt(
  deps: ReceiptCommandDeps,
  consumer: SignedInUser,
  upload: ReceiptUploadFields,
  files: readonly UploadedFile[],
  log: FastifyBaseLogger,
): Promise<Receipt> {
  if (files.length === 0) throw new DomainError('invalid', 'receiptNoFiles', {}, { files: { code: 'receiptNoFiles' } });
  const shop = await deps.vendors.findById(upload.vendorId);
  if (!shop || shop.status !== 'ACTIVE') {
    throw new DomainError('not-found', 'receiptShopNotFound', {}, { vendorId: { code: 'receiptShopNotFound' } });
  }
  await deps.policies.canSubmitReceiptTo(consumer, shop);
  if (upload.offerId !== undefined) {
    const offerVendorId = await deps.receipts.findOfferVendorId(upload.offerId);
    if (offerVendorId === undefined) throw new DomainError('not-found', 'offerNotFound', {}, { offerId: { code: 'offerNotFound' } });
    if (offerVendorId !== shop.id) {
      throw new DomainError('invalid', 'receiptOfferNotAtShop', {}, { offerId: { code: 'receiptOfferNotAtShop' } });
    }
  }
  if (upload.visitId !== undefined) await deps.policies.canAttachVisit(consumer, upload.visitId, shop);
  let offerId = upload.offerId;
  if (upload.claimId !== undefined) {
    // The shopper's own code at this shop (anyone else's is answered as one that does not exist), once redeemed.
    const claim = await deps.claims.findOwnership(upload.claimId);
    if (claim?.userId !== consumer.id || claim.vendorId !== shop.id) {
      throw new DomainError('not-found', 'claimNotYours', {}, { claimId: { code: 'claimNotYours' } });
    }
    if (claim.status !== 'REDEEMED') throw new DomainError('conflict', 'claimNotRedeemed', {}, { claimId: { code: 'claimNotRedeemed' } });
    if (offerId !== undefined && offerId !== claim.offerId) {
      throw new DomainError('invalid', 'receiptOfferNotAtShop', {}, { offerId: { code: 'receiptOfferNotAtShop' } });
    }
    offerId = claim.offerId;
  }

  // Every file is checked by its content before anything is stored.
  const checked = [];
  for (const file of files) checked.push(await checkReceiptFile(await readUploadedFile(file), file.sha256));
  const hashes = checked.map((file) => file.sha256);
  if (new Set(hashes).size !== hashes.length || (await deps.receipts.findUsedHashes(hashes)).length > 0) throw duplicateFile();

  const items: FilesWithRow<NewReceiptFile>[] = checked.map((file, position) => {
    const storageKey = `private/receipts/${file.sha256}.${file.extension}`;
    return {
      files: [{ key: storageKey, body: file.body, contentType: file.contentType }],
      row: { position, storageKey, contentType: file.contentType, byteSize: file.body.length, sha256: file.sha256, perceptualHash: file.perceptualHash },
    };
  });
  let receipt;
  try {
    receipt = await storeEachWithRow(deps.pendingUploads, items, (rows, settle) =>
      deps.receipts.createWithFiles(
        { consumerUserId: consumer.id, vendorId: shop.id, offerId: offerId ?? null, visitId: upload.visitId ?? null, claimId: upload.claimId ?? null },
        rows,
        settle,
      ),
    );
  } catch (error) {
    // Two uploads of the same file racing past the check above: the unique index decides.
    if (error instanceof DuplicateReceiptFile) throw duplicateFile();
    if (error instanceof ClaimHasReceipt) throw claimHasReceipt();
    // The account was deleted while the upload was on the way: its session ended with it (the guard's answer).
    if (error instanceof ConsumerGone) throw new DomainError('unauthenticated', 'invalidSession');
    throw error;
  }
  log.info({ receiptId: receipt.receiptId, vendorId: shop.id, files: items.length }, 'receipt uploaded');
  // Read and checked in the background.
  deps.receiptVerifier.wake();
  return receipt;
}
