/**
 * SQL for getting into and keeping an account (domains/accounts/account-access.ts): a pending address, verifying
 * one, turning mail off. Every function runs on the database or on the caller's transaction.
 */
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../../db/client.ts';

export function createAccountAccessRepository(db: Db) {
  return {
    /** The read a reset for a known address makes, so an unknown one answers in about the same time. */
    async readAsIfIssuingAResetLink(): Promise<void> {
      await db.execute(sql`SELECT 1 FROM account_tokens WHERE user_id = 0 AND used_at IS NULL`);
    },

    async setPendingEmail(userId: number, email: string | null): Promise<void> {
      await db.execute(sql`UPDATE users SET pending_email = ${email} WHERE id = ${userId}`);
    },

    /** The account's current address verified (now, or when it already was). */
    async markEmailVerified(userId: number): Promise<void> {
      await db.execute(sql`UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = ${userId}`);
    },

    /** The account's row, locked until the transaction ends. */
    async lockAddresses(userId: number) {
      const [user] = await selectRows<{ id: number; email: string; pending_email: string | null; deleted_at: unknown }>(
        db,
        sql`SELECT id, email, pending_email, deleted_at FROM users WHERE id = ${userId} FOR UPDATE`,
      );
      return user;
    },

    /** The pending address becomes the account's, verified; reset links mailed to the old address end with it. */
    async adoptPendingEmail(userId: number): Promise<void> {
      await db.execute(sql`
        UPDATE users SET email = pending_email, pending_email = NULL, email_verified_at = now() WHERE id = ${userId}
      `);
      await db.execute(sql`
        UPDATE account_tokens SET used_at = now() WHERE user_id = ${userId} AND purpose = 'PASSWORD_RESET' AND used_at IS NULL
      `);
    },

    /** Turns the account's e-mail notifications off. Answers whether the account exists. */
    async turnMailOff(userId: number): Promise<boolean> {
      const rows = await selectRows<{ id: number }>(
        db,
        sql`
          UPDATE users SET preferences = preferences || '{"emailNotifications": false}'::jsonb
          WHERE id = ${userId} AND deleted_at IS NULL RETURNING id
        `,
      );
      return rows.length > 0;
    },
  };
}
