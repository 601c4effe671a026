/**
 * Issue 28: a shop edits its own page. The fields, logo and cover are written with a row per changed field in
 * `vendor_changes` (who, when, before, after), in one transaction that holds the shop's row. A move carries the new
 * position to the shop's offers (the nearby caches of every replica are emptied by the offers' and vendors' triggers).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { VendorChange } from '@qrib/shared';
import { selectRows, type Db } from '../../../db/client.ts';
import { offers, users, vendorChanges, vendors } from '../../../db/schema.ts';
import type { IntervalRow } from '../opening-hours.ts';
import { replaceOpenIntervals } from './open-intervals.ts';
import type { VendorRow } from './vendors.ts';

/** The fields a shop edits itself (PATCH /vendors/me), as stored. */
export interface ProfileFields {
  businessName?: string;
  businessType?: VendorRow['businessType'];
  businessAddress?: string;
  locationLatitude?: number;
  locationLongitude?: number;
  contactEmail?: string;
  contactPhone?: string;
  offeringsDescription?: string | null;
  website?: string | null;
  openingHours?: string | null;
}

export type ProfileImageKind = 'logo' | 'cover';

export class BusinessNameTaken extends Error {}
export class BusinessIsClosed extends Error {}

const asText = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** Locks the shop's row; refuses a CLOSED one (its page can no longer change). */
async function lockOpenShop(tx: Db, vendorId: number): Promise<VendorRow> {
  const [row] = await tx.select().from(vendors).where(eq(vendors.id, vendorId)).for('update');
  if (!row) throw new Error(`vendor ${vendorId} is gone`);
  if (row.status === 'CLOSED') throw new BusinessIsClosed();
  return row;
}

export function createProfileRepository(db: Db) {
  return {
    /**
     * Writes the fields that differ from the stored ones, a history row each; answers the row as it is now. A name
     * that another ACTIVE shop has exactly (case and surrounding spaces aside) is refused: the check and the write are
     * serialised by a lock on the name, so two shops renaming to one name at once cannot both pass.
     */
    async update(vendorId: number, changedByUserId: number, fields: ProfileFields, openIntervals?: readonly IntervalRow[]): Promise<VendorRow> {
      return db.transaction(async (tx) => {
        const before = await lockOpenShop(tx, vendorId);
        const changed = (Object.keys(fields) as (keyof ProfileFields)[]).filter(
          (field) => fields[field] !== undefined && asText(fields[field]) !== asText(before[field]),
        );
        if (changed.length === 0) return before;
        if (changed.includes('businessName') && fields.businessName !== undefined) {
          const name = fields.businessName.trim().toLowerCase();
          await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`vendor-name:${name}`}))`);
          const [taken] = await tx
            .select({ id: vendors.id })
            .from(vendors)
            .where(and(ne(vendors.id, vendorId), eq(vendors.status, 'ACTIVE'), sql`lower(btrim(${vendors.businessName})) = ${name}`))
            .limit(1);
          if (taken) throw new BusinessNameTaken();
        }
        const values = Object.fromEntries(changed.map((field) => [field, fields[field]]));
        const [after] = await tx.update(vendors).set(values).where(eq(vendors.id, vendorId)).returning();
        if (!after) throw new Error(`vendor ${vendorId} is gone`);
        if (changed.includes('locationLatitude') || changed.includes('locationLongitude')) {
          await tx
            .update(offers)
            .set({ locationLatitude: after.locationLatitude, locationLongitude: after.locationLongitude })
            .where(eq(offers.vendorId, vendorId));
        }
        // New hours: their open intervals with them (no hours: none), so "open now" changes in the same commit.
        if (changed.includes('openingHours')) await replaceOpenIntervals(tx, vendorId, after.openingHours === null ? [] : (openIntervals ?? []));
        await tx.insert(vendorChanges).values(
          changed.map((field) => ({ vendorId, changedByUserId, field, before: asText(before[field]), after: asText(after[field]) })),
        );
        return after;
      });
    },

    /**
     * Sets (or with null removes) the logo or cover, with its history row; `inTransaction` settles the stored file's
     * pending record in the same transaction. Answers the row and the key it replaced (to remove once unused).
     */
    async setImage(
      vendorId: number,
      changedByUserId: number,
      kind: ProfileImageKind,
      key: string | null,
      inTransaction?: (tx: Db) => Promise<void>,
    ): Promise<{ row: VendorRow; replaced: string | null }> {
      return db.transaction(async (tx) => {
        const before = await lockOpenShop(tx, vendorId);
        const replaced = kind === 'logo' ? before.logoKey : before.coverKey;
        const [row] = await tx
          .update(vendors)
          .set(kind === 'logo' ? { logoKey: key } : { coverKey: key })
          .where(eq(vendors.id, vendorId))
          .returning();
        if (!row) throw new Error(`vendor ${vendorId} is gone`);
        if (replaced !== key) await tx.insert(vendorChanges).values({ vendorId, changedByUserId, field: kind, before: replaced, after: key });
        await inTransaction?.(tx);
        return { row, replaced: replaced === key ? null : replaced };
      });
    },

    /** The shop's page history, newest first, with who made each change (null once that account is deleted). */
    async listChanges(vendorId: number): Promise<VendorChange[]> {
      const rows = await selectRows<{ id: number; field: string; before: string | null; after: string | null; changed_at: Date | string; user_id: number | null; username: string | null }>(
        db,
        sql`SELECT c.id, c.field, c.before, c.after, c.changed_at, u.id AS user_id, u.username
          FROM ${vendorChanges} c LEFT JOIN ${users} u ON u.id = c.changed_by_user_id AND u.deleted_at IS NULL
          WHERE c.vendor_id = ${vendorId}
          ORDER BY c.changed_at DESC, c.id DESC`,
      );
      return rows.map((row) => ({
        changeId: Number(row.id),
        field: row.field,
        before: row.before,
        after: row.after,
        changedAt: new Date(row.changed_at).toISOString(),
        changedBy: row.user_id === null || row.username === null ? null : { userId: Number(row.user_id), username: row.username },
      }));
    },
  };
}

