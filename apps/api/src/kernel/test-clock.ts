/**
 * An injected clock for browser tests (issue 29 §2: stamps across three Malta days), on only when TEST_CLOCK=true:
 * this process's `Date` runs `offsetMs` from the machine's clock, and `PUT /__test/clock {offsetMs}` (from this
 * machine only) sets the offset. Everything of the process reads it: the app's Malta days, sessions, and the embedded
 * database's now() (PGlite reads the process's clock); a PostgreSQL server keeps its own. Never on in production:
 * the e2e config starts a second server with it, which only e2e/stamp-clock-desktop.spec.ts uses.
 */
import type { FastifyInstance } from 'fastify';

const RealDate = Date;
let offsetMs = 0;

/** Replaces the global Date with one `offsetMs` ahead of (or behind) the machine's clock. Once, at boot. */
export function installTestClock(): void {
  if (globalThis.Date !== RealDate) return;
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offsetMs);
      else super(...(args as [string | number | Date]));
    }

    static override now(): number {
      return RealDate.now() + offsetMs;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The route that moves the clock; not in the API document. */
export async function testClockRoutes(app: FastifyInstance): Promise<void> {
  app.put<{ Body: { offsetMs?: unknown } }>('/__test/clock', { schema: { hide: true } }, async (request, reply) => {
    if (!LOOPBACK.has(request.ip)) return reply.code(403).send({ statusCode: 403, error: 'Forbidden', message: 'The test clock is set from this machine only.' });
    const requested = request.body?.offsetMs;
    if (typeof requested !== 'number' || !Number.isSafeInteger(requested)) {
      return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: 'offsetMs must be a whole number of milliseconds.' });
    }
    offsetMs = requested;
    return { offsetMs, now: new Date().toISOString() };
  });
}
