/**
 * SQL for sessions (issue 10) and for counting failed logins per account. Revocations are announced with
 * NOTIFY on `qrib_sessions` in the same statement, so the message leaves only when the revocation commits.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../db/client.ts';
import { createRateLimitCountersRepository } from './rate-limit-counters.ts';

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
 * Failed logins per account, in the counters every replica shares (`rate_limit_counters`). Read without counting
 * (the delay applies before an attempt is judged) and counted only when it fails. The key starts with '!', which
 * no rate limiter's name can, so the two never meet.
 */
export function createLoginFailuresRepository(db: Db) {
  const counters = createRateLimitCountersRepository(db);
  const keyOf = (username: string) => `!login-failures:${username.trim().toLowerCase()}`;
  return {
    async count(username: string): Promise<number> {
      return (await counters.read(keyOf(username))).current;
    },

    async record(username: string, windowMs: number): Promise<void> {
      await counters.increment(keyOf(username), windowMs);
    },
  };
}

export type LoginFailuresRepository = ReturnType<typeof createLoginFailuresRepository>;
