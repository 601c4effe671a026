/**
 * SQL for the platform's checks of businesses (issue 14, DESIGN.md §10): the ADMIN role, the admin's list of
 * businesses by state with their documents, a decision written with its record and the owner's notification in one
 * transaction, and the admin_actions rows that record who did what.
 */
import { and, asc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_VENDORS_PAGE_SIZE, type AdminAction, type AdminVendor, type AdminVendorFilter } from '@qrib/shared/admin-vendor-schemas';
import { DISPUTE_RATE_DAYS, type AdminActionItemKind } from '@qrib/shared/trust-constants';
import { selectRows, type Db } from '../../../db/client.ts';
import { adminActions, notifications, users, vendorDocuments, vendors } from '../../../db/schema.ts';
import { DomainError } from '../../../kernel/domain-error.ts';
import type { VendorRow } from './vendors.ts';

/** Opaque to clients: the (status_changed_at, id) of the last business of a page. */
interface AdminVendorsCursor {
  at: string;
  id: number;
}

function encodeCursor(cursor: AdminVendorsCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string | undefined): AdminVendorsCursor | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) return undefined;
    const { at, id } = value as Record<string, unknown>;
    if (typeof at !== 'string' || Number.isNaN(Date.parse(at)) || typeof id !== 'number' || !Number.isInteger(id)) return undefined;
    return { at, id };
  } catch {
    return undefined;
  }
}

/** When the business entered its state: status_changed_at, or created_at for rows from before issue 14. */
const enteredState = sql`coalesce(${vendors.statusChangedAt}, ${vendors.createdAt})`;

export type VendorDecision = 'ACTIVE' | 'REJECTED' | 'SUSPENDED';

export function presentAdminVendor(
  row: VendorRow,
  owner: { userId: number; username: string; formerShopper: boolean },
  documents: { id: number; contentType: string }[],
  disputeRate: AdminVendor['disputeRate'],
): AdminVendor {
  return {
    vendorId: row.id,
    businessName: row.businessName,
    businessType: row.businessType,
    businessAddress: row.businessAddress,
    status: row.status,
    statusReason: row.statusReason,
    statusChangedAt: (row.statusChangedAt ?? row.createdAt).toISOString(),
    owner,
    documents: documents.map((document) => ({
      documentId: document.id,
      contentType: document.contentType,
      url: `/api/v1/admin/vendors/${row.id}/documents/${document.id}`,
    })),
    disputeRate,
  };
}

/** Records an admin action (GRANT_ADMIN at boot has no admin: `adminUserId` null). */
export async function insertAdminAction(
  db: Db,
  action: { adminUserId: number | null; action: AdminAction; itemKind: AdminActionItemKind; itemId: number; reason: string | null },
): Promise<void> {
  await db.insert(adminActions).values(action);
}

/**
 * Grants the ADMIN role to these usernames (case-insensitive), recording GRANT_ADMIN for each account that did not
 * have it. Answers the usernames granted (or already admins) and those no account has. The UPDATE itself holds
 * `NOT is_admin`: of two replicas booting at once, the second waits for the first's row lock, then writes nothing
 * and records nothing.
 */
export async function grantAdmin(db: Db, usernames: readonly string[], grantedBy: number | null): Promise<{ granted: string[]; unknown: string[] }> {
  const granted: string[] = [];
  const unknown: string[] = [];
  // A deleted account's pseudonymous row is never anyone's to grant (issue 15).
  const named = (username: string) => sql`lower(${users.username}) = lower(${username}) AND ${users.deletedAt} IS NULL`;
  for (const username of usernames) {
    const done = await db.transaction(async (tx) => {
      const [made] = await tx
        .update(users)
        .set({ isAdmin: true })
        .where(and(named(username), sql`NOT ${users.isAdmin}`))
        .returning({ id: users.id, username: users.username });
      if (made) {
        await insertAdminAction(tx, { adminUserId: grantedBy, action: 'GRANT_ADMIN', itemKind: 'USER', itemId: made.id, reason: null });
        return made.username;
      }
      const [user] = await tx.select({ username: users.username }).from(users).where(named(username));
      return user?.username;
    });
    if (done === undefined) unknown.push(username);
    else granted.push(done);
  }
  return { granted, unknown };
}

/**
 * Takes the ADMIN role away from this username (case-insensitive), recording REVOKE_ADMIN when the account had it.
 * Answers the account's username (also when it was no admin), or undefined when no account has it. A deleted
 * account's pseudonymous row is never matched.
 */
export async function revokeAdmin(db: Db, username: string, revokedBy: number | null): Promise<string | undefined> {
  const named = sql`lower(${users.username}) = lower(${username}) AND ${users.deletedAt} IS NULL`;
  return db.transaction(async (tx) => {
    const [made] = await tx
      .update(users)
      .set({ isAdmin: false })
      .where(and(named, sql`${users.isAdmin}`))
      .returning({ id: users.id, username: users.username });
    if (made) {
      await insertAdminAction(tx, { adminUserId: revokedBy, action: 'REVOKE_ADMIN', itemKind: 'USER', itemId: made.id, reason: null });
      return made.username;
    }
    const [user] = await tx.select({ username: users.username }).from(users).where(named);
    return user?.username;
  });
}

const DECISION_ACTIONS: Record<`${string}>${VendorDecision}`, AdminAction> = {
  'PENDING>ACTIVE': 'APPROVE_VENDOR',
  'PENDING>REJECTED': 'REJECT_VENDOR',
  'ACTIVE>SUSPENDED': 'SUSPEND_VENDOR',
  'SUSPENDED>ACTIVE': 'REINSTATE_VENDOR',
};

/**
 * The decision `from` → `to` inside the caller's transaction: the business's state, reason and time (only while it is
 * still `from`: of two admins deciding at once, one wins), the admin_actions row and the owner's BUSINESS_STATUS
 * notification. False, writing nothing, for a move VENDOR_DECISIONS does not allow or a business no longer `from`.
 * The admin's vendor decision and a report's removal of a business both go through here.
 */
export async function applyVendorDecision(tx: Db, vendorId: number, from: string, to: VendorDecision, reason: string | null, adminUserId: number): Promise<boolean> {
  const action = DECISION_ACTIONS[`${from}>${to}`];
  if (!action) return false;
  const [row] = await tx
    .update(vendors)
    .set({ status: to, statusReason: to === 'ACTIVE' ? null : reason, statusChangedAt: sql`now()` })
    .where(and(eq(vendors.id, vendorId), sql`${vendors.status} = ${from}`))
    .returning();
  if (!row) return false;
  await insertAdminAction(tx, { adminUserId, action, itemKind: 'VENDOR', itemId: vendorId, reason });
  await tx.insert(notifications).values({
    userId: row.ownerUserId,
    kind: 'BUSINESS_STATUS',
    payload: { vendorId, businessName: row.businessName, status: to, reason },
  });
  return true;
}

export function createAdminVendorsRepository(db: Db) {
  /** Whether the person is one of the business's people (owner or staff, issue 28 §4). */
  async function isMember(vendorId: number, userId: number): Promise<boolean> {
    const rows = await selectRows<{ one: number }>(db, sql`SELECT 1 AS one FROM vendor_members WHERE vendor_id = ${vendorId} AND user_id = ${userId}`);
    return rows.length > 0;
  }

  async function documentsOf(vendorIds: number[]) {
    const rows = vendorIds.length
      ? await db
          .select({ id: vendorDocuments.id, vendorId: vendorDocuments.vendorId, contentType: vendorDocuments.contentType })
          .from(vendorDocuments)
          .where(inArray(vendorDocuments.vendorId, vendorIds))
          .orderBy(asc(vendorDocuments.id))
      : [];
    const byVendor = new Map<number, { id: number; contentType: string }[]>();
    for (const row of rows) byVendor.set(row.vendorId, [...(byVendor.get(row.vendorId) ?? []), row]);
    return byVendor;
  }

  /**
   * Issue 24: per business, the receipts the automatic check VERIFIED in the last DISPUTE_RATE_DAYS and how many of
   * them the shop then rejected (a dispute, open or since settled by an admin).
   */
  async function disputeRatesOf(vendorIds: number[]) {
    const rows = vendorIds.length
      ? await selectRows<{ vendor_id: number; disputes: number; auto_verified: number }>(
          db,
          sql`
            SELECT r.vendor_id, count(*) FILTER (WHERE (r.status = 'REJECTED' AND r.decided_at IS NOT NULL) OR r.settled_at IS NOT NULL)::integer AS disputes,
                   count(*)::integer AS auto_verified
            FROM receipts r
            WHERE r.vendor_id IN (${sql.join(vendorIds.map((id) => sql`${id}`), sql`, `)}) AND r.auto_status = 'VERIFIED'
              AND coalesce(r.checked_at, r.created_at) >= now() - make_interval(days => ${DISPUTE_RATE_DAYS})
            GROUP BY r.vendor_id`,
        )
      : [];
    const byVendor = new Map(rows.map((row) => [row.vendor_id, { disputes: row.disputes, autoVerified: row.auto_verified }]));
    return (vendorId: number) => byVendor.get(vendorId) ?? { disputes: 0, autoVerified: 0 };
  }

  return {
    isMember,
    /** Businesses in one state, those waiting longest first, a page at a time. */
    async list(status: AdminVendorFilter, cursorText: string | undefined): Promise<{ data: AdminVendor[]; nextCursor: string | null }> {
      const cursor = decodeCursor(cursorText);
      // A cursor that is not one of ours is refused, as on every other paged list (never silently the first page).
      if (cursorText && !cursor) throw new DomainError('invalid', 'cursorInvalid', {}, { cursor: { code: 'cursorInvalid' } });
      const conditions: SQL[] = [sql`${vendors.status} = ${status}`];
      if (cursor) {
        const after = or(gt(enteredState, sql`${cursor.at}::timestamptz`), and(sql`${enteredState} = ${cursor.at}::timestamptz`, gt(vendors.id, cursor.id)));
        if (after) conditions.push(after);
      }
      const rows = await db
        // The cursor keeps the time to the microsecond (a JavaScript Date would round it to the millisecond).
        .select({ vendor: vendors, username: users.username, former: sql<boolean>`${users.deletedAt} IS NOT NULL`, at: sql<string>`to_char(${enteredState} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` })
        .from(vendors)
        .innerJoin(users, eq(users.id, vendors.ownerUserId))
        .where(and(...conditions))
        .orderBy(asc(enteredState), asc(vendors.id))
        .limit(ADMIN_VENDORS_PAGE_SIZE + 1);
      const page = rows.slice(0, ADMIN_VENDORS_PAGE_SIZE);
      const documents = await documentsOf(page.map((row) => row.vendor.id));
      const disputeRateOf = await disputeRatesOf(page.map((row) => row.vendor.id));
      const last = page.at(-1);
      return {
        data: page.map(({ vendor, username, former }) =>
          presentAdminVendor(vendor, { userId: vendor.ownerUserId, username, formerShopper: former }, documents.get(vendor.id) ?? [], disputeRateOf(vendor.id)),
        ),
        nextCursor:
          rows.length > ADMIN_VENDORS_PAGE_SIZE && last
            ? encodeCursor({ at: last.at, id: last.vendor.id })
            : null,
      };
    },

    /** One business as the admin list presents it, or undefined. */
    async find(vendorId: number): Promise<AdminVendor | undefined> {
      const [row] = await db
        .select({ vendor: vendors, username: users.username, former: sql<boolean>`${users.deletedAt} IS NOT NULL` })
        .from(vendors)
        .innerJoin(users, eq(users.id, vendors.ownerUserId))
        .where(eq(vendors.id, vendorId));
      if (!row) return undefined;
      const documents = await documentsOf([vendorId]);
      const disputeRateOf = await disputeRatesOf([vendorId]);
      return presentAdminVendor(
        row.vendor,
        { userId: row.vendor.ownerUserId, username: row.username, formerShopper: row.former },
        documents.get(vendorId) ?? [],
        disputeRateOf(vendorId),
      );
    },

    /** One of a business's registration documents, or undefined. */
    async findDocument(vendorId: number, documentId: number) {
      const [row] = await db
        .select()
        .from(vendorDocuments)
        .where(and(eq(vendorDocuments.vendorId, vendorId), eq(vendorDocuments.id, documentId)));
      return row;
    },

    /** The decision `from` → `to` in one transaction (applyVendorDecision). Answers false when the business was no longer `from`. */
    async decide(vendorId: number, from: string, to: VendorDecision, reason: string | null, adminUserId: number): Promise<boolean> {
      return db.transaction((tx) => applyVendorDecision(tx, vendorId, from, to, reason, adminUserId));
    },
  };
}

export type AdminVendorsRepository = ReturnType<typeof createAdminVendorsRepository>;
