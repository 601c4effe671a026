/**
 * SQL for the one-time links mailed to a person (issue 15): a password reset or an address to verify. Only the
 * token's SHA-256 is stored; a link is used once, by a conditional UPDATE, so two concurrent uses cannot both win.
 * Every function runs on the database or on the caller's transaction.
 */
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../../db/client.ts';
import type { accountTokens } from '../../../db/schema.ts';
import { hashLinkToken, newLinkToken } from '../../mail/index.ts';

export type AccountTokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];

export interface UsedAccountToken {
  userId: number;
  /** The address the link was mailed to. */
  email: string;
}

export function createAccountTokensRepository(db: Db) {
  return {
    /**
     * A new link for an account: earlier unused links of the same purpose end (for a verification, only those for the
     * same address). Answers the raw token, which only the mail carries.
     */
    async issue(userId: number, purpose: AccountTokenPurpose, email: string, lifetimeMs: number): Promise<string> {
      const sameAddress = purpose === 'EMAIL_VERIFICATION' ? sql`AND lower(email) = lower(${email})` : sql``;
      await db.execute(sql`
        UPDATE account_tokens SET used_at = now()
        WHERE user_id = ${userId} AND purpose = ${purpose} AND used_at IS NULL ${sameAddress}
      `);
      const { token, tokenHash } = newLinkToken();
      await db.execute(sql`
        INSERT INTO account_tokens (user_id, purpose, token_hash, email, expires_at)
        VALUES (${userId}, ${purpose}, ${tokenHash}, ${email}, now() + ${`${Math.round(lifetimeMs / 1000)} seconds`}::interval)
      `);
      return token;
    },

    /** Whether a link is usable now (known, unused, unexpired), without using it: a cheap check before costly work. */
    async isUsable(purpose: AccountTokenPurpose, token: string): Promise<boolean> {
      const rows = await selectRows<{ id: number }>(
        db,
        sql`
          SELECT id FROM account_tokens
          WHERE token_hash = ${hashLinkToken(token)} AND purpose = ${purpose} AND used_at IS NULL AND expires_at > now()
        `,
      );
      return rows.length > 0;
    },

    /** Ends every unused link of an account, whatever its purpose (its password changed: no earlier link may act for it). */
    async endAllOf(userId: number): Promise<void> {
      await db.execute(sql`UPDATE account_tokens SET used_at = now() WHERE user_id = ${userId} AND used_at IS NULL`);
    },

    /** Uses a link once: its account and address, or undefined for an unknown, expired or already used one. */
    async use(purpose: AccountTokenPurpose, token: string): Promise<UsedAccountToken | undefined> {
      const [row] = await selectRows<{ user_id: number; email: string }>(
        db,
        sql`
          UPDATE account_tokens SET used_at = now()
          WHERE token_hash = ${hashLinkToken(token)} AND purpose = ${purpose} AND used_at IS NULL AND expires_at > now()
          RETURNING user_id, email
        `,
      );
      return row ? { userId: Number(row.user_id), email: row.email } : undefined;
    },
  };
}
