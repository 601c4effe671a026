/**
 * Files of requests that died (issue 10): every process has an `owner` key that marks the storage keys it is
 * writing (`pending_uploads`); at start-up it removes the files still listed for owners that are gone, unless a
 * row references them. Replicas share the database, so on PostgreSQL a process shows it is alive by holding a
 * session-level advisory lock on its key on a connection of its own; an owner whose lock can be taken is dead.
 * The embedded PGlite lives in one process: every owner but the apps open in this process is dead.
 */
import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import type { Database } from '../db/client.ts';
import { createPendingUploadsRepository, type PendingUploadsRepository } from '../kernel/repository/pending-uploads.ts';
import { embeddedOwners, releaseOwnerLock, tryOwnerLock, waitForOwnerLock } from '../kernel/repository/process-owners.ts';
import { PendingWrites, storeFilesWithRows, type FileToStore, type SettleUploads } from '../kernel/pending-writes.ts';
import type { Storage } from '../storage/storage.ts';

const RECONNECT_DELAY_MS = 1_000;

export interface PendingUploads {
  /** This process's key in `pending_uploads.owner`. */
  readonly owner: number;
  /** Stores the files, then runs `insert`, which calls `settle` in its transaction; undoes the files on failure. */
  storeFilesWithRows<T>(files: FileToStore[], insert: (settle: SettleUploads) => Promise<T>): Promise<T>;
  /** Removes the files and rows of owners that are gone (run at start-up); answers how many rows it cleared. */
  removeAbandoned(): Promise<{ rows: number; files: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    pendingUploads: PendingUploads;
  }
}

interface OwnerKey {
  owner: number;
  /** Runs `work` if `other`'s process is gone, holding `other`'s key meanwhile (no second replica joins in). */
  whileDead(other: number, work: () => Promise<void>): Promise<boolean>;
  release(): Promise<void>;
}

function randomOwner(): number {
  return randomInt(-0x80000000, 0x7fffffff);
}

function embeddedOwnerKey(database: Database): OwnerKey {
  const owners = embeddedOwners.get(database) ?? new Set<number>();
  embeddedOwners.set(database, owners);
  let owner = randomOwner();
  while (owners.has(owner)) owner = randomOwner();
  owners.add(owner);
  return {
    owner,
    async whileDead(other, work) {
      if (owners.has(other)) return false;
      await work();
      return true;
    },
    async release() {
      owners.delete(owner);
    },
  };
}

/**
 * The owner lock on PostgreSQL. If the connection drops (a database restart), it is opened again and the lock
 * taken again, so a replica starting later does not take this live process for dead.
 */
async function postgresOwnerKey(connect: () => Promise<pg.Client>, log: FastifyBaseLogger): Promise<OwnerKey> {
  let closing = false;
  let client = await connect();
  let owner = randomOwner();
  while (!(await tryOwnerLock(client, owner))) owner = randomOwner();

  const watch = (watched: pg.Client) => {
    watched.on('error', (error) => log.warn({ err: error }, 'upload owner connection error'));
    watched.once('end', () => {
      if (!closing) void reconnect();
    });
  };
  const reconnect = async () => {
    while (!closing) {
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_DELAY_MS));
      try {
        const next = await connect();
        // Waits if another process is clearing this owner's rows right now (it thought this one dead).
        await waitForOwnerLock(next, owner);
        client = next;
        watch(next);
        if (closing) await next.end();
        log.info('upload owner lock taken again');
        return;
      } catch (error) {
        log.warn({ err: error }, 'could not take the upload owner lock again; retrying');
      }
    }
  };
  watch(client);

  return {
    owner,
    async whileDead(other, work) {
      if (!(await tryOwnerLock(client, other))) return false;
      try {
        await work();
      } finally {
        await releaseOwnerLock(client, other);
      }
      return true;
    },
    async release() {
      closing = true;
      // Ending the connection lets go of the lock.
      await client.end().catch(() => undefined);
    },
  };
}

async function removeAbandoned(
  ownerKey: OwnerKey,
  pending: PendingUploadsRepository,
  storage: Storage,
  log: FastifyBaseLogger,
): Promise<{ rows: number; files: number }> {
  const removed = { rows: 0, files: 0 };
  for (const other of await pending.listOwners()) {
    if (other === ownerKey.owner) continue;
    await ownerKey.whileDead(other, async () => {
      const rows = await pending.listForOwner(other);
      const idsByKey = new Map<string, number[]>();
      for (const row of rows) idsByKey.set(row.storageKey, [...(idsByKey.get(row.storageKey) ?? []), row.id]);
      for (const [key, ids] of idsByKey) {
        try {
          if (await pending.release(key, ids, (stored) => storage.delete(stored))) removed.files += 1;
          removed.rows += ids.length;
        } catch (error) {
          // Left for the next start-up (storage unreachable, say); this one still starts.
          log.warn({ err: error, key }, 'could not remove the file of an abandoned upload');
        }
      }
    });
  }
  return removed;
}

export default fp(
  async function pendingUploadsPlugin(app: FastifyInstance) {
    const pending = createPendingUploadsRepository(app.db);
    const { database } = app;
    const ownerKey = database.connectDedicated
      ? await postgresOwnerKey(() => database.connectDedicated?.() ?? Promise.reject(new Error('no dedicated connection')), app.log)
      : embeddedOwnerKey(database);

    app.decorate('pendingUploads', {
      owner: ownerKey.owner,
      storeFilesWithRows: (files, insert) => storeFilesWithRows(new PendingWrites(app.storage, pending, ownerKey.owner), files, insert),
      removeAbandoned: () => removeAbandoned(ownerKey, pending, app.storage, app.log),
    } satisfies PendingUploads);

    app.addHook('onReady', async () => {
      const removed = await app.pendingUploads.removeAbandoned();
      if (removed.rows > 0) app.log.info(removed, 'removed the files of uploads that never finished');
    });
    app.addHook('onClose', () => ownerKey.release());
  },
  { name: 'pending-uploads', dependencies: ['database', 'storage'] },
);
