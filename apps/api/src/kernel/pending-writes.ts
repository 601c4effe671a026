/**
 * Stored files a request creates, so a request that fails after writing can remove exactly what it added and a
 * process that dies in between leaves a list of them (`pending_uploads`) for the next start-up.
 * The keys are recorded (committed) before the files are written; the transaction that inserts the rows
 * referencing them deletes the record (`settle`), so a key is always either pending or referenced.
 */
import type { Db } from '../db/client.ts';
import type { PendingUpload, PendingUploadsRepository } from './repository/pending-uploads.ts';
import type { Storage } from '../storage/storage.ts';

export interface FileToStore {
  key: string;
  body: Buffer;
  contentType: string;
}

/** Called by the inserting transaction, with that transaction. */
export type SettleUploads = (tx: Db) => Promise<void>;

export class PendingWrites {
  private recorded: PendingUpload[] = [];

  constructor(
    private readonly storage: Storage,
    private readonly pending: PendingUploadsRepository,
    private readonly owner: number,
  ) {}

  /**
   * Records every key, then writes the files not stored yet. Keys are content-addressed: a file already there
   * (another request's) is left as it is, and kept by `rollback` while a row or another pending row names it.
   */
  async put(files: FileToStore[]): Promise<void> {
    this.recorded.push(...(await this.pending.record(this.owner, files.map((file) => file.key))));
    for (const file of files) {
      if (!(await this.storage.exists(file.key))) await this.storage.put(file.key, file.body, file.contentType);
    }
  }

  readonly settle: SettleUploads = async (tx) => {
    await this.pending.settle(
      tx,
      this.recorded.map((row) => row.id),
    );
  };

  /** Removes the files of this request that nothing else uses, and its pending rows. */
  async rollback(): Promise<void> {
    const recorded = this.recorded.splice(0);
    const idsByKey = new Map<string, number[]>();
    for (const row of recorded) idsByKey.set(row.storageKey, [...(idsByKey.get(row.storageKey) ?? []), row.id]);
    await Promise.allSettled(
      [...idsByKey].map(([key, ids]) => this.pending.release(key, ids, (stored) => this.storage.delete(stored))),
    );
  }
}

/**
 * The one way to store a request's files with their rows: records and writes the files, then runs `insert`,
 * which must call `settle` inside its transaction. On any failure the files go again and the error is rethrown.
 */
export async function storeFilesWithRows<T>(
  writes: PendingWrites,
  files: FileToStore[],
  insert: (settle: SettleUploads) => Promise<T>,
): Promise<T> {
  try {
    await writes.put(files);
    return await insert(writes.settle);
  } catch (error) {
    await writes.rollback();
    throw error;
  }
}

/** What stores a request's files with their rows (`app.pendingUploads`). */
export interface FileStore {
  storeFilesWithRows<T>(files: FileToStore[], insert: (settle: SettleUploads) => Promise<T>): Promise<T>;
}

/** The files to store for one row, and that row (which references them). */
export interface FilesWithRow<Row> {
  files: FileToStore[];
  row: Row;
}

/**
 * The upload sequence of every command: stores the files of each row, then runs `insert` with the rows (it calls `settle` in
 * its transaction); a failure after storing removes the files again (unless another row uses the same content).
 */
export function storeEachWithRow<Row, T>(
  store: FileStore,
  items: readonly FilesWithRow<Row>[],
  insert: (rows: Row[], settle: SettleUploads) => Promise<T>,
): Promise<T> {
  return store.storeFilesWithRows(
    items.flatMap((item) => item.files),
    (settle) => insert(
      items.map((item) => item.row),
      settle,
    ),
  );
}
