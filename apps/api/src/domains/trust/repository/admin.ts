/**
 * SQL for the platform's console (issue 14): the admin action log, receipt disputes (a receipt the automatic check
 * VERIFIED and the shop then REJECTED) and their settlement, and the headline figures.
 */
import { sql } from 'drizzle-orm';
import {
  ADMIN_ACTIONS_PAGE_SIZE,
  maltaMidnight,
  maltaToday,
  weekOf,
  type AdminActionEntry,
  type AdminOverview,
  type ReceiptDispute,
} from '@qrib/shared';
import { selectRows, type Db } from '../../../db/client.ts';
import { OFFER_HAS_UNITS } from '../../../db/shopper-visibility.ts';
import { insertAdminAction } from '../../businesses/index.ts';
import { establishedSql } from './established.ts';
import { insertReceiptDecidedNotification } from '../../notifications/index.ts';
import { revokeStamp, stampReceipt } from '../../stamp-cards/index.ts';
import { receiptFileUrl } from '../../../kernel/private-files.ts';

/**
 * An open dispute: the automatic check VERIFIED the receipt, the shop's owner REJECTED it, no admin has settled it. `r`
 * is the receipts alias; a review of such a receipt is shown 'under dispute' and left out of the rating (issue 24).
 */
export const openDisputeSql = (r: string) => sql.raw(`(${r}.auto_status = 'VERIFIED' AND ${r}.status = 'REJECTED' AND ${r}.settled_at IS NULL)`);
const OPEN_DISPUTE = openDisputeSql('r');

interface DisputeRow {
  receipt_id: number;
  vendor_id: number;
  business_name: string;
  offer_id: number | null;
  offer_title: string | null;
  user_id: number;
  username: string;
  former: boolean;
  auto_status: ReceiptDispute['autoStatus'];
  status: ReceiptDispute['status'];
  owner_reason: string | null;
  created_ms: number;
  decided_ms: number | null;
  files: { fileId: number; contentType: string }[];
}

interface ActionRow {
  id: number;
  admin_user_id: number | null;
  username: string | null;
  former: boolean;
  action: AdminActionEntry['action'];
  item_kind: AdminActionEntry['itemKind'];
  item_id: number;
  reason: string | null;
  created_ms: number;
}

export interface SettledReceipt {
  receiptId: number;
  status: 'VERIFIED' | 'REJECTED';
  settledAt: string;
}

/** How many rows of a table fall in each state (states with none answer 0). */
function countByState<State extends string>(states: readonly State[], rows: { state: string; total: number }[]): Record<State, number> {
  const counts = Object.fromEntries(states.map((state) => [state, 0])) as Record<State, number>;
  for (const row of rows) if ((states as readonly string[]).includes(row.state)) counts[row.state as State] = row.total;
  return counts;
}

/**
 * Issue 24 (ADR 016): the review of a settled receipt. While the dispute was open it was shown 'under dispute' and left
 * out of the rating; settled VERIFIED it counts again, settled REJECTED it is REMOVED with the admin's reason. Both
 * sides are told (REVIEW_DISPUTE_SETTLED with the reason): the reviewer, and the owner when the review is one shoppers
 * see (an author not yet established has a review only they see; the owner is not told of it).
 */
async function settleReviewOfReceipt(tx: Db, receiptId: number, status: 'VERIFIED' | 'REJECTED', reason: string): Promise<void> {
  const outcome = status === 'VERIFIED' ? 'KEPT' : 'REMOVED';
  await tx.execute(sql`
    INSERT INTO notifications (user_id, kind, payload)
    SELECT told.user_id, 'REVIEW_DISPUTE_SETTLED',
           jsonb_build_object('reviewId', rv.id, 'vendorId', rv.vendor_id, 'businessName', v.business_name, 'stars', rv.stars,
                              'outcome', ${outcome}::text, 'reason', ${reason}::text, 'recipient', told.recipient)
    FROM reviews rv
    JOIN users u ON u.id = rv.user_id
    JOIN vendors v ON v.id = rv.vendor_id
    CROSS JOIN LATERAL (VALUES (rv.user_id, 'REVIEWER'), (v.owner_user_id, 'OWNER')) AS told(user_id, recipient)
    WHERE rv.receipt_id = ${receiptId} AND rv.status = 'PUBLISHED'
      AND (told.recipient = 'OWNER' OR u.deleted_at IS NULL)
      AND (told.recipient = 'REVIEWER' OR ${establishedSql('u', sql`rv.vendor_id`)})`);
  if (status === 'REJECTED') {
    await tx.execute(sql`UPDATE reviews SET status = 'REMOVED', status_reason = ${reason} WHERE receipt_id = ${receiptId} AND status = 'PUBLISHED'`);
  }
}

export function createAdminRepository(db: Db) {
  return {
    /** Open disputes, the oldest receipt first, with the files the admin looks at. */
    async listDisputes(): Promise<ReceiptDispute[]> {
      const rows = await selectRows<DisputeRow>(
        db,
        sql`
          SELECT r.id AS receipt_id, r.vendor_id, v.business_name, r.offer_id, o.title AS offer_title,
                 u.id AS user_id, u.username, u.deleted_at IS NOT NULL AS former, r.auto_status, r.status, r.reason AS owner_reason,
                 (extract(epoch FROM r.created_at) * 1000)::float8 AS created_ms,
                 (extract(epoch FROM r.decided_at) * 1000)::float8 AS decided_ms,
                 coalesce((SELECT json_agg(json_build_object('fileId', f.id, 'contentType', f.content_type) ORDER BY f.position)
                           FROM receipt_files f WHERE f.receipt_id = r.id), '[]'::json) AS files
          FROM receipts r
          JOIN vendors v ON v.id = r.vendor_id
          JOIN users u ON u.id = r.consumer_user_id
          LEFT JOIN offers o ON o.offer_id = r.offer_id
          WHERE ${OPEN_DISPUTE}
          ORDER BY r.created_at, r.id
          LIMIT 200
        `,
      );
      return rows.map((row) => ({
        receiptId: row.receipt_id,
        vendorId: row.vendor_id,
        businessName: row.business_name,
        offerId: row.offer_id,
        offerTitle: row.offer_title,
        shopper: { userId: row.user_id, username: row.username, formerShopper: row.former },
        autoStatus: row.auto_status,
        status: row.status,
        ownerReason: row.owner_reason,
        createdAt: new Date(row.created_ms).toISOString(),
        decidedAt: row.decided_ms === null ? null : new Date(row.decided_ms).toISOString(),
        files: row.files.map((file) => ({ ...file, url: receiptFileUrl(row.receipt_id, file.fileId) })),
      }));
    },

    /**
     * The receipt's shop owner and its people (owner and staff, issue 28 §4: an admin settles no dispute of a shop they
     * belong to), and whether it is an open dispute; undefined when there is no such receipt.
     */
    async findDispute(receiptId: number): Promise<{ shopOwnerUserId: number; memberUserIds: number[]; isOpenDispute: boolean } | undefined> {
      const [row] = await selectRows<{ owner_user_id: number; member_user_ids: number[]; is_open: boolean }>(
        db,
        sql`SELECT v.owner_user_id, ARRAY(SELECT vm.user_id FROM vendor_members vm WHERE vm.vendor_id = v.id) AS member_user_ids, (${OPEN_DISPUTE}) AS is_open
            FROM receipts r JOIN vendors v ON v.id = r.vendor_id WHERE r.id = ${receiptId}`,
      );
      return row ? { shopOwnerUserId: row.owner_user_id, memberUserIds: row.member_user_ids.map(Number), isOpenDispute: row.is_open } : undefined;
    },

    /**
     * The admin's verdict on an open dispute, in one transaction: the receipt's status and the settlement (only while
     * it is still open, so of two admins exactly one settles it), the action logged, the shopper told. Answers
     * undefined when it was not an open dispute.
     */
    async settle(receiptId: number, adminUserId: number, status: 'VERIFIED' | 'REJECTED', reason: string): Promise<SettledReceipt | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await selectRows<{ consumer_user_id: number; business_name: string; settled_ms: number }>(
          tx,
          sql`
            UPDATE receipts r SET status = ${status}, settled_at = now(), settled_by_user_id = ${adminUserId}, settled_reason = ${reason}
            FROM vendors v
            WHERE r.id = ${receiptId} AND v.id = r.vendor_id AND ${OPEN_DISPUTE}
            RETURNING r.consumer_user_id, v.business_name, (extract(epoch FROM r.settled_at) * 1000)::float8 AS settled_ms`,
        );
        if (!row) return undefined;
        await insertAdminAction(tx, { adminUserId, action: 'SETTLE_RECEIPT', itemKind: 'RECEIPT', itemId: receiptId, reason });
        await insertReceiptDecidedNotification(tx, row.consumer_user_id, { receiptId, status, businessName: row.business_name, reason });
        await settleReviewOfReceipt(tx, receiptId, status, reason);
        // Issue 29 §2: the check's stamp stood through the dispute; a receipt settled REJECTED takes it back.
        if (status === 'VERIFIED') await stampReceipt(tx, receiptId);
        else await revokeStamp(tx, { receiptId });
        return { receiptId, status, settledAt: new Date(row.settled_ms).toISOString() };
      });
    },

    /** The console's headline figures; the week starts on Monday 00:00 in Malta. */
    async overview(now = new Date()): Promise<AdminOverview> {
      const today = maltaToday(now);
      const weekStart = maltaMidnight(weekOf(today).from);
      const [vendorRows, receiptRows, figures] = await Promise.all([
        selectRows<{ state: string; total: number }>(db, sql`SELECT status AS state, count(*)::integer AS total FROM vendors GROUP BY status`),
        selectRows<{ state: string; total: number }>(db, sql`SELECT status AS state, count(*)::integer AS total FROM receipts GROUP BY status`),
        selectRows<{ offers_live: number; shoppers: number; open_reports: number; open_disputes: number; suspicious_open: number }>(
          db,
          sql`
            SELECT
              (SELECT count(*)::integer FROM offers o JOIN vendors v ON v.id = o.vendor_id AND v.status = 'ACTIVE'
               WHERE o.status = 'ACTIVE' AND o.end_date >= ${today}::date AND ${OFFER_HAS_UNITS}) AS offers_live,
              (SELECT count(DISTINCT user_id)::integer FROM (
                 SELECT user_id FROM offer_events WHERE created_at >= ${weekStart.toISOString()}::timestamptz AND user_id IS NOT NULL
                 UNION SELECT user_id FROM offer_claims WHERE created_at >= ${weekStart.toISOString()}::timestamptz
                 UNION SELECT consumer_user_id FROM receipts WHERE created_at >= ${weekStart.toISOString()}::timestamptz
                 UNION SELECT user_id FROM favorites WHERE created_at >= ${weekStart.toISOString()}::timestamptz
               ) AS active) AS shoppers,
              (SELECT count(DISTINCT (item_kind, item_id))::integer FROM reports WHERE status = 'OPEN') AS open_reports,
              (SELECT count(*)::integer FROM receipts r WHERE ${OPEN_DISPUTE}) AS open_disputes,
              (SELECT count(*)::integer FROM suspicious_activity WHERE status = 'OPEN') AS suspicious_open
          `,
        ),
      ]);
      const [row] = figures;
      return {
        vendors: countByState(['PENDING', 'ACTIVE', 'REJECTED', 'SUSPENDED', 'CLOSED'] as const, vendorRows),
        offersLive: row?.offers_live ?? 0,
        shoppersActiveThisWeek: row?.shoppers ?? 0,
        receipts: countByState(['PENDING', 'VERIFIED', 'REJECTED', 'NEEDS_REVIEW'] as const, receiptRows),
        openReports: row?.open_reports ?? 0,
        openDisputes: row?.open_disputes ?? 0,
        suspiciousOpen: row?.suspicious_open ?? 0,
      };
    },

    /** A page of the action log, newest first (by id: later actions have larger ids); `beforeId` continues a page. */
    async listActions(beforeId: number | undefined): Promise<{ actions: AdminActionEntry[]; hasMore: boolean }> {
      const rows = await selectRows<ActionRow>(
        db,
        sql`
          SELECT a.id::integer AS id, a.admin_user_id, u.username, coalesce(u.deleted_at IS NOT NULL, false) AS former, a.action, a.item_kind, a.item_id, a.reason,
                 (extract(epoch FROM a.created_at) * 1000)::float8 AS created_ms
          FROM admin_actions a LEFT JOIN users u ON u.id = a.admin_user_id
          ${beforeId === undefined ? sql`` : sql`WHERE a.id < ${beforeId}`}
          ORDER BY a.id DESC
          LIMIT ${ADMIN_ACTIONS_PAGE_SIZE + 1}
        `,
      );
      return {
        hasMore: rows.length > ADMIN_ACTIONS_PAGE_SIZE,
        actions: rows.slice(0, ADMIN_ACTIONS_PAGE_SIZE).map((row) => ({
          actionId: row.id,
          admin:
            row.admin_user_id === null || row.username === null
              ? null
              : { userId: row.admin_user_id, username: row.username, formerShopper: row.former },
          action: row.action,
          itemKind: row.item_kind,
          itemId: row.item_id,
          reason: row.reason,
          createdAt: new Date(row.created_ms).toISOString(),
        })),
      };
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
