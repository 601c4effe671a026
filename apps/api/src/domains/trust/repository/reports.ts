/**
 * SQL for reports (issue 14, Digital Services Act Art. 16–17): what a report may name, one open report per reporter
 * and item, the console's queue grouped per item, and the admin's decision on an item with everything it writes.
 */
import { sql } from 'drizzle-orm';
import type { ReportedItem, ReportKind, ReportReason } from '@qrib/shared';
import { selectRows, type Db } from '../../../db/client.ts';
import { notifications } from '../../../db/schema.ts';
import { applyVendorDecision, insertAdminAction } from '../../businesses/index.ts';
import { liveReviewSql } from './reviews.ts';

/** A reported item as a report and a decision need it. */
export interface ReportableItem {
  kind: ReportKind;
  itemId: number;
  /** Null (like the owner) only for an item deleted since it was reported. */
  vendorId: number | null;
  /** The owner of the business the item belongs to. */
  ownerUserId: number | null;
  /** Issue 28 §4: the business's people (owner and staff): none of them decides on its items as an admin. */
  memberUserIds: number[];
  /** The review's author (null for offers and businesses). */
  authorUserId: number | null;
  /** The offer's title, the business's name, or the reviewed shop's name. */
  title: string;
  /** Whether shoppers see it: an ACTIVE offer or PUBLISHED review of an ACTIVE business, or an ACTIVE business. */
  isVisible: boolean;
}

interface ItemRow {
  vendor_id: number;
  owner_user_id: number;
  member_user_ids: number[];
  author_user_id: number | null;
  title: string;
  is_visible: boolean;
}

function itemQuery(kind: ReportKind, itemId: number) {
  switch (kind) {
    case 'OFFER':
      return sql`
        SELECT o.vendor_id, v.owner_user_id, ARRAY(SELECT vm.user_id FROM vendor_members vm WHERE vm.vendor_id = v.id) AS member_user_ids, NULL::integer AS author_user_id, o.title,
               (o.status = 'ACTIVE' AND v.status = 'ACTIVE') AS is_visible
        FROM offers o JOIN vendors v ON v.id = o.vendor_id WHERE o.offer_id = ${itemId}`;
    case 'VENDOR':
      return sql`
        SELECT v.id AS vendor_id, v.owner_user_id, ARRAY(SELECT vm.user_id FROM vendor_members vm WHERE vm.vendor_id = v.id) AS member_user_ids, NULL::integer AS author_user_id, v.business_name AS title,
               v.status = 'ACTIVE' AS is_visible
        FROM vendors v WHERE v.id = ${itemId}`;
    case 'REVIEW':
      return sql`
        SELECT rv.vendor_id, v.owner_user_id, ARRAY(SELECT vm.user_id FROM vendor_members vm WHERE vm.vendor_id = v.id) AS member_user_ids, rv.user_id AS author_user_id, v.business_name AS title,
               (${liveReviewSql()} AND v.status = 'ACTIVE') AS is_visible
        FROM reviews rv JOIN users u ON u.id = rv.user_id JOIN vendors v ON v.id = rv.vendor_id WHERE rv.id = ${itemId}`;
  }
}

/** What an offer's or a review's removal writes: REMOVED, with the reason. (A business is suspended by applyVendorDecision.) */
function removalQuery(kind: 'OFFER' | 'REVIEW', itemId: number, reason: string) {
  switch (kind) {
    case 'OFFER':
      return sql`UPDATE offers SET status = 'REMOVED', status_reason = ${reason}, updated_at = now() WHERE offer_id = ${itemId}`;
    case 'REVIEW':
      return sql`UPDATE reviews SET status = 'REMOVED', status_reason = ${reason} WHERE id = ${itemId}`;
  }
}

/**
 * Thrown inside a report decision's transaction (rolling it all back) when the reported business cannot be suspended:
 * only an ACTIVE business can (VENDOR_DECISIONS). `from` is its state now.
 */
export class BusinessNotSuspendable extends Error {
  constructor(readonly from: string) {
    super(`business is ${from}, not ACTIVE`);
  }
}

export interface ReportDecision {
  adminUserId: number;
  outcome: 'KEPT' | 'REMOVED';
  reason: string | null;
}

interface ReportedItemRow {
  kind: ReportKind;
  item_id: number;
  vendor_id: number | null;
  title: string | null;
  excerpt: string | null;
  item_status: string | null;
  report_count: number;
  first_ms: number;
  reports: { reportId: number; reason: ReportReason; text: string | null; ms: number; userId: number; username: string; former: boolean }[];
}

/** How much of an offer's description the queue shows. */
const EXCERPT_LENGTH = 200;
/** The queue shows this many items at most (the oldest first: they have waited longest). */
const QUEUE_ITEMS = 200;

export function createReportsRepository(db: Db) {
  return {
    async findItem(kind: ReportKind, itemId: number): Promise<ReportableItem | undefined> {
      const [row] = await selectRows<ItemRow>(db, itemQuery(kind, itemId));
      if (!row) return undefined;
      return {
        kind,
        itemId,
        vendorId: row.vendor_id,
        ownerUserId: row.owner_user_id,
        memberUserIds: row.member_user_ids.map(Number),
        authorUserId: row.author_user_id,
        title: row.title,
        isVisible: row.is_visible,
      };
    },

    /**
     * The reporter's open report on the item: a new one (`created`), or the one they already have. The partial unique
     * index reports_open_once_key settles two concurrent sends: the second inserts nothing and reads the first.
     */
    async openOnce(reporterUserId: number, kind: ReportKind, itemId: number, reason: ReportReason, text: string | null): Promise<{ reportId: number; created: boolean }> {
      const [inserted] = await selectRows<{ id: number }>(
        db,
        sql`
          INSERT INTO reports (reporter_user_id, item_kind, item_id, reason, text)
          VALUES (${reporterUserId}, ${kind}, ${itemId}, ${reason}, ${text})
          ON CONFLICT (reporter_user_id, item_kind, item_id) WHERE status = 'OPEN' DO NOTHING
          RETURNING id`,
      );
      if (inserted) return { reportId: inserted.id, created: true };
      const [existing] = await selectRows<{ id: number }>(
        db,
        sql`SELECT id FROM reports WHERE reporter_user_id = ${reporterUserId} AND item_kind = ${kind} AND item_id = ${itemId} AND status = 'OPEN'`,
      );
      if (!existing) throw new Error('open report neither inserted nor found');
      return { reportId: existing.id, created: false };
    },

    async hasOpen(kind: ReportKind, itemId: number): Promise<boolean> {
      const rows = await selectRows<{ one: number }>(db, sql`SELECT 1 AS one FROM reports WHERE item_kind = ${kind} AND item_id = ${itemId} AND status = 'OPEN' LIMIT 1`);
      return rows.length > 0;
    },

    async countOpenItems(): Promise<number> {
      const [row] = await selectRows<{ total: number }>(db, sql`SELECT count(DISTINCT (item_kind, item_id))::integer AS total FROM reports WHERE status = 'OPEN'`);
      return row?.total ?? 0;
    },

    /** The console's queue: OPEN reports grouped per item, the item first reported first. */
    async listOpenByItem(): Promise<ReportedItem[]> {
      const rows = await selectRows<ReportedItemRow>(
        db,
        sql`
          WITH open_items AS (
            SELECT r.item_kind, r.item_id, min(r.created_at) AS first_at, count(*)::integer AS report_count,
                   json_agg(json_build_object(
                     'reportId', r.id, 'reason', r.reason, 'text', r.text,
                     'ms', (extract(epoch FROM r.created_at) * 1000)::float8,
                     'userId', u.id, 'username', u.username, 'former', u.deleted_at IS NOT NULL
                   ) ORDER BY r.created_at, r.id) AS reports
            FROM reports r JOIN users u ON u.id = r.reporter_user_id
            WHERE r.status = 'OPEN'
            GROUP BY r.item_kind, r.item_id
            ORDER BY first_at, r.item_kind, r.item_id
            LIMIT ${QUEUE_ITEMS}
          )
          SELECT i.item_kind AS kind, i.item_id, i.report_count, i.reports,
                 (extract(epoch FROM i.first_at) * 1000)::float8 AS first_ms,
                 coalesce(o.vendor_id, v.id, rv.vendor_id) AS vendor_id,
                 coalesce(o.title, v.business_name, rvv.business_name) AS title,
                 coalesce(left(o.description, ${EXCERPT_LENGTH}), rv.text) AS excerpt,
                 coalesce(o.status, v.status, rv.status) AS item_status
          FROM open_items i
          LEFT JOIN offers o ON i.item_kind = 'OFFER' AND o.offer_id = i.item_id
          LEFT JOIN vendors v ON i.item_kind = 'VENDOR' AND v.id = i.item_id
          LEFT JOIN reviews rv ON i.item_kind = 'REVIEW' AND rv.id = i.item_id
          LEFT JOIN vendors rvv ON rvv.id = rv.vendor_id
          ORDER BY i.first_at, i.item_kind, i.item_id
        `,
      );
      return rows.map((row) => ({
        kind: row.kind,
        itemId: row.item_id,
        vendorId: row.vendor_id,
        title: row.title ?? '',
        excerpt: row.excerpt,
        itemStatus: row.item_status,
        reportCount: row.report_count,
        firstReportedAt: new Date(row.first_ms).toISOString(),
        reports: row.reports.map((report) => ({
          reportId: report.reportId,
          reason: report.reason,
          text: report.text,
          createdAt: new Date(report.ms).toISOString(),
          reporter: { userId: report.userId, username: report.username, formerShopper: report.former },
        })),
      }));
    },

    /**
     * The admin's decision on every OPEN report of an item, in one transaction: the reports closed with the outcome;
     * on REMOVED the item taken down with the reason; the admin action logged; each reporter told the outcome and, on
     * REMOVED, the offer's owner or the reviewer given the statement of reasons (CONTENT_REMOVED). Removing a business
     * is the admin's suspension (applyVendorDecision): only an ACTIVE one, else BusinessNotSuspendable and nothing is
     * written. Answers how many reports it closed: 0 when none was open (another admin decided a moment before).
     */
    async decide(item: ReportableItem, decision: ReportDecision): Promise<number> {
      return db.transaction(async (tx) => {
        const closed = await selectRows<{ id: number; reporter_user_id: number }>(
          tx,
          sql`
            UPDATE reports SET status = ${decision.outcome}, decided_at = now(), decided_by_user_id = ${decision.adminUserId},
                               outcome_reason = ${decision.reason}
            WHERE item_kind = ${item.kind} AND item_id = ${item.itemId} AND status = 'OPEN'
            RETURNING id, reporter_user_id`,
        );
        if (closed.length === 0) return 0;
        const { kind, itemId, title } = item;
        const removed = decision.outcome === 'REMOVED';
        if (removed) {
          if (kind === 'VENDOR') {
            // The same transition as the admin's vendor decision: ACTIVE → SUSPENDED, SUSPEND_VENDOR, BUSINESS_STATUS.
            if (!(await applyVendorDecision(tx, itemId, 'ACTIVE', 'SUSPENDED', decision.reason, decision.adminUserId))) {
              const [now] = await selectRows<{ status: string }>(tx, sql`SELECT status FROM vendors WHERE id = ${itemId}`);
              throw new BusinessNotSuspendable(now?.status ?? 'CLOSED');
            }
          } else {
            await tx.execute(removalQuery(kind, itemId, decision.reason ?? ''));
          }
        }
        await insertAdminAction(tx, {
          adminUserId: decision.adminUserId,
          action: removed ? 'REMOVE_ITEM' : 'KEEP_ITEM',
          itemKind: kind,
          itemId,
          reason: decision.reason,
        });
        await tx.insert(notifications).values(
          closed.map((report) => ({
            userId: report.reporter_user_id,
            kind: 'REPORT_DECIDED' as const,
            payload: { reportId: report.id, kind, itemId, title, outcome: decision.outcome, reason: decision.reason },
          })),
        );
        // A suspended business's owner reads it from BUSINESS_STATUS (the bell's 'suspended' with Qrib's reason).
        if (removed && kind !== 'VENDOR') {
          const told = kind === 'REVIEW' ? item.authorUserId : item.ownerUserId;
          if (told !== null) {
            await tx.insert(notifications).values({ userId: told, kind: 'CONTENT_REMOVED', payload: { kind, itemId, title, reason: decision.reason } });
          }
        }
        return closed.length;
      });
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
