/**
 * The per-process budget of uploaded bytes (issue 25) and one request's share of it with its temporary files:
 * plugins/uploads.ts keeps one of each per process and request, kernel/multipart.ts writes through them.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';

/** Bytes shared by every upload of this process: a reservation that would go over is refused, never queued. */
export class UploadBudget {
  private used = 0;
  constructor(readonly limit: number) {}

  get inFlight(): number {
    return this.used;
  }

  tryReserve(bytes: number): boolean {
    if (this.used + bytes > this.limit) return false;
    this.used += bytes;
    return true;
  }

  release(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }
}

/** One request's temporary files and reserved bytes; `dispose` gives both back (again is harmless). */
export class RequestUploads {
  private readonly paths: string[] = [];
  private reserved = 0;
  /** Reserved ahead and not used yet. */
  private credit = 0;
  private hasReservedAhead = false;
  private disposed = false;

  constructor(
    private readonly budget: UploadBudget,
    private readonly dir: string,
  ) {}

  /**
   * A new temporary file's path, removed by `dispose`. The folder is made again if it went (a /tmp cleaner removes an
   * idle server's empty folder), else every upload would fail until a restart.
   */
  async newTemporaryPath(): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${randomUUID()}.upload`);
    this.paths.push(file);
    return file;
  }

  /** False when the budget cannot take `bytes` more (or the request has ended). */
  reserve(bytes: number): boolean {
    if (this.disposed) return false;
    const fromCredit = Math.min(this.credit, bytes);
    if (!this.budget.tryReserve(bytes - fromCredit)) return false;
    this.credit -= fromCredit;
    this.reserved += bytes - fromCredit;
    return true;
  }

  /**
   * Reserves what the request says it will send (once per request), so uploads admitted together can all finish:
   * growing side by side, each a chunk at a time, they would fill the budget together and all be refused.
   */
  reserveAhead(bytes: number): boolean {
    if (this.hasReservedAhead || bytes <= 0) return true;
    if (this.disposed || !this.budget.tryReserve(bytes)) return false;
    this.hasReservedAhead = true;
    this.credit += bytes;
    this.reserved += bytes;
    return true;
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.budget.release(this.reserved);
    this.reserved = 0;
    this.credit = 0;
    await Promise.allSettled(this.paths.splice(0).map((file) => rm(file, { force: true })));
  }
}
