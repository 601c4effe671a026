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

  async rollback(): Promise<void> {
    await Promise.allSettled(this.created.map((key) => this.storage.delete(key)));
    this.created.length = 0;
  }
}
