/**
 * The bell's notifications (DESIGN.md §3): listing a user's own, marking them read, and creating them when a
 * receipt is decided or a shop publishes or resumes an offer.
 */
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isMemberSql } from '../../db/membership-sql.ts';
import {
  NOTIFICATIONS_PAGE_SIZE,
  notificationSchema,
  type Notification,
  type NotificationsResponse,
} from '@qrib/shared';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';

type NotificationRow = typeof notifications.$inferSelect;

/** Rows whose payload no longer fits the schema are left out rather than failing the whole bell. */
function present(row: NotificationRow): Notification | undefined {
  const parsed = notificationSchema.safeParse({
    id: row.id,
    kind: row.kind,
    payload: row.payload,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  });
  return parsed.success ? parsed.data : undefined;
}

/** Inserts a RECEIPT_DECIDED notification; takes a transaction so it commits with the decision. */
export async function insertReceiptDecidedNotification(
  db: Db,
  userId: number,
  payload: { receiptId: number; status: 'VERIFIED' | 'REJECTED'; businessName: string; reason: string | null },
): Promise<void> {
  await db.insert(notifications).values({ userId, kind: 'RECEIPT_DECIDED', payload });
}

export function createNotificationsRepository(db: Db) {
  async function countUnread(userId: number): Promise<number> {
    const [row] = await db
      .select({ total: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return Number(row?.total ?? 0);
  }

  return {
    countUnread,

    /** The newest notifications of the user, with how many of all their notifications are unread. */
    async list(userId: number): Promise<NotificationsResponse> {
      const [rows, unreadCount] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, userId))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(NOTIFICATIONS_PAGE_SIZE),
        countUnread(userId),
      ]);
      return { data: rows.flatMap((row) => present(row) ?? []), unreadCount };
    },

    /** Marks the given notifications (or all) of this user read; other users' ids are ignored. Answers the unread count. */
    async markRead(userId: number, ids: number[] | undefined): Promise<number> {
      const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
      await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(ids === undefined ? mine : and(mine, inArray(notifications.id, ids)));
      return countUnread(userId);
    },

    /**
     * NEW_OFFER for everyone who saved any offer of the offer's shop, in one INSERT ... SELECT. Nothing when
     * the offer is not active or its owner chose not to send notifications; never to the shop's owner; and only
     * once per offer and person (pausing and resuming an offer again does not ring the bell again).
     */
    async notifySaversOfOffer(offerId: number): Promise<void> {
      await db.execute(sql`
        INSERT INTO notifications (user_id, kind, payload)
        SELECT savers.user_id, 'NEW_OFFER',
               jsonb_build_object('offerId', published.offer_id, 'title', published.title, 'businessName', shop.business_name)
                 -- Issue 28 §3: a happy hour's schedule, only when it has one.
                 || CASE WHEN published.schedule IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('schedule', published.schedule) END
        FROM offers published
        JOIN vendors shop ON shop.id = published.vendor_id
        JOIN LATERAL (
          SELECT DISTINCT f.user_id
          FROM favorites f
          JOIN offers saved ON saved.offer_id = f.offer_id
          WHERE saved.vendor_id = published.vendor_id
        ) savers ON NOT ${isMemberSql(sql`shop.id`, sql`savers.user_id`)}
        -- Only a shop shoppers see (issue 14): a PENDING or SUSPENDED shop's new offer rings nobody's bell.
        WHERE published.offer_id = ${offerId} AND published.status = 'ACTIVE' AND published.send_notifications AND shop.status = 'ACTIVE'
          AND NOT EXISTS (
            SELECT 1 FROM notifications told
            WHERE told.user_id = savers.user_id AND told.kind = 'NEW_OFFER' AND told.payload->>'offerId' = published.offer_id::text
          )
      `);
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
