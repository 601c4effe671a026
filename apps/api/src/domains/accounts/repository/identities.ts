/** SQL for sign-in identities at an OpenID Connect provider (issue 27): one row per (issuer, subject), cascade-deleted with the account. */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { userIdentities } from '../../../db/schema.ts';

export type IdentityRow = typeof userIdentities.$inferSelect;

export function createIdentitiesRepository(db: Db) {
  return {
    async find(issuer: string, subject: string): Promise<IdentityRow | undefined> {
      const [row] = await db
        .select()
        .from(userIdentities)
        .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
      return row;
    },

    async listOf(userId: number): Promise<IdentityRow[]> {
      return db.select().from(userIdentities).where(eq(userIdentities.userId, userId)).orderBy(asc(userIdentities.id));
    },

    /** Links the identity to the account, used now (a link is a sign-in); the unique index refuses a second owner. */
    async link(userId: number, identity: { issuer: string; subject: string; email: string | null }): Promise<IdentityRow> {
      const [row] = await db
        .insert(userIdentities)
        .values({ userId, ...identity, lastUsedAt: sql`now()` })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async touch(id: number): Promise<void> {
      await db.update(userIdentities).set({ lastUsedAt: sql`now()` }).where(eq(userIdentities.id, id));
    },

    /** Whether the account signed in at its provider less than `windowMs` ago (the reauthentication of issue 27). */
    async signedInSince(userId: number, windowMs: number): Promise<boolean> {
      const since = new Date(Date.now() - windowMs);
      const [row] = await db
        .select({ id: userIdentities.id })
        .from(userIdentities)
        .where(and(eq(userIdentities.userId, userId), gt(userIdentities.lastUsedAt, since)))
        .limit(1);
      return row !== undefined;
    },

    async remove(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(userIdentities)
        .where(and(eq(userIdentities.userId, userId), eq(userIdentities.id, id)))
        .returning({ id: userIdentities.id });
      return rows.length > 0;
    },
  };
}

export type IdentitiesRepository = ReturnType<typeof createIdentitiesRepository>;
