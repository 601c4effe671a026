/**
 * Rate-limit counters in PostgreSQL, so every API replica counts against the same limit (ADR 010). A counter
 * is a fixed window: the first hit sets `reset_at`; hits before it add one; the first hit after it starts again.
 */
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';

export interface CounterState {
  /** Hits in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/** Far below int4's limit: a flood cannot overflow the column, and anything above the limit is refused anyway. */
const COUNT_CEILING = 1_000_000_000;

export function createRateLimitCountersRepository(db: Db) {
  return {
    /** Counts one hit in one statement (the row lock makes concurrent hits from every replica add up). */
    async increment(key: string, windowMs: number): Promise<CounterState> {
      const [row] = await selectRows<{ count: number; ttl: number }>(
        db,
        sql`
          INSERT INTO rate_limit_counters AS c (key, count, reset_at)
          VALUES (${key}, 1, now() + ${windowMs}::float8 * interval '1 millisecond')
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN c.reset_at <= now() THEN 1 ELSE least(c.count + 1, ${COUNT_CEILING}::integer) END,
            reset_at = CASE WHEN c.reset_at <= now() THEN excluded.reset_at ELSE c.reset_at END
          RETURNING count, (extract(epoch FROM reset_at - now()) * 1000)::float8 AS ttl
        `,
      );
      if (!row) throw new Error('rate-limit counter was not written');
      return { current: row.count, ttl: Math.max(0, Math.ceil(row.ttl)) };
    },

    /** The counter as it stands, without counting a hit (0 hits when it has none or its window is over). */
    async read(key: string): Promise<CounterState> {
      const [row] = await selectRows<{ count: number; ttl: number }>(
        db,
        sql`
          SELECT count, (extract(epoch FROM reset_at - now()) * 1000)::float8 AS ttl
          FROM rate_limit_counters WHERE key = ${key} AND reset_at > now()
        `,
      );
      return row ? { current: row.count, ttl: Math.max(0, Math.ceil(row.ttl)) } : { current: 0, ttl: 0 };
    },

    /** Removes counters whose window is over (a new hit would start them at 1 anyway). Answers how many. */
    async deleteExpired(): Promise<number> {
      const rows = await selectRows<{ key: string }>(
        db,
        sql`DELETE FROM rate_limit_counters WHERE reset_at <= now() RETURNING key`,
      );
      return rows.length;
    },
  };
}

export type RateLimitCountersRepository = ReturnType<typeof createRateLimitCountersRepository>;
