/** SQL for the one-off re-encoding of stored registration documents (domains/businesses/document-reencoding.ts). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { vendorDocuments } from '../../../db/schema.ts';

export function createStoredDocumentsRepository(db: Db) {
  return {
    listAll() {
      return db.select().from(vendorDocuments).orderBy(vendorDocuments.id);
    },

    async replaceFile(documentId: number, file: { storageKey: string; contentType: string; byteSize: number; sha256: string }): Promise<void> {
      await db.update(vendorDocuments).set(file).where(eq(vendorDocuments.id, documentId));
    },

    /** Whether a document still names the key (keys are content-addressed: one upload may be several shops' document). */
    async isKeyNamed(storageKey: string): Promise<boolean> {
      const [named] = await db.select({ id: vendorDocuments.id }).from(vendorDocuments).where(eq(vendorDocuments.storageKey, storageKey)).limit(1);
      return named !== undefined;
    },
  };
}
