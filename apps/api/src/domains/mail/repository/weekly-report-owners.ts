/** SQL for the owners' weekly report (domains/mail/mail-weekly-report.ts). */
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../../db/client.ts';

/**
 * The owners of ACTIVE businesses with Email Notifications on whose report of the week starting `weekStart` is not
 * queued yet (its dedupe key is mail-weekly-report.ts's weeklyReportKey).
 */
export function findOwnersWithoutWeeklyReport(db: Db, weekStart: string) {
  return selectRows<{ vendor_id: number; business_name: string; user_id: number; email: string }>(
    db,
    sql`
    SELECT v.id AS vendor_id, v.business_name, u.id AS user_id, u.email
    FROM vendors v
    JOIN users u ON u.id = v.owner_user_id
    WHERE v.status = 'ACTIVE' AND u.deleted_at IS NULL
      AND COALESCE((u.preferences->>'emailNotifications')::boolean, true)
      AND NOT EXISTS (
        SELECT 1 FROM mail_outbox m WHERE m.dedupe_key = 'weekly-report:' || v.id || ':' || ${weekStart}
      )
    ORDER BY v.id
  `,
  );
}
