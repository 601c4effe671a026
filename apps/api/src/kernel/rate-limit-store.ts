/**
 * A store for @fastify/rate-limit that keeps its counters in the database, so API replicas on one PostgreSQL
 * share every limit instead of each counting its own (ADR 010). Each limiter counts under its `nameSpace`.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { CounterState, RateLimitCountersRepository } from './repository/rate-limit-counters.ts';

declare module '@fastify/rate-limit' {
  interface CreateRateLimitOptions {
    /**
     * Names the limiter's counters (lower-case letters, digits and dashes). Two limiters never share a
     * counter unless they share a name, whatever keys they generate.
     */
    nameSpace?: string;
  }
}

/**
 * The plugin hands a store its own settings merged with the limiter's (typed as route options, which they are
 * not); only `nameSpace`, `continueExceeding` and `exponentialBackoff` matter here.
 */
function optionOf(options: object, name: 'nameSpace' | 'continueExceeding' | 'exponentialBackoff'): unknown {
  return name in options ? (options as Record<typeof name, unknown>)[name] : undefined;
}

type Callback = (error: Error | null, result?: CounterState) => void;

const NAME_SPACE_PATTERN = /^[a-z0-9-]+$/;

export interface DatabaseRateLimitStoreOptions {
  /** Remove expired counters once every this many hits in this process (default 1000). */
  sweepEvery?: number;
  /** Told when removing expired counters fails; the hits themselves are unaffected. */
  onSweepError?: (error: unknown) => void;
}

/**
 * The store class to pass as `store` when registering @fastify/rate-limit. The plugin constructs it itself
 * with no Fastify instance, so the counters repository comes in through this closure.
 */
export function createDatabaseRateLimitStore(
  counters: RateLimitCountersRepository,
  { sweepEvery = 1000, onSweepError = () => undefined }: DatabaseRateLimitStoreOptions = {},
) {
  let hitsSinceSweep = 0;
  function countHitAndSweep() {
    hitsSinceSweep += 1;
    if (hitsSinceSweep < sweepEvery) return;
    hitsSinceSweep = 0;
    counters.deleteExpired().catch(onSweepError);
  }

  function answer(promise: Promise<CounterState>, callback: Callback) {
    promise.then(
      (state) => callback(null, state),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly keyPrefix: string;

    constructor(options: object, keyPrefix = ':') {
      // Both move a counter's window after the limit is passed; a fixed window is all Qrib's limits need.
      if (optionOf(options, 'continueExceeding') === true || optionOf(options, 'exponentialBackoff') === true) {
        throw new Error('The database rate-limit store does not support continueExceeding or exponentialBackoff');
      }
      this.keyPrefix = keyPrefix;
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      countHitAndSweep();
      answer(counters.increment(this.keyPrefix + key, timeWindow), callback);
    }

    /** The plugin reads without counting for `limiter(request, { increment: false })`. */
    read(key: string, callback: Callback) {
      answer(counters.read(this.keyPrefix + key), callback);
    }

    /** The plugin asks for a child per limiter (`createRateLimit`) with that limiter's options. */
    child(options: object) {
      const nameSpace = optionOf(options, 'nameSpace') ?? '';
      if (typeof nameSpace !== 'string' || (nameSpace !== '' && !NAME_SPACE_PATTERN.test(nameSpace))) {
        throw new Error(`A rate limiter's nameSpace must be lower-case letters, digits and dashes: ${String(nameSpace)}`);
      }
      // Names hold no ':', so a name and a key never add up to another limiter's key; limiters without a
      // name share the empty one, and their keys tell them apart.
      return new DatabaseRateLimitStore(options, `${nameSpace}:`);
    }
  }
  return DatabaseRateLimitStore satisfies FastifyRateLimitStoreCtor;
}
