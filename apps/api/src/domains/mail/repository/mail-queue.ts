/**
 * The mail queue's sending side (issue 15): the mailer (domains/mail/mailer.ts) claims due rows of `mail_outbox` in small
 * batches (`FOR UPDATE SKIP LOCKED`, so replicas never send one mail twice), then marks each sent, to be retried or
 * failed. A claim is held until `locked_until`; a replica that died mid-send leaves it to be claimed again after.
 * Rows are inserted by domains/mail/repository/mail-outbox.ts and by the notifications trigger (migration 0017).
 */
import { sql } from 'drizzle-orm';
import type { MailKind } from '@qrib/shared';
import { selectRows, type Db } from '../../../db/client.ts';

/** A claimed mail, with what is read of its account at send time. */
export interface ClaimedMail {
  id: number;
  userId: number | null;
  toAddress: string;
  kind: MailKind;
  payload: Record<string, string | number | boolean | null>;
  secret: string | null;
  /** This attempt's number (1 for the first). */
  attempts: number;
  /** The account's preferences now (language, Email Notifications); null without an account. */
  preferences: { language?: string; emailNotifications?: boolean } | null;
  /** Whether the account has been deleted since the mail was queued. */
  isAccountDeleted: boolean;
}

interface ClaimedRow {
  id: number | string;
  user_id: number | null;
  to_address: string;
  kind: MailKind;
  payload: Record<string, string | number | boolean | null> | string;
  secret: string | null;
  attempts: number;
  preferences: { language?: string; emailNotifications?: boolean } | string | null;
  is_account_deleted: boolean | null;
}

function parsedJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

export function createMailQueueRepository(db: Db) {
  return {
    /** Claims up to `limit` due mails (PENDING and due, or SENDING with a lapsed claim) for `lockMs`; attempts + 1. */
    async claimDue(limit: number, lockMs: number): Promise<ClaimedMail[]> {
      const rows = await selectRows<ClaimedRow>(
        db,
        sql`
        WITH due AS (
          SELECT id FROM mail_outbox
          WHERE (status = 'PENDING' AND next_attempt_at <= now())
             OR (status = 'SENDING' AND locked_until < now())
          ORDER BY next_attempt_at, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        UPDATE mail_outbox m
        SET status = 'SENDING', attempts = m.attempts + 1,
            locked_until = now() + make_interval(secs => ${lockMs / 1000})
        FROM due
        WHERE m.id = due.id
        RETURNING m.id, m.user_id, m.to_address, m.kind, m.payload, m.secret, m.attempts,
          (SELECT u.preferences FROM users u WHERE u.id = m.user_id) AS preferences,
          (SELECT u.deleted_at IS NOT NULL FROM users u WHERE u.id = m.user_id) AS is_account_deleted
      `,
      );
      return rows
        .map((row) => ({
          id: Number(row.id),
          userId: row.user_id,
          toAddress: row.to_address,
          kind: row.kind,
          payload: parsedJson(row.payload),
          secret: row.secret,
          attempts: row.attempts,
          preferences: row.preferences === null ? null : parsedJson(row.preferences),
          isAccountDeleted: row.is_account_deleted === true,
        }))
        .sort((a, b) => a.id - b.id);
    },

    /**
     * Renews this claim just before its mail is sent (the claim is the row still SENDING with the attempt count it was
     * claimed with, not lapsed). False: another replica took the mail over after this claim lapsed, so it is not sent here.
     */
    async renewClaim(mail: { id: number; attempts: number }, lockMs: number): Promise<boolean> {
      const rows = await selectRows<{ id: number }>(
        db,
        sql`
        UPDATE mail_outbox SET locked_until = now() + make_interval(secs => ${lockMs / 1000})
        WHERE id = ${mail.id} AND status = 'SENDING' AND attempts = ${mail.attempts} AND locked_until > now()
        RETURNING id
      `,
      );
      return rows.length > 0;
    },

    /**
     * Sent (or deliberately not sent: `note` says why): the link's token is forgotten. Only under this claim (status
     * SENDING, the same attempt), so a replica whose claim lapsed never overwrites what the one that took over wrote.
     */
    async markSent(mail: { id: number; attempts: number }, note: string | null = null): Promise<void> {
      await db.execute(sql`
        UPDATE mail_outbox SET status = 'SENT', sent_at = now(), secret = NULL, locked_until = NULL, last_error = ${note}
        WHERE id = ${mail.id} AND status = 'SENDING' AND attempts = ${mail.attempts}
      `);
    },

    /** Whether the one-time link with this token hash can still be followed (unused, unexpired). */
    async isLinkUsable(tokenHash: string): Promise<boolean> {
      const rows = await selectRows<{ id: number }>(
        db,
        // Issue 28 §4: a staff invitation withdrawn, replaced, used or expired before its mail went out is not sent either.
        sql`SELECT id FROM account_tokens WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > now()
            UNION ALL
            SELECT id FROM staff_invitations WHERE token_hash = ${tokenHash} AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()`,
      );
      return rows.length > 0;
    },

    /** Deletes finished mails (SENT or FAILED) queued before `cutoff`: their addresses and payloads are kept no longer. Answers how many. */
    async deleteFinishedBefore(cutoff: Date): Promise<number> {
      const rows = await selectRows<{ id: number }>(
        db,
        sql`DELETE FROM mail_outbox WHERE status IN ('SENT', 'FAILED') AND created_at < ${cutoff.toISOString()}::timestamptz RETURNING id`,
      );
      return rows.length;
    },

    /** A failed attempt: tried again after `retryInMs`, or FAILED for good (token forgotten) when `isFinal`. */
    async markFailed(mail: { id: number; attempts: number }, error: string, options: { isFinal: boolean; retryInMs: number }): Promise<void> {
      const message = error.slice(0, 1000);
      const mine = sql`id = ${mail.id} AND status = 'SENDING' AND attempts = ${mail.attempts}`;
      await db.execute(
        options.isFinal
          ? sql`UPDATE mail_outbox SET status = 'FAILED', secret = NULL, locked_until = NULL, last_error = ${message} WHERE ${mine}`
          : sql`
            UPDATE mail_outbox SET status = 'PENDING', locked_until = NULL, last_error = ${message},
              next_attempt_at = now() + make_interval(secs => ${options.retryInMs / 1000})
            WHERE ${mine}
          `,
      );
    },
  };
}

export type MailQueueRepository = ReturnType<typeof createMailQueueRepository>;
