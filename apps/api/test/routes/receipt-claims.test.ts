/**
 * Issue 25, finding 10: a receipt claimed by a process that died is taken over as soon as that process is known dead
 * (its owner lock is gone on PostgreSQL, it is no app of this process on PGlite, or its heartbeat stopped 30 s
 * ago), never after minutes; a claim its live process is still beating is never taken, however old.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { receiptResponseSchema } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { receipts } from '../../src/db/schema.ts';
import { isOwnerAliveSql } from '../../src/kernel/repository/process-owners.ts';
import { createReceiptChecksRepository, type ReceiptClaimant } from '../../src/domains/receipts/repository/receipt-checks.ts';
import { multipartBody } from '../fixtures.ts';
import { buildShop } from '../factories.ts';
import { bodyOf, createTestApp, createTestDatabase, signUp, type TestDatabase } from '../helpers.ts';
import { makeScannedPdf } from '../receipt-images.ts';

let testDb: TestDatabase;
let uploads: string;
const storage = () => ({ driver: 'local', rootDir: uploads }) as const;
/** This process's app, with verification off: the tests claim through its repository by hand. */
let app: App;
/** A second live process (another replica). */
let otherApp: App;
let shopper: Awaited<ReturnType<typeof signUp>>;
/** Receipts a test uploaded, marked checked afterwards so no other test's queue sees them. */
let uploaded: number[] = [];

function claimantOf(of: App): ReceiptClaimant {
  return { owner: of.pendingUploads.owner, isOwnerAlive: (ownerColumn) => isOwnerAliveSql(of.database, ownerColumn) };
}

async function uploadReceipts(count: number): Promise<number[]> {
  const { vendorId } = await buildShop(app);
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const { payload, headers } = multipartBody({ vendorId }, [
      { field: 'files', filename: 'receipt.pdf', contentType: 'application/pdf', content: makeScannedPdf(`claims-${Date.now()}-${index}`) },
    ]);
    const response = await app.inject({ method: 'POST', url: '/api/v1/file/upload-bills', payload, headers, cookies: shopper.cookies });
    expect(response.statusCode, response.body).toBe(201);
    ids.push(bodyOf(response, receiptResponseSchema).data.receiptId);
  }
  uploaded.push(...ids);
  return ids;
}

/** An app that claims and then goes away (its process died), as a replica killed mid-check. */
async function claimByProcessThatDies(): Promise<number | undefined> {
  const gone = await createTestApp(testDb.database, { storage: storage(), receiptOcrWorkers: 0 });
  try {
    return await createReceiptChecksRepository(testDb.database.db, claimantOf(gone)).claimNext();
  } finally {
    await gone.close();
  }
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  uploads = mkdtempSync(path.join(tmpdir(), 'qrib-claims-uploads-'));
  app = await createTestApp(testDb.database, { storage: storage(), receiptOcrWorkers: 0 });
  otherApp = await createTestApp(testDb.database, { storage: storage(), receiptOcrWorkers: 0 });
  shopper = await signUp(app);
});

afterEach(async () => {
  if (uploaded.length > 0) await testDb.database.db.update(receipts).set({ checkedAt: new Date() }).where(inArray(receipts.id, uploaded));
  uploaded = [];
});

afterAll(async () => {
  await app.close();
  await otherApp.close();
  await testDb.drop();
  rmSync(uploads, { recursive: true, force: true });
});

describe('stalled receipt claims', () => {
  it('takes over at once the receipt a dead process claimed, and then the one behind it', async () => {
    const [first, second] = await uploadReceipts(2);
    expect(await claimByProcessThatDies()).toBe(first);
    const mine = createReceiptChecksRepository(testDb.database.db, claimantOf(app));
    // The claim is seconds old: only the death of its process lets it go.
    expect(await mine.claimNext()).toBe(first);
    await testDb.database.db.update(receipts).set({ checkedAt: new Date() }).where(eq(receipts.id, first ?? -1));
    expect(await mine.claimNext()).toBe(second);
  });

  it('never takes a claim its live process is still beating, however long the check has run', async () => {
    const [first] = await uploadReceipts(2);
    const other = createReceiptChecksRepository(testDb.database.db, claimantOf(otherApp));
    expect(await other.claimNext()).toBe(first);
    // Claimed ten minutes ago (the old rule took claims back after five) and beating now.
    await testDb.database.db.update(receipts).set({ processingStartedAt: sql`now() - interval '10 minutes'` }).where(eq(receipts.id, first ?? -1));
    await other.beatClaims([first ?? -1]);
    const mine = createReceiptChecksRepository(testDb.database.db, claimantOf(app));
    // Neither the claimed receipt nor the one behind it at the same shop.
    expect(await mine.claimNext()).toBeUndefined();
  });

  it('takes over a claim whose heartbeat stopped more than 30 s ago, though its process lives; a beat keeps it', async () => {
    const [receiptId] = await uploadReceipts(1);
    const other = createReceiptChecksRepository(testDb.database.db, claimantOf(otherApp));
    const mine = createReceiptChecksRepository(testDb.database.db, claimantOf(app));
    expect(await other.claimNext()).toBe(receiptId);
    const silence = sql`now() - interval '31 seconds'`;
    await testDb.database.db.update(receipts).set({ claimHeartbeatAt: silence }).where(eq(receipts.id, receiptId ?? -1));
    // Another process's beat does not renew a claim that is not its own; the owner's does.
    await mine.beatClaims([receiptId ?? -1]);
    await other.beatClaims([receiptId ?? -1]);
    expect(await mine.claimNext()).toBeUndefined();
    await testDb.database.db.update(receipts).set({ claimHeartbeatAt: silence }).where(eq(receipts.id, receiptId ?? -1));
    expect(await mine.claimNext()).toBe(receiptId);
  });

  it('retries a receipt whose check failed only after a few minutes, its shop waiting meanwhile', async () => {
    const [first] = await uploadReceipts(2);
    const mine = createReceiptChecksRepository(testDb.database.db, claimantOf(app));
    expect(await mine.claimNext()).toBe(first);
    await mine.releaseFailedClaim(first ?? -1);
    expect(await mine.claimNext()).toBeUndefined();
    await testDb.database.db.update(receipts).set({ processingStartedAt: sql`now() - interval '6 minutes'` }).where(eq(receipts.id, first ?? -1));
    expect(await mine.claimNext()).toBe(first);
  });

  it('has the running verifier check a receipt a dead process claimed as soon as it looks at the queue', async () => {
    const [receiptId] = await uploadReceipts(1);
    expect(await claimByProcessThatDies()).toBe(receiptId);
    const verifying = await createTestApp(testDb.database, { storage: storage(), receiptOcrWorkers: 1 });
    try {
      await verifying.receiptVerifier.drain();
      const [row] = await testDb.database.db.select({ checkedAt: receipts.checkedAt, status: receipts.status }).from(receipts).where(eq(receipts.id, receiptId ?? -1));
      expect(row?.checkedAt).not.toBeNull();
      expect(row?.status).not.toBe('PENDING');
    } finally {
      await verifying.close();
    }
  });
});
