/**
 * The suspicious-activity queue (issue 24, ADR 016): bursts of new or same-network accounts at one shop, listed for an
 * admin. While an entry is OPEN, and for good once EXCLUDED, its items count nowhere (notFlaggedSql).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  SUSPICIOUS_BURST_ACCOUNTS,
  SUSPICIOUS_BURST_WINDOW_MINUTES,
  SUSPICIOUS_ITEM_KINDS,
  SUSPICIOUS_NEW_ACCOUNT_DAYS,
  type SuspiciousActivity,
  type SuspiciousActivityStatus,
  type SuspiciousDecision,
  type SuspiciousItemKind,
} from '@qrib/shared';
import { selectRows, type Db } from '../../../db/client.ts';
import { notifications } from '../../../db/schema.ts';
import { insertAdminAction } from '../../businesses/index.ts';

export type { SuspiciousItemKind };

/**
 * True when the item (`idColumn`: offer_claims.id, reviews.id or receipts.id, as SQL text such as 'c.id') is not
 * listed in a suspicious-activity entry that is OPEN or EXCLUDED: the condition every figure (rating, trust level,
 * Conversions, audiences) adds so flagged items count nowhere. A CLEARED entry's items count again.
 */
export function notFlaggedSql(kind: SuspiciousItemKind, idColumn: string): SQL {
  if (!SUSPICIOUS_ITEM_KINDS.includes(kind)) throw new Error(`Unknown suspicious item kind ${String(kind)}`);
  return sql.raw(
    `NOT EXISTS (SELECT 1 FROM suspicious_activity_items flagged_item JOIN suspicious_activity flagged ON flagged.id = flagged_item.activity_id ` +
      `WHERE flagged_item.item_kind = '${kind}' AND flagged_item.item_id = ${idColumn} AND flagged.status IN ('OPEN', 'EXCLUDED'))`,
  );
}

/**
 * True when the item is not in an EXCLUDED entry: an admin took it out of every figure for good, so it grants no review
 * either (a sock puppet whose purchase was excluded cannot come back later with a review of it).
 */
export function notExcludedSql(kind: SuspiciousItemKind, idColumn: string): SQL {
  if (!SUSPICIOUS_ITEM_KINDS.includes(kind)) throw new Error(`Unknown suspicious item kind ${String(kind)}`);
  return sql.raw(
    `NOT EXISTS (SELECT 1 FROM suspicious_activity_items excluded_item JOIN suspicious_activity excluded ON excluded.id = excluded_item.activity_id ` +
      `WHERE excluded_item.item_kind = '${kind}' AND excluded_item.item_id = ${idColumn} AND excluded.status = 'EXCLUDED')`,
  );
}

/** The advisory-lock class of the burst check (any fixed number; this one spells 'SUSP'); the key is the shop's id. */
const BURST_LOCK_CLASS = 0x53555350;

/** Only admins' decisions move an entry, and only from OPEN. */
const DECIDED_STATUS = { CLEAR: 'CLEARED', EXCLUDE: 'EXCLUDED' } as const satisfies Record<SuspiciousDecision, SuspiciousActivityStatus>;
const DECISION_ACTION = { CLEAR: 'CLEAR_SUSPICIOUS', EXCLUDE: 'EXCLUDE_SUSPICIOUS' } as const satisfies Record<SuspiciousDecision, string>;

/** The rule's figures, stored with each entry it opens (they may change; an entry keeps those it was listed under). */
const BURST_RULE_PARAMS = {
  windowMinutes: SUSPICIOUS_BURST_WINDOW_MINUTES,
  minAccounts: SUSPICIOUS_BURST_ACCOUNTS,
  newAccountDays: SUSPICIOUS_NEW_ACCOUNT_DAYS,
};

/** The account (users alias `u`) is new for the rule: its address is not verified, or it is younger than SUSPICIOUS_NEW_ACCOUNT_DAYS. */
function newAccountSql(u: string): SQL {
  return sql.raw(`(${u}.email_verified_at IS NULL OR ${u}.created_at > now() - make_interval(days => ${SUSPICIOUS_NEW_ACCOUNT_DAYS}))`);
}

/**
 * The shop's events of the last SUSPICIOUS_BURST_WINDOW_MINUTES that the rule looks at: till redemptions, published
 * reviews, receipts the automatic check VERIFIED (when it did). Columns: kind, item_id, user_id, occurred_at.
 */
function recentEventsSql(vendorId: number): SQL {
  const since = sql`now() - make_interval(mins => ${SUSPICIOUS_BURST_WINDOW_MINUTES})`;
  return sql`(
    SELECT 'REDEMPTION'::text AS kind, c.id AS item_id, c.user_id, c.redeemed_at AS occurred_at
    FROM offer_claims c WHERE c.vendor_id = ${vendorId} AND c.status = 'REDEEMED' AND c.redeemed_at >= ${since}
    UNION ALL
    SELECT 'REVIEW', rv.id, rv.user_id, rv.created_at
    FROM reviews rv WHERE rv.vendor_id = ${vendorId} AND rv.status = 'PUBLISHED' AND rv.created_at >= ${since}
    UNION ALL
    SELECT 'RECEIPT', rc.id, rc.consumer_user_id, rc.checked_at
    FROM receipts rc WHERE rc.vendor_id = ${vendorId} AND rc.auto_status = 'VERIFIED' AND rc.checked_at >= ${since}
  )`;
}

/**
 * The events to list after an event at the shop (ADR 016, rule NEW_ACCOUNTS_BURST), not yet listed in any entry:
 * - a burst: among the accounts with an event at the shop in the window (events an admin CLEARED left aside), the
 *   suspect ones — new (newAccountSql), or signed up from the same network as another of those accounts within
 *   SUSPICIOUS_NEW_ACCOUNT_DAYS of it (accounts made together; a café's regulars who joined on its Wi-Fi weeks apart
 *   are not) — are SUSPICIOUS_BURST_ACCOUNTS or more: all their events in the window;
 * - and the events in the window of accounts already listed in an OPEN or EXCLUDED entry of the shop (a sock puppet's
 *   review an hour after its burst is listed too).
 */
function eventsToListSql(vendorId: number): SQL {
  return sql`
    WITH events AS (SELECT * FROM ${recentEventsSql(vendorId)} AS e
                    WHERE NOT EXISTS (SELECT 1 FROM suspicious_activity_items ci JOIN suspicious_activity ca ON ca.id = ci.activity_id
                                      WHERE ci.item_kind = e.kind AND ci.item_id = e.item_id AND ca.status = 'CLEARED')),
         actors AS (SELECT u.id AS user_id, u.signup_network, u.created_at, ${newAccountSql('u')} AS is_new
                    FROM users u WHERE u.id IN (SELECT user_id FROM events)),
         suspects AS (SELECT a.user_id FROM actors a
                      WHERE a.is_new OR (a.signup_network IS NOT NULL
                                         AND EXISTS (SELECT 1 FROM actors b WHERE b.user_id <> a.user_id AND b.signup_network = a.signup_network
                                                     AND abs(extract(epoch FROM b.created_at - a.created_at)) < ${SUSPICIOUS_NEW_ACCOUNT_DAYS * 86_400}))),
         listed AS (SELECT DISTINCT li.user_id FROM suspicious_activity_items li JOIN suspicious_activity la ON la.id = li.activity_id
                    WHERE la.vendor_id = ${vendorId} AND la.status IN ('OPEN', 'EXCLUDED'))
    SELECT e.kind, e.item_id, e.user_id, e.occurred_at FROM events e
    WHERE ((SELECT count(*) FROM suspects) >= ${SUSPICIOUS_BURST_ACCOUNTS} AND e.user_id IN (SELECT user_id FROM suspects)
           OR e.user_id IN (SELECT user_id FROM listed))
      AND NOT EXISTS (SELECT 1 FROM suspicious_activity_items si WHERE si.item_kind = e.kind AND si.item_id = e.item_id)
    ORDER BY e.occurred_at, e.kind, e.item_id`;
}

interface EntryRow {
  id: number;
  vendor_id: number;
  business_name: string;
  status: SuspiciousActivityStatus;
  rule_code: SuspiciousActivity['ruleCode'];
  rule_params: SuspiciousActivity['ruleParams'];
  detected_ms: number;
  decided_ms: number | null;
  reason: string | null;
  accounts: { userId: number; username: string; createdMs: number; emailVerified: boolean; sameNetwork: boolean }[];
  events: { kind: SuspiciousItemKind; itemId: number; userId: number; username: string; occurredMs: number; stars: number | null }[];
}

/** Entries with their accounts (the first to act first) and events (oldest first). */
function entriesSql(where: SQL, order: SQL): SQL {
  return sql`
    SELECT a.id, a.vendor_id, v.business_name, a.status, a.rule_code, a.rule_params, a.reason,
           (extract(epoch FROM a.detected_at) * 1000)::float8 AS detected_ms,
           (extract(epoch FROM a.decided_at) * 1000)::float8 AS decided_ms,
           coalesce((
             SELECT json_agg(json_build_object('userId', acc.id, 'username', acc.username, 'createdMs', acc.created_ms,
                                               'emailVerified', acc.email_verified, 'sameNetwork', acc.same_network) ORDER BY acc.first_at, acc.id)
             FROM (SELECT u.id, u.username, (extract(epoch FROM u.created_at) * 1000)::float8 AS created_ms,
                          u.email_verified_at IS NOT NULL AS email_verified, min(i.occurred_at) AS first_at,
                          (u.signup_network IS NOT NULL AND EXISTS (
                             SELECT 1 FROM suspicious_activity_items oi JOIN users ou ON ou.id = oi.user_id
                             WHERE oi.activity_id = a.id AND ou.id <> u.id AND ou.signup_network = u.signup_network)) AS same_network
                   FROM suspicious_activity_items i JOIN users u ON u.id = i.user_id
                   WHERE i.activity_id = a.id
                   GROUP BY u.id) AS acc), '[]'::json) AS accounts,
           coalesce((
             SELECT json_agg(json_build_object('kind', i.item_kind, 'itemId', i.item_id, 'userId', i.user_id, 'username', u.username,
                                               'occurredMs', (extract(epoch FROM i.occurred_at) * 1000)::float8, 'stars', rv.stars)
                             ORDER BY i.occurred_at, i.id)
             FROM suspicious_activity_items i JOIN users u ON u.id = i.user_id
             LEFT JOIN reviews rv ON i.item_kind = 'REVIEW' AND rv.id = i.item_id
             WHERE i.activity_id = a.id), '[]'::json) AS events
    FROM suspicious_activity a JOIN vendors v ON v.id = a.vendor_id
    WHERE ${where}
    ORDER BY ${order}
    LIMIT 200`;
}

function presentEntry(row: EntryRow): SuspiciousActivity {
  return {
    id: row.id,
    vendorId: row.vendor_id,
    businessName: row.business_name,
    status: row.status,
    ruleCode: row.rule_code,
    ruleParams: row.rule_params,
    detectedAt: new Date(row.detected_ms).toISOString(),
    decidedAt: row.decided_ms === null ? null : new Date(row.decided_ms).toISOString(),
    reason: row.reason,
    accounts: row.accounts.map((account) => ({
      userId: account.userId,
      username: account.username,
      createdAt: new Date(account.createdMs).toISOString(),
      emailVerified: account.emailVerified,
      sameNetwork: account.sameNetwork,
    })),
    events: row.events.map((event) => ({
      kind: event.kind,
      itemId: event.itemId,
      userId: event.userId,
      username: event.username,
      occurredAt: new Date(event.occurredMs).toISOString(),
      stars: event.kind === 'REVIEW' ? event.stars : null,
    })),
  };
}

export function createSuspiciousActivityRepository(db: Db) {
  async function findEntry(tx: Db, id: number): Promise<SuspiciousActivity | undefined> {
    const [row] = await selectRows<EntryRow>(tx, entriesSql(sql`a.id = ${id}`, sql`a.id`));
    return row ? presentEntry(row) : undefined;
  }

  return {
    /**
     * Looks at the shop's last SUSPICIOUS_BURST_WINDOW_MINUTES after one of its events committed, and lists what the
     * rule finds (eventsToListSql): in the shop's OPEN entry when it has one, else in a new one. One check per shop
     * at a time, on every replica (a transaction-scoped advisory lock on the shop), so two events at once neither
     * open two entries nor miss each other; an event is listed once (the unique index on the item). Answers the
     * entry's id when it listed anything.
     */
    async detect(vendorId: number): Promise<number | undefined> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${BURST_LOCK_CLASS}::int, ${vendorId}::int)`);
        const events = await selectRows<{ kind: SuspiciousItemKind; item_id: number; user_id: number; occurred_at: string }>(tx, eventsToListSql(vendorId));
        if (events.length === 0) return undefined;
        const [open] = await selectRows<{ id: number }>(
          tx,
          // Locked: an admin deciding this entry meanwhile waits, and a decision made first is seen here (the row is
          // read again once the lock is granted), so new events never land in an entry already CLEARED or EXCLUDED.
          sql`SELECT id FROM suspicious_activity WHERE vendor_id = ${vendorId} AND status = 'OPEN' AND rule_code = 'NEW_ACCOUNTS_BURST' ORDER BY id LIMIT 1 FOR UPDATE`,
        );
        const [entry] = open
          ? [open]
          : await selectRows<{ id: number }>(
              tx,
              sql`INSERT INTO suspicious_activity (vendor_id, rule_code, rule_params) VALUES (${vendorId}, 'NEW_ACCOUNTS_BURST', ${JSON.stringify(BURST_RULE_PARAMS)}::jsonb) RETURNING id`,
            );
        if (!entry) return undefined;
        for (const event of events) {
          await tx.execute(sql`
            INSERT INTO suspicious_activity_items (activity_id, item_kind, item_id, user_id, occurred_at)
            VALUES (${entry.id}, ${event.kind}, ${event.item_id}, ${event.user_id}, ${event.occurred_at}::timestamptz)
            ON CONFLICT (item_kind, item_id) DO NOTHING`);
        }
        return entry.id;
      });
    },

    /** Entries in one state: OPEN the oldest first (a queue), decided ones the latest decided first. */
    async list(status: SuspiciousActivityStatus): Promise<SuspiciousActivity[]> {
      const order = status === 'OPEN' ? sql`a.detected_at, a.id` : sql`a.decided_at DESC, a.id DESC`;
      const rows = await selectRows<EntryRow>(db, entriesSql(sql`a.status = ${status}`, order));
      return rows.map(presentEntry);
    },

    /** The entry's state and its shop's owner (an admin decides on no shop of their own); undefined when there is none. */
    async findForDecision(id: number): Promise<{ status: SuspiciousActivityStatus; shopOwnerUserId: number; memberUserIds: number[] } | undefined> {
      const [row] = await selectRows<{ status: SuspiciousActivityStatus; owner_user_id: number; member_user_ids: number[] }>(
        db,
        // Issue 28 §4: the shop's people (owner and staff): an admin decides on no shop they belong to.
        sql`SELECT a.status, v.owner_user_id, ARRAY(SELECT vm.user_id FROM vendor_members vm WHERE vm.vendor_id = v.id) AS member_user_ids
            FROM suspicious_activity a JOIN vendors v ON v.id = a.vendor_id WHERE a.id = ${id}`,
      );
      return row ? { status: row.status, shopOwnerUserId: row.owner_user_id, memberUserIds: row.member_user_ids.map(Number) } : undefined;
    },

    /**
     * The admin's decision, in one transaction and only while the entry is OPEN (of two admins, one decides): its
     * status, reason and time; on EXCLUDE its published reviews REMOVED with the reason and each author told
     * (CONTENT_REMOVED, as a removal after a report); the admin action logged; the shop's owner told
     * (SUSPICIOUS_ACTIVITY_DECIDED with the reason). Its purchases need no write: notFlaggedSql keeps an EXCLUDED
     * entry's items out of every figure, and lets a CLEARED one's count again. Undefined when it was no longer OPEN.
     */
    async decide(id: number, adminUserId: number, decision: SuspiciousDecision, reason: string): Promise<SuspiciousActivity | undefined> {
      return db.transaction(async (tx) => {
        const [decided] = await selectRows<{ vendor_id: number; owner_user_id: number; business_name: string }>(
          tx,
          sql`
            UPDATE suspicious_activity a SET status = ${DECIDED_STATUS[decision]}, decided_at = now(), decided_by_user_id = ${adminUserId}, reason = ${reason}
            FROM vendors v
            WHERE a.id = ${id} AND a.status = 'OPEN' AND v.id = a.vendor_id
            RETURNING a.vendor_id, v.owner_user_id, v.business_name`,
        );
        if (!decided) return undefined;
        if (decision === 'EXCLUDE') {
          const removed = await selectRows<{ id: number; user_id: number; author_gone: boolean }>(
            tx,
            sql`
              UPDATE reviews rv SET status = 'REMOVED', status_reason = ${reason}
              FROM suspicious_activity_items i, users u
              WHERE i.activity_id = ${id} AND i.item_kind = 'REVIEW' AND rv.id = i.item_id AND rv.status = 'PUBLISHED' AND u.id = rv.user_id
              RETURNING rv.id, rv.user_id, u.deleted_at IS NOT NULL AS author_gone`,
          );
          const told = removed.filter((review) => !review.author_gone);
          if (told.length > 0) {
            await tx.insert(notifications).values(
              told.map((review) => ({
                userId: review.user_id,
                kind: 'CONTENT_REMOVED' as const,
                payload: { kind: 'REVIEW', itemId: review.id, title: decided.business_name, reason },
              })),
            );
          }
        }
        await insertAdminAction(tx, { adminUserId, action: DECISION_ACTION[decision], itemKind: 'SUSPICIOUS_ACTIVITY', itemId: id, reason });
        await tx.insert(notifications).values({
          userId: decided.owner_user_id,
          kind: 'SUSPICIOUS_ACTIVITY_DECIDED',
          payload: { activityId: id, vendorId: decided.vendor_id, businessName: decided.business_name, decision, reason },
        });
        return findEntry(tx, id);
      });
    },
  };
}

export type SuspiciousActivityRepository = ReturnType<typeof createSuspiciousActivityRepository>;
