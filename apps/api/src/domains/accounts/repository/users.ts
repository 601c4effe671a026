/** SQL for accounts. Uniqueness of username and email is case-insensitive (lower() unique indexes). */
import { ESTABLISHED_ACCOUNT_DAYS, ROLE_PERMISSIONS, type User } from '@qrib/shared';
import { eq, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { selectRows, type Db } from '../../../db/client.ts';
import { DEFAULT_PREFERENCES, users, vendorMembers, vendors, type StoredPreferences, type UserPreferences } from '../../../db/schema.ts';
import { establishedSql } from '../../trust/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Pick<typeof users.$inferInsert, 'name' | 'email' | 'phone' | 'username' | 'passwordHash' | 'signupNetwork'>;

export class UniqueViolation extends Error {
  constructor(readonly field: 'username' | 'email') {
    super(`${field} already exists`);
  }
}

/** node-postgres and PGlite both report the violated constraint; Drizzle may wrap the error in `cause`. */
function uniqueViolationField(error: unknown): 'username' | 'email' | undefined {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const details = current as Error & { code?: string; constraint?: string };
    if (details.code === '23505') {
      const text = `${details.constraint ?? ''} ${details.message}`;
      if (text.includes('users_username_lower_key')) return 'username';
      if (text.includes('users_email_lower_key')) return 'email';
    }
  }
  return undefined;
}

export function createUsersRepository(db: Db) {
  return {
    /** The account signing in by this name (case-insensitive); pseudonymous rows of deleted accounts never match. */
    async findByUsername(username: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username}) AND ${users.deletedAt} IS NULL`);
      return row;
    },

    /** Which of the two unique fields is already taken, email first (the form's order). */
    async findTakenField(email: string, username: string): Promise<'email' | 'username' | undefined> {
      const rows = await db
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(or(sql`lower(${users.email}) = lower(${email})`, sql`lower(${users.username}) = lower(${username})`));
      if (rows.some((row) => row.email.toLowerCase() === email.toLowerCase())) return 'email';
      if (rows.length > 0) return 'username';
      return undefined;
    },

    async create(user: NewUser): Promise<UserRow> {
      try {
        const [row] = await db.insert(users).values(user).returning();
        if (!row) throw new Error('insert returned no row');
        return row;
      } catch (error) {
        const field = uniqueViolationField(error);
        if (field) throw new UniqueViolation(field);
        throw error;
      }
    },

    /** The account an address belongs to (case-insensitive); pseudonymous rows of deleted accounts never match. */
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email}) AND ${users.deletedAt} IS NULL`);
      return row;
    },

    async findById(userId: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row;
    },

    /** Issue 27: the address an identity provider vouched for is verified from the start. */
    async markEmailVerified(userId: number): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set({ emailVerifiedAt: sql`now()` }).where(eq(users.id, userId)).returning();
      return row;
    },

    async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },

    /** Stamps the account's last sign-in and answers the time stamped. */
    async recordLogin(userId: number): Promise<Date> {
      const loggedInAt = new Date();
      await db.update(users).set({ lastLoginAt: loggedInAt }).where(eq(users.id, userId));
      return loggedInAt;
    },

    /** Whether the account has turned shop entry recognition on (off unless they did). */
    async hasShopEntryDetection(userId: number): Promise<boolean> {
      const [row] = await db.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId));
      return row ? readPreferences(row.preferences).shopEntryDetection : false;
    },

    /** Whether the account holds the platform's ADMIN role (issue 14). */
    async isAdmin(userId: number): Promise<boolean> {
      const [row] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId));
      return row?.isAdmin ?? false;
    },

    /**
     * The profile's changes in one statement: only the fields given change, and preferences are merged as
     * JSON so concurrent changes of other keys survive.
     */
    async updateProfile(userId: number, changes: ProfileChanges): Promise<void> {
      const { darkMode, ...others } = changes.preferences ?? {};
      const preferences: Record<string, unknown> = Object.fromEntries(Object.entries(others).filter(([, value]) => value !== undefined));
      // Dark Mode's choice under its own key (db/schema.ts StoredPreferences); null forgets it (the device decides again).
      if (darkMode === true || darkMode === false) preferences.colorScheme = darkMode ? 'dark' : 'light';
      const set: PgUpdateSetSource<typeof users> = {};
      if (changes.name !== undefined) set.name = changes.name;
      if (changes.phone !== undefined) set.phone = changes.phone;
      if (darkMode !== undefined) {
        set.preferences = sql`(${users.preferences} - 'darkMode' - 'colorScheme') || ${JSON.stringify(preferences)}::jsonb`;
      } else if (Object.keys(preferences).length > 0) {
        set.preferences = sql`${users.preferences} || ${JSON.stringify(preferences)}::jsonb`;
      }
      if (Object.keys(set).length === 0) return;
      await db.update(users).set(set).where(eq(users.id, userId));
    },

    /** The signed-in user as `GET /auth/me` presents it, with the business they own if any. */
    async findProfile(userId: number): Promise<User | undefined> {
      // Issue 28 §4: the business the person belongs to, as its owner or on its staff, with the role's permissions.
      const [row] = await db
        .select({ user: users, vendorId: vendors.id, businessName: vendors.businessName, role: vendorMembers.role })
        .from(users)
        .leftJoin(vendorMembers, eq(vendorMembers.userId, users.id))
        .leftJoin(vendors, eq(vendors.id, vendorMembers.vendorId))
        .where(eq(users.id, userId));
      if (!row) return undefined;
      // Issue 24: established for no shop in particular (purchases at any ESTABLISHED_OTHER_SHOPS shops count).
      const [standing] = await selectRows<{ established: boolean }>(db, sql`SELECT ${establishedSql('u', null)} AS established FROM users u WHERE u.id = ${userId}`);
      return presentUser(
        row.user,
        row.vendorId !== null && row.businessName !== null && row.role !== null
          ? { vendorId: row.vendorId, businessName: row.businessName, role: row.role, permissions: [...ROLE_PERMISSIONS[row.role]] }
          : null,
        standing?.established ?? false,
      );
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

/** What PATCH /me may change; absent (or undefined) parts stay as they are. */
export interface ProfileChanges {
  name?: string | undefined;
  phone?: string | undefined;
  preferences?: { [K in keyof UserPreferences]?: UserPreferences[K] | undefined } | undefined;
}

/**
 * A row's preferences with every key: rows from before a preference existed lack it. Dark Mode is the stored choice,
 * or an older row's `darkMode: true` (only a choice could set it), else null: never chosen.
 */
export function readPreferences(stored: StoredPreferences): UserPreferences {
  const { colorScheme, darkMode: olderDarkMode, ...rest } = stored;
  const darkMode = colorScheme === undefined ? (olderDarkMode === true ? true : null) : colorScheme === 'dark';
  return { ...DEFAULT_PREFERENCES, ...rest, darkMode };
}

/**
 * Exactly the fields that leave the server: never the password hash. `established` is read with establishedSql (a new
 * account is not); `establishedAt` is when age alone makes it established, known once the address is verified.
 */
export function presentUser(row: UserRow, vendor: User['vendor'], established = false): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    phone: row.phone,
    preferences: readPreferences(row.preferences),
    vendor,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    isAdmin: row.isAdmin,
    emailVerified: row.emailVerifiedAt !== null,
    pendingEmail: row.pendingEmail,
    established,
    establishedAt: row.emailVerifiedAt === null ? null : new Date(row.createdAt.getTime() + ESTABLISHED_ACCOUNT_DAYS * 86_400_000).toISOString(),
  };
}
