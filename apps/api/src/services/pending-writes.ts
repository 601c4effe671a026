/**
 * Stored files a request creates, so a request that fails after writing can remove exactly what it added.
 * Keys are content-addressed: a key that already existed belongs to someone else and is never removed here.
 */
import type { Storage } from '../storage/storage.ts';

export class PendingWrites {
  private readonly created: string[] = [];

  constructor(private readonly storage: Storage) {}

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    if (await this.storage.exists(key)) return;
    await this.storage.put(key, body, contentType);
    this.created.push(key);
  }

  /**
   * Removes what this request created, except keys a row references: another request may have stored the
   * same content in the meantime and saved its row (a stray file is harmless, a missing one is not).
   */
  async rollback(isReferenced: (key: string) => Promise<boolean>): Promise<void> {
    const created = this.created.splice(0);
    await Promise.allSettled(
      created.map(async (key) => {
        if (!(await isReferenced(key))) await this.storage.delete(key);
      }),
    );
  }
}
