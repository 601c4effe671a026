/**
 * SQL for pending uploads (issue 10): the storage keys a request records before it writes their files, so the
 * files of a process that died between storing and inserting can be found and removed at the next start-up.
 * Keys are content-addressed, so two requests can name the same key: every decision about one key (record
 * it, or remove its file) is taken under that key's transaction-scoped advisory lock.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';
import { pendingUploads } from '../../db/schema.ts';

/** The advisory-lock class of storage keys (the key is `hashtext(storage_key)`). */
const KEY_LOCK_CLASS = 0x51726b01;

export interface PendingUpload {
  id: number;
  storageKey: string;
}

export class PendingUploadsCleanedUp extends Error {
  constructor() {
    super('pending uploads of a live request were removed by another process');
  }
}

function lockKey(db: Db, key: string) {
  return db.execute(sql`SELECT pg_advisory_xact_lock(${KEY_LOCK_CLASS}::int, hashtext(${key}))`);
}

export function createPendingUploadsRepository(db: Db) {
  return {
    /** Records the keys for the process `owner` and commits, before any of the files is written. */
    async record(owner: number, keys: string[]): Promise<PendingUpload[]> {
      if (keys.length === 0) return [];
      return db.transaction(async (tx) => {
        // In one order, so two requests recording overlapping keys cannot deadlock.
        for (const key of [...new Set(keys)].sort()) await lockKey(tx, key);
        return tx
          .insert(pendingUploads)
          .values(keys.map((storageKey) => ({ storageKey, owner })))
          .returning({ id: pendingUploads.id, storageKey: pendingUploads.storageKey });
      });
    },

    /**
     * Inside the transaction that inserts the rows referencing the files: the pending rows go in the same
     * commit. Throws (and so rolls the insert back) when they are already gone: another process took this one
     * for dead and may have removed the files.
     */
    async settle(tx: Db, ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      const deleted = await tx.delete(pendingUploads).where(inArray(pendingUploads.id, ids)).returning({ id: pendingUploads.id });
      if (deleted.length !== ids.length) throw new PendingUploadsCleanedUp();
    },

    /**
     * Lets go of one key: under its lock, removes the file unless a row references it or another pending row
     * (another request, alive or not yet cleaned up) names it, then deletes the given pending rows. Answers
     * whether the file was removed. A failed removal leaves the rows, to be tried again at the next start-up.
     */
    async release(key: string, ids: number[], removeFile: (key: string) => Promise<void>): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockKey(tx, key);
        const [row] = await selectRows<{ in_use: boolean }>(
          tx,
          sql`SELECT EXISTS (SELECT 1 FROM offer_images WHERE card_key = ${key} OR detail_key = ${key})
            OR EXISTS (SELECT 1 FROM receipt_files WHERE storage_key = ${key})
            OR EXISTS (SELECT 1 FROM vendor_documents WHERE storage_key = ${key})
            OR EXISTS (SELECT 1 FROM vendors WHERE logo_key = ${key} OR cover_key = ${key})
            OR EXISTS (SELECT 1 FROM data_exports WHERE storage_key = ${key})
            OR EXISTS (
              SELECT 1 FROM pending_uploads
              WHERE storage_key = ${key} AND NOT (id = ANY(${`{${ids.join(',')}}`}::bigint[]))
            ) AS in_use`,
        );
        const isInUse = row?.in_use ?? true;
        if (!isInUse) await removeFile(key);
        if (ids.length > 0) await tx.delete(pendingUploads).where(inArray(pendingUploads.id, ids));
        return !isInUse;
      });
    },

    /** Every process that has pending rows. */
    async listOwners(): Promise<number[]> {
      const rows = await db.selectDistinct({ owner: pendingUploads.owner }).from(pendingUploads);
      return rows.map((row) => row.owner);
    },

    async listForOwner(owner: number): Promise<PendingUpload[]> {
      return db
        .select({ id: pendingUploads.id, storageKey: pendingUploads.storageKey })
        .from(pendingUploads)
        .where(eq(pendingUploads.owner, owner))
        .orderBy(asc(pendingUploads.id));
    },
  };
}

export type PendingUploadsRepository = ReturnType<typeof createPendingUploadsRepository>;
