/**
 * Issue 28: the shop edits its own page (PATCH /vendors/me) and sets or removes its logo and cover photo. The
 * registration's rules apply (the shared schema); a CLOSED business is refused (409 businessClosed), and so is a name
 * another ACTIVE shop has (409 businessNameTaken). Every change is kept (repository/profile.ts). An image replaced or
 * removed leaves storage once nothing refers to it any more (the same content-addressed check as every other file).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { VendorUpdate } from '@qrib/shared';
import type { Db } from '../../db/client.ts';
import { DomainError, onField } from '../../kernel/domain-error.ts';
import { processShopImage } from '../../kernel/images.ts';
import type { FileStore } from '../../kernel/pending-writes.ts';
import { createPendingUploadsRepository } from '../../kernel/repository/pending-uploads.ts';
import type { Storage } from '../../storage/storage.ts';
import { intervalRows, readHours } from './opening-hours.ts';
import { BusinessIsClosed, BusinessNameTaken, createProfileRepository, type ProfileImageKind } from './repository/profile.ts';
import type { VendorRow } from './repository/vendors.ts';

export interface EditBusinessDeps {
  db: Db;
  storage: Storage;
  pendingUploads: FileStore;
}

function refusal(error: unknown): never {
  if (error instanceof BusinessIsClosed) throw new DomainError('conflict', 'businessClosed');
  if (error instanceof BusinessNameTaken) throw new DomainError('conflict', 'businessNameTaken', {}, onField('businessName', 'businessNameTaken'));
  throw error;
}

export async function editBusiness(deps: Pick<EditBusinessDeps, 'db'>, business: VendorRow, userId: number, update: VendorUpdate, now = Date.now()): Promise<VendorRow> {
  // Hours that do not read are refused before anything is written (400 openingHoursInvalid, the problem named).
  const openIntervals = typeof update.openingHours === 'string' ? intervalRows(readHours(update.openingHours), now) : undefined;
  try {
    return await createProfileRepository(deps.db).update(business.id, userId, update, openIntervals);
  } catch (error) {
    refusal(error);
  }
}

/** Removes a replaced image's file unless another row (or an upload under way) still uses the same content. */
async function removeIfUnused(deps: EditBusinessDeps, key: string, log: FastifyBaseLogger): Promise<void> {
  try {
    await createPendingUploadsRepository(deps.db).release(key, [], (stored) => deps.storage.delete(stored));
  } catch (error) {
    log.warn({ err: error, key }, 'could not remove a replaced shop image');
  }
}

/** Stores the new logo or cover (webp, processed first, so a refused file stores nothing) and puts it on the page. */
export async function setBusinessImage(
  deps: EditBusinessDeps,
  business: VendorRow,
  userId: number,
  kind: ProfileImageKind,
  upload: Buffer,
  log: FastifyBaseLogger,
): Promise<VendorRow> {
  if (business.status === 'CLOSED') throw new DomainError('conflict', 'businessClosed');
  const image = await processShopImage(upload, kind);
  const key = `public/${kind === 'logo' ? 'logos' : 'covers'}/${image.sha256}-${kind}.webp`;
  let result;
  try {
    result = await deps.pendingUploads.storeFilesWithRows([{ key, body: image.body, contentType: 'image/webp' }], (settle) =>
      createProfileRepository(deps.db).setImage(business.id, userId, kind, key, settle),
    );
  } catch (error) {
    refusal(error);
  }
  if (result.replaced) await removeIfUnused(deps, result.replaced, log);
  return result.row;
}

export async function removeBusinessImage(deps: EditBusinessDeps, business: VendorRow, userId: number, kind: ProfileImageKind, log: FastifyBaseLogger): Promise<VendorRow> {
  let result;
  try {
    result = await createProfileRepository(deps.db).setImage(business.id, userId, kind, null);
  } catch (error) {
    refusal(error);
  }
  if (result.replaced) await removeIfUnused(deps, result.replaced, log);
  return result.row;
}
