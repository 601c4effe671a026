/**
 * "Download my data" (issue 15, GDPR Art. 15 and 20): a zip of `data.json` (everything Qrib holds about the account)
 * and the person's own files, built in the background, never inside a request. Builders on every replica claim
 * pending exports from the database (domains/exports/repository.ts), so a restart loses none.
 *
 * The zip is streamed (fflate's Zip): one stored file's bytes are read at a time. The finished archive is held in
 * memory once, because Storage.put takes a Buffer; a streaming put would need a change to the storage interface.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { AccountData, DataExportsRepository } from './repository.ts';
import type { Storage } from '../../storage/storage.ts';
import type { FileStore } from '../../kernel/pending-writes.ts';

/** The version of data.json's layout; raised whenever a section changes shape. */
/** 2: signInMethods (issue 27), businessChanges and business.cover (issue 28) added. 3: staffMembership, staffInvitations. */
export const DATA_EXPORT_FORMAT = 3;
/** How often the queue and expired archives are looked at without being woken. */
export const DATA_EXPORT_POLL_MS = 60_000;
/** How long closing waits for an archive being built (its claim goes stale and another replica builds it). */
const CLOSE_GRACE_MS = 10_000;

/**
 * Every table with a foreign key to users(id), and the data.json section that holds the account's rows of it. A
 * test compares this with the database's catalogue, so a new table cannot be forgotten.
 */
export const EXPORTED_TABLES: Record<string, string> = {
  users: 'profile',
  favorites: 'favourites',
  offer_claims: 'claims',
  receipts: 'receipts',
  shop_visits: 'visits',
  notifications: 'notifications',
  reviews: 'reviews',
  reports: 'reports',
  offer_events: 'offerEvents',
  vendors: 'business',
  admin_actions: 'adminActions',
  // Issue 27: the identity providers the account signs in with.
  user_identities: 'signInMethods',
  // Issue 28: the changes the person made to a shop's page (who, when, before, after).
  vendor_changes: 'businessChanges',
  // Issue 28 §4: the business the person belongs to, and the staff invitations they sent or accepted.
  vendor_members: 'staffMembership',
  staff_invitations: 'staffInvitations',
  // Issue 29 §2: the person's stamps and stamp-card rewards (and those they stamped or redeemed at a shop's till).
  stamps: 'stamps',
  stamp_rewards: 'stampRewards',
  stamp_passes: 'stampPass',
  // Issue 29 §1: the devices subscribed to pushes (their push service's address, when; not the keys).
  push_subscriptions: 'pushSubscriptions',
  // What the person chose to be pushed: the switches, the nearby place and distance, the cap and quiet hours.
  push_settings: 'pushSettings',
};

/** Tables with a foreign key to users(id) that are deliberately not exported, and why. */
export const TABLES_NOT_EXPORTED: Record<string, string> = {
  sessions: 'sign-in sessions: security records of the service, revoked or expired within days',
  account_tokens: 'hashes of one-time links; the links themselves were mailed to the person',
  mail_outbox: 'the queue of mails being sent; the mails themselves went to the person',
  data_exports: 'the exports themselves',
  // Issue 29 §1: what each push said is the notification it followed (exported) or an offer's reminder.
  push_outbox: 'the queue of pushes being sent; what they said is in notifications, or was the offers’ reminders',
  // Issue 24 (ADR 016): to be reviewed with whoever answers access requests; the listed purchases and reviews themselves
  // are in the export (claims, receipts, reviews).
  suspicious_activity: 'the admins’ queue of bursts of activity at a shop; an admin’s decisions on it are in adminActions',
  suspicious_activity_items: 'which of the account’s purchases and reviews an anti-abuse check listed for an admin, kept out of the export so the check is not taught to those it looks for',
};

interface ArchiveFile {
  /** The path inside the zip. */
  path: string;
  storageKey: string;
}

function extensionOf(storageKey: string): string {
  const dot = storageKey.lastIndexOf('.');
  return dot === -1 ? 'bin' : storageKey.slice(dot + 1);
}

/** data.json's content and the stored files that go beside it, from the account's rows. */
export function describeArchive(data: AccountData, exportedAt: Date) {
  const files: ArchiveFile[] = [];
  const filesOfReceipt = new Map<number, string[]>();
  for (const file of data.receiptFiles) {
    const list = filesOfReceipt.get(file.receiptId) ?? [];
    const path = `receipts/${file.receiptId}/${list.length + 1}.${extensionOf(file.storageKey)}`;
    list.push(path);
    filesOfReceipt.set(file.receiptId, list);
    files.push({ path, storageKey: file.storageKey });
  }

  const receipts = data.receipts.map(({ receipt, businessName, offerTitle }) => {
    const { processingStartedAt: _processingStartedAt, ...fields } = receipt;
    return { ...fields, businessName, offerTitle, files: filesOfReceipt.get(receipt.id) ?? [] };
  });

  let business = null;
  if (data.business) {
    const { vendor, documents, offers, images } = data.business;
    const { currentOfferUntil: _currentOfferUntil, logoKey, coverKey, ...vendorFields } = vendor;
    let logo: string | null = null;
    if (logoKey) {
      logo = `business/logo.${extensionOf(logoKey)}`;
      files.push({ path: logo, storageKey: logoKey });
    }
    let cover: string | null = null;
    if (coverKey) {
      cover = `business/cover.${extensionOf(coverKey)}`;
      files.push({ path: cover, storageKey: coverKey });
    }
    const documentList = documents.map((document, index) => {
      const path = `business/documents/${index + 1}.${extensionOf(document.storageKey)}`;
      files.push({ path, storageKey: document.storageKey });
      const { storageKey: _storageKey, vendorId: _vendorId, ...fields } = document;
      return { ...fields, file: path };
    });
    const photosOfOffer = new Map<number, string[]>();
    for (const image of images) {
      const list = photosOfOffer.get(image.offerId) ?? [];
      // The largest variant the shop's photo was stored as.
      const path = `offers/${image.offerId}/${list.length + 1}.${extensionOf(image.detailKey)}`;
      list.push(path);
      photosOfOffer.set(image.offerId, list);
      files.push({ path, storageKey: image.detailKey });
    }
    business = {
      ...vendorFields,
      logo,
      cover,
      documents: documentList,
      offers: offers.map(({ offer, categoryName }) => ({ ...offer, categoryName, photos: photosOfOffer.get(offer.offerId) ?? [] })),
    };
  }

  const json = {
    format: DATA_EXPORT_FORMAT,
    exportedAt: exportedAt.toISOString(),
    profile: data.profile,
    preferences: data.preferences,
    favourites: data.favourites,
    claims: data.claims.map(({ claim, ...offer }) => ({ ...claim, offer })),
    receipts,
    visits: data.visits.map(({ visit, businessName }) => ({ ...visit, businessName })),
    notifications: data.notifications,
    reviews: data.reviews.map(({ review, businessName }) => ({ ...review, businessName })),
    reports: data.reports,
    offerEvents: data.offerEvents,
    adminActions: data.adminActions,
    signInMethods: data.signInMethods.map(({ id: _id, userId: _userId, ...identity }) => identity),
    businessChanges: data.businessChanges.map(({ id: _id, changedByUserId: _by, ...change }) => change),
    staffMembership: data.staffMembership.map(({ userId: _userId, addedByUserId: _by, ...membership }) => membership),
    // The link's hash is a credential's fingerprint, not the person's data.
    staffInvitations: data.staffInvitations.map(({ tokenHash: _hash, invitedByUserId: _by, acceptedByUserId: _accepted, ...invitation }) => invitation),
    stamps: data.stamps.map(({ stamp, businessName }) => ({ ...stamp, businessName })),
    stampRewards: data.stampRewards.map(({ reward, businessName }) => ({ ...reward, businessName })),
    stampPass: data.stampPass,
    stampsGiven: data.stampsGiven,
    rewardsRedeemedAtTill: data.rewardsRedeemedAtTill,
    pushSubscriptions: data.pushSubscriptions,
    pushSettings: data.pushSettings,
    business,
  };
  return { json, files };
}

export interface BuiltArchive {
  bytes: Buffer;
  sha256: string;
  /** Files named in data.json that storage no longer had (left out of the zip). */
  missingFiles: string[];
}

/** Streams data.json and the stored files into one zip. */
export async function buildArchive(data: AccountData, storage: Storage, exportedAt: Date): Promise<BuiltArchive> {
  const { json, files } = describeArchive(data, exportedAt);
  const chunks: Uint8Array[] = [];
  const hash = createHash('sha256');
  let finish: (error?: Error) => void = () => undefined;
  const finished = new Promise<void>((resolve, reject) => {
    finish = (error) => (error ? reject(error) : resolve());
  });
  const zip = new Zip((error, chunk, isFinal) => {
    if (error) return finish(error);
    chunks.push(chunk);
    hash.update(chunk);
    if (isFinal) finish();
  });

  const missingFiles: string[] = [];
  for (const file of files) {
    const stored = await storage.get(file.storageKey);
    if (!stored) {
      missingFiles.push(file.path);
      continue;
    }
    // Photos and PDFs are compressed already: stored as they are.
    const entry = new ZipPassThrough(file.path);
    entry.mtime = exportedAt;
    zip.add(entry);
    for await (const chunk of stored.body) entry.push(chunk instanceof Uint8Array ? chunk : Buffer.from(String(chunk)));
    entry.push(new Uint8Array(0), true);
  }

  const dataJson = new ZipDeflate('data.json', { level: 6 });
  dataJson.mtime = exportedAt;
  zip.add(dataJson);
  dataJson.push(new TextEncoder().encode(`${JSON.stringify({ ...json, missingFiles }, null, 2)}\n`), true);
  zip.end();
  await finished;
  return { bytes: Buffer.concat(chunks), sha256: hash.digest('hex'), missingFiles };
}

export interface DataExportWorker {
  /** Looks at the queue now (after a request, at start-up, on a timer). */
  wake(): void;
  /** Resolves once the queue is empty and nothing is being built (tests). */
  drain(): Promise<void>;
  /** Deletes the archives of expired exports (their rows stay, for the 410); answers how many. */
  sweep(): Promise<number>;
  /**
   * Deletes the archives under private/exports/ that no export names and that were written before `olderThan`
   * (issue 25: left by a build whose export went away); answers how many.
   */
  removeOrphanArchives(olderThan: Date): Promise<number>;
  /** Stops claiming and waits a while for the archive being built. */
  close(): Promise<void>;
}

/** The folder of the archives: a key is `private/exports/<sha256>.zip`. */
export const DATA_EXPORT_FOLDER = 'private/exports';

/** A claimed export that another replica finished meanwhile (this build's archive is not needed). */
class ExportNoLongerPending extends Error {}

export function createDataExportWorker({
  exports,
  storage,
  files,
  log,
}: {
  exports: DataExportsRepository;
  storage: Storage;
  /** Stores the archive as a pending upload until its export names it, so a build killed in between leaves nothing. */
  files: FileStore;
  log: FastifyBaseLogger;
}): DataExportWorker {
  let isClosed = false;
  let running: Promise<void> | undefined;
  let isWakeRequested = false;

  async function buildOne(exportId: string, userId: number): Promise<void> {
    const data = await exports.collectAccountData(userId);
    if (!data) throw new Error('the account no longer exists');
    const archive = await buildArchive(data, storage, new Date());
    if (archive.missingFiles.length > 0) log.warn({ exportId, missingFiles: archive.missingFiles }, 'data export: stored files missing');
    const storageKey = `${DATA_EXPORT_FOLDER}/${archive.sha256}.zip`;
    try {
      // The file goes again when marking fails or finds the export no longer pending (the store undoes it).
      await files.storeFilesWithRows([{ key: storageKey, body: archive.bytes, contentType: 'application/zip' }], async (settle) => {
        if (!(await exports.markReady(exportId, storageKey, archive.bytes.byteLength, settle))) throw new ExportNoLongerPending();
      });
    } catch (error) {
      if (error instanceof ExportNoLongerPending) return;
      throw error;
    }
    log.info({ exportId, sizeBytes: archive.bytes.byteLength }, 'data export ready');
  }

  async function run(): Promise<void> {
    try {
      while (!isClosed) {
        isWakeRequested = false;
        const abandoned = await exports.failAbandoned();
        if (abandoned.length > 0) log.error({ exportIds: abandoned }, 'data export FAILED: its last build was interrupted');
        const claimed = await exports.claimNext();
        if (!claimed) {
          if (isWakeRequested) continue;
          break;
        }
        try {
          await buildOne(claimed.exportId, claimed.userId);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const outcome = await exports.markAttemptFailed(claimed.exportId, claimed.attempts, message);
          log.error({ err: error, exportId: claimed.exportId, attempts: claimed.attempts, outcome }, 'data export failed');
        }
      }
    } catch (error) {
      log.error({ err: error }, 'data export queue unavailable');
    }
  }

  function wake(): void {
    if (isClosed) return;
    isWakeRequested = true;
    running ??= run().finally(() => {
      running = undefined;
      // A request may have woken us between the last empty claim and here.
      if (isWakeRequested) wake();
    });
  }

  return {
    wake,
    async drain() {
      wake();
      while (running) await running;
    },
    async sweep() {
      let removed = 0;
      for (const archive of await exports.listExpiredArchives()) {
        await storage.delete(archive.storageKey);
        await exports.forgetArchive(archive.exportId);
        removed += 1;
      }
      return removed;
    },
    async removeOrphanArchives(olderThan) {
      const keys = await storage.list(DATA_EXPORT_FOLDER, { modifiedBefore: olderThan });
      const named = await exports.findArchiveKeys(keys);
      const orphans = keys.filter((key) => !named.has(key));
      for (const key of orphans) await storage.delete(key);
      return orphans.length;
    },
    async close() {
      isClosed = true;
      const current = running;
      if (current) await Promise.race([current, new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref())]);
    },
  };
}
