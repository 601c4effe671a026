/**
 * SQL for sessions (issue 10) and for counting failed logins per account. Revocations are announced with
 * NOTIFY on `qrib_sessions` in the same statement, so the message leaves only when the revocation commits.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../../db/client.ts';
import { createRateLimitCountersRepository } from '../../../kernel/repository/rate-limit-counters.ts';

export const SESSION_CHANNEL = 'qrib_sessions';

/** What a revocation message carries: one session, or every session of an account. */
export type SessionRevocation = { sessionId: string } | { userId: number };

export interface SessionRecord {
  userId: number;
  expiresAt: number;
  revokedAt: number | null;
  lastSeenAt: number;
}

export function parseSessionRevocation(payload: string): SessionRevocation | undefined {
  try {
    const value = JSON.parse(payload) as { sessionId?: unknown; userId?: unknown };
    if (typeof value.sessionId === 'string') return { sessionId: value.sessionId };
    if (typeof value.userId === 'number') return { userId: value.userId };
  } catch {
    // Not ours.
  }
  return undefined;
}

export function createSessionsRepository(db: Db) {
  return {
    async create(userId: number, lifetimeMs: number): Promise<string> {
      const id = randomBytes(18).toString('base64url');
      await db.execute(sql`
        INSERT INTO sessions (id, user_id, expires_at)
        VALUES (${id}, ${userId}, now() + ${`${Math.round(lifetimeMs / 1000)} seconds`}::interval)
      `);
      return id;
    },

    async find(sessionId: string): Promise<SessionRecord | undefined> {
      const [row] = await selectRows<{ user_id: number; expires_at: string | Date; revoked_at: string | Date | null; last_seen_at: string | Date }>(
        db,
        sql`SELECT user_id, expires_at, revoked_at, last_seen_at FROM sessions WHERE id = ${sessionId}`,
      );
      if (!row) return undefined;
      return {
        userId: Number(row.user_id),
        expiresAt: new Date(row.expires_at).getTime(),
        revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at).getTime(),
        lastSeenAt: new Date(row.last_seen_at).getTime(),
      };
    },

    async touch(sessionId: string): Promise<void> {
      await db.execute(sql`UPDATE sessions SET last_seen_at = now() WHERE id = ${sessionId}`);
    },

    /** Revokes one session; every replica hears it. */
    async revoke(sessionId: string): Promise<void> {
      await db.execute(sql`
        WITH revoked AS (
          UPDATE sessions SET revoked_at = now() WHERE id = ${sessionId} AND revoked_at IS NULL RETURNING id
        ), unsubscribed AS (
          -- Issue 29 §1: logging out of a device ends its pushes.
          DELETE FROM push_subscriptions WHERE session_id = ${sessionId}
        )
        SELECT pg_notify(${SESSION_CHANNEL}, json_build_object('sessionId', id)::text) FROM revoked
      `);
    },

    /** Revokes every session of an account; answers how many were still open. */
    async revokeAllOf(userId: number): Promise<number> {
      const rows = await selectRows<{ revoked: number }>(
        db,
        sql`
          WITH revoked AS (
            UPDATE sessions SET revoked_at = now() WHERE user_id = ${userId} AND revoked_at IS NULL RETURNING id
          ), unsubscribed AS (
            -- Issue 29 §1: logging out everywhere ends the pushes of every device of the account.
            DELETE FROM push_subscriptions WHERE user_id = ${userId}
          )
          SELECT count(*)::integer AS revoked, pg_notify(${SESSION_CHANNEL}, json_build_object('userId', ${userId}::integer)::text)
          FROM revoked
        `,
      );
      return Number(rows[0]?.revoked ?? 0);
    },

    /** Revokes every session of an account but one (a change of password keeps the session that made it). */
    async revokeOthersOf(userId: number, keepSessionId: string): Promise<number> {
      const rows = await selectRows<{ revoked: number }>(
        db,
        sql`
          WITH revoked AS (
            UPDATE sessions SET revoked_at = now()
            WHERE user_id = ${userId} AND id <> ${keepSessionId} AND revoked_at IS NULL RETURNING id
          ), unsubscribed AS (
            -- Issue 29 §1: a change of password logs the other devices out, and ends their pushes.
            DELETE FROM push_subscriptions WHERE user_id = ${userId} AND session_id IS DISTINCT FROM ${keepSessionId}
          )
          SELECT count(*)::integer AS revoked, pg_notify(${SESSION_CHANNEL}, json_build_object('userId', ${userId}::integer)::text)
          FROM revoked
        `,
      );
      return Number(rows[0]?.revoked ?? 0);
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

/**
 * Failed logins per account, in the counters every replica shares (`rate_limit_counters`). An attempt counts as a
 * failure from the moment it starts (`countAttempt`) until it proves right (`forgive`), so attempts sent at once all
 * see each other and none slips under the threshold. Past the threshold each attempt takes the account's next turn
 * (`takeTurn`). Keys start with '!', which no rate limiter's name can, so the two never meet.
 */
export function createLoginFailuresRepository(db: Db) {
  const counters = createRateLimitCountersRepository(db);
  const name = (username: string) => username.trim().toLowerCase();
  const keyOf = (username: string) => `!login-failures:${name(username)}`;
  return {
    async count(username: string): Promise<number> {
      return (await counters.read(keyOf(username))).current;
    },

    /** Counts an attempt as failed until `forgive`; answers the failures counted before it in the window. */
    async countAttempt(username: string, windowMs: number): Promise<number> {
      return (await counters.increment(keyOf(username), windowMs)).current - 1;
    },

    /** Takes back the count of an attempt that proved right. */
    async forgive(username: string): Promise<void> {
      await db.execute(sql`
        UPDATE rate_limit_counters SET count = greatest(count - 1, 0) WHERE key = ${keyOf(username)} AND reset_at > now()
      `);
    },

    /**
     * The account's next turn, `delayMs` after the end of the last one given (or after now): answers the milliseconds
     * until it ends. One statement on one row, so concurrent attempts on every replica get turns one after another,
     * and N of them wait N turns in all. The row's `reset_at` is the end of the last turn given; once it is past the
     * row means nothing more and the counters' sweep removes it.
     */
    async takeTurn(username: string, delayMs: number): Promise<number> {
      const [row] = await selectRows<{ wait: number }>(
        db,
        sql`
          INSERT INTO rate_limit_counters AS c (key, count, reset_at)
          VALUES (${`!login-turns:${name(username)}`}, 1, now() + ${delayMs}::float8 * interval '1 millisecond')
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN c.reset_at <= now() THEN 1 ELSE least(c.count + 1, 1000000000) END,
            reset_at = greatest(c.reset_at, now()) + ${delayMs}::float8 * interval '1 millisecond'
          RETURNING (extract(epoch FROM reset_at - now()) * 1000)::float8 AS wait
        `,
      );
      return Math.max(0, Math.ceil(Number(row?.wait ?? delayMs)));
    },
  };
}

export type LoginFailuresRepository = ReturnType<typeof createLoginFailuresRepository>;
