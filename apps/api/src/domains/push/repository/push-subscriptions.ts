/**
 * SQL for web push (issue 29 §1): devices' subscriptions and the VAPID key pair kept when none is configured. A
 * subscription is one row an endpoint (one browser profile at one push service): subscribing again answers the same row,
 * and the same browser subscribing for another account moves it there, so pushes never reach the previous account's
 * person on a shared device.
 */
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../../db/client.ts';

export interface StoredPushSubscription {
  endpoint: string;
  createdAt: string;
  expirationTime: string | null;
}

interface SubscriptionRow {
  endpoint: string;
  created_at: Date | string;
  expiration_time: Date | string | null;
  created: boolean;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export function createPushRepository(db: Db) {
  return {
    /**
     * The VAPID pair every replica signs with: the stored one, or `made` stored now (the first replica to boot wins:
     * a single row, id 1, inserted ON CONFLICT DO NOTHING, then read back).
     */
    async vapidKeys(made: () => { publicKey: string; privateKey: string }): Promise<{ publicKey: string; privateKey: string }> {
      const [stored] = await selectRows<{ public_key: string; private_key: string }>(db, sql`SELECT public_key, private_key FROM push_vapid_keys WHERE id = 1`);
      if (stored) return { publicKey: stored.public_key, privateKey: stored.private_key };
      const pair = made();
      await db.execute(sql`INSERT INTO push_vapid_keys (id, public_key, private_key) VALUES (1, ${pair.publicKey}, ${pair.privateKey}) ON CONFLICT (id) DO NOTHING`);
      const [kept] = await selectRows<{ public_key: string; private_key: string }>(db, sql`SELECT public_key, private_key FROM push_vapid_keys WHERE id = 1`);
      if (!kept) throw new Error('the VAPID key pair was not kept');
      return { publicKey: kept.public_key, privateKey: kept.private_key };
    },

    /** Saves the device's subscription for the account and session; `created` false when the endpoint was known. */
    async subscribe(
      userId: number,
      sessionId: string,
      subscription: { endpoint: string; keys: { p256dh: string; auth: string }; expirationTime?: number | null | undefined },
    ): Promise<{ subscription: StoredPushSubscription; created: boolean }> {
      const expiration = subscription.expirationTime == null ? null : new Date(subscription.expirationTime).toISOString();
      const [row] = await selectRows<SubscriptionRow>(
        db,
        // New for this account when inserted, or when the endpoint was another account's (the browser changed hands).
        sql`WITH previous AS (SELECT user_id FROM push_subscriptions WHERE endpoint = ${subscription.endpoint})
            INSERT INTO push_subscriptions (user_id, session_id, endpoint, p256dh, auth, expiration_time)
            VALUES (${userId}, ${sessionId}, ${subscription.endpoint}, ${subscription.keys.p256dh}, ${subscription.keys.auth}, ${expiration}::timestamptz)
            ON CONFLICT (endpoint) DO UPDATE SET
              user_id = excluded.user_id, session_id = excluded.session_id, p256dh = excluded.p256dh, auth = excluded.auth,
              expiration_time = excluded.expiration_time, updated_at = now(),
              created_at = CASE WHEN push_subscriptions.user_id = excluded.user_id THEN push_subscriptions.created_at ELSE now() END
            RETURNING endpoint, created_at, expiration_time,
              (xmax = 0 OR (SELECT user_id FROM previous) IS DISTINCT FROM ${userId}::integer) AS created`,
      );
      if (!row) throw new Error('the push subscription upsert returned no row');
      return { subscription: { endpoint: row.endpoint, createdAt: iso(row.created_at), expirationTime: row.expiration_time === null ? null : iso(row.expiration_time) }, created: row.created };
    },

    /** Removes the account's subscription of this endpoint; false when the account has none such. */
    async unsubscribe(userId: number, endpoint: string): Promise<boolean> {
      const rows = await selectRows<{ id: number }>(db, sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND endpoint = ${endpoint} RETURNING id`);
      return rows.length > 0;
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
