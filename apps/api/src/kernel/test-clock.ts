/**
 * An injected clock for browser tests (issue 29 §2: stamps across three Malta days), on only when TEST_CLOCK=true:
 * this process's `Date` runs `offsetMs` from the machine's clock, and `PUT /__test/clock {offsetMs}` sets the offset,
 * for a request from this machine carrying TEST_CLOCK_TOKEN (config.ts refuses TEST_CLOCK on a server that listens
 * beyond loopback or trusts a proxy, where every request could look local). Everything of the process reads it: the app's Malta days, sessions, and the embedded
 * database's now() (PGlite reads the process's clock); a PostgreSQL server keeps its own. Never on in production:
 * the e2e config starts a second server with it, which only e2e/stamp-clock-desktop.spec.ts uses.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

const RealDate = Date;
let offsetMs = 0;

/** Puts the machine's clock back (tests of this module). */
export function uninstallTestClock(): void {
  offsetMs = 0;
  globalThis.Date = RealDate;
}

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

function sameToken(given: unknown, token: string): boolean {
  if (typeof given !== 'string') return false;
  const [a, b] = [Buffer.from(given), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The route that moves the clock; not in the API document. */
export async function testClockRoutes(app: FastifyInstance, options: { token: string }): Promise<void> {
  app.put<{ Body: { offsetMs?: unknown } }>('/__test/clock', { schema: { hide: true } }, async (request, reply) => {
    if (!LOOPBACK.has(request.ip) || !sameToken(request.headers['x-test-clock-token'], options.token)) {
      return reply.code(403).send({ statusCode: 403, error: 'Forbidden', message: 'The test clock is set from this machine, with its token, only.' });
    }
    const requested = request.body?.offsetMs;
    if (typeof requested !== 'number' || !Number.isSafeInteger(requested)) {
      return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: 'offsetMs must be a whole number of milliseconds.' });
    }
    offsetMs = requested;
    return { offsetMs, now: new Date().toISOString() };
  });
}
