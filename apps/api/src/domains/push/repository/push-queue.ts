/**
 * SQL for the push queue (issue 29 §1, ADR 027): the writing side (what the notifications trigger of migration 0028
 * does not write: nearby offers, ending tomorrow, a test push), the settings, and the sending side the pusher uses
 * (domains/push/pusher.ts): claims with `FOR UPDATE SKIP LOCKED` (no push claimed by two replicas), the daily cap
 * decided under a lock per person (so two replicas never both send a person's third push), a device's acceptance
 * kept at once (a replica taking over a lapsed claim sends to the other devices only).
 */
import { sql } from 'drizzle-orm';
import { EARTH_RADIUS_KM, type PushOutboxKind } from '@qrib/shared';
import { DEFAULT_PUSH_SETTINGS, type PushSettings, type PushSettingsUpdate } from '@qrib/shared/push-schemas';
import { selectRows, type Db } from '../../../db/client.ts';
import { isMemberSql } from '../../../db/membership-sql.ts';

type Payload = Record<string, string | number | boolean | null>;

/** A claimed push, with what the pusher reads of its person and offer at send time. */
export interface ClaimedPush {
  id: number;
  userId: number;
  kind: PushOutboxKind;
  payload: Payload;
  offerId: number | null;
  held: boolean;
  /** When it became due (for a held push: the end of the quiet hours it waited out). */
  notBefore: Date;
  attempts: number;
  deliveredTo: number[];
  /** Already chosen to be sent (counted by the cap): a retry or a replica's lapsed claim. */
  decided: boolean;
}

export interface PushDevice {
  id: number;
  userId: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** An offer's state when its push is sent: pushed only while shoppers can see it, never past its end. */
export interface PushOffer {
  visible: boolean;
  /** Its last day (Malta). */
  endDate: string;
}

interface ClaimedRow {
  id: number | string;
  user_id: number;
  kind: PushOutboxKind;
  payload: Payload | string;
  offer_id: number | null;
  held: boolean;
  not_before: Date | string;
  attempts: number;
  delivered_to: (number | string)[] | string;
  decided_at: Date | string | null;
}

interface SettingsRow {
  new_offer: boolean;
  code_redeemed: boolean;
  receipt_decided: boolean;
  ending_tomorrow: boolean;
  sold_out: boolean;
  new_review: boolean;
  nearby: boolean;
  nearby_latitude: number | null;
  nearby_longitude: number | null;
  nearby_label: string | null;
  nearby_radius_km: number;
  nearby_category_ids: number[] | string;
  daily_cap: number;
  quiet_from: number;
  quiet_until: number;
}

const parsedJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
const bigintArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** A PostgreSQL array as the drivers give it: an array (node-postgres, PGlite) or its text ('{1,2}'). */
function numbers(value: (number | string)[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number);
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map(Number);
}

function settingsOf(row: SettingsRow | undefined): PushSettings {
  if (!row) return { ...DEFAULT_PUSH_SETTINGS };
  return {
    newOffer: row.new_offer,
    codeRedeemed: row.code_redeemed,
    receiptDecided: row.receipt_decided,
    endingTomorrow: row.ending_tomorrow,
    soldOut: row.sold_out,
    newReview: row.new_review,
    nearby: row.nearby,
    nearbyPlace:
      row.nearby_latitude === null || row.nearby_longitude === null
        ? null
        : { lat: row.nearby_latitude, lng: row.nearby_longitude, label: row.nearby_label ?? '' },
    nearbyRadiusKm: row.nearby_radius_km,
    nearbyCategoryIds: numbers(row.nearby_category_ids),
    dailyCap: row.daily_cap,
    quietFrom: row.quiet_from,
    quietUntil: row.quiet_until,
  };
}

const SETTINGS_COLUMNS = sql`new_offer, code_redeemed, receipt_decided, ending_tomorrow, sold_out, new_review, nearby,
  nearby_latitude, nearby_longitude, nearby_label, nearby_radius_km, nearby_category_ids, daily_cap, quiet_from, quiet_until`;

/** The great-circle distance in km between a row's place and a shop (cube + earthdistance, as search measures). */
const distanceKm = sql`(${EARTH_RADIUS_KM}::double precision * 2 * asin(least(1.0,
  (ll_to_earth(ps.nearby_latitude, ps.nearby_longitude) <-> ll_to_earth(shop.location_latitude, shop.location_longitude)) / (2 * earth()))))`;

export function createPushQueueRepository(db: Db) {
  return {
    async settings(userId: number): Promise<PushSettings> {
      const [row] = await selectRows<SettingsRow>(db, sql`SELECT ${SETTINGS_COLUMNS} FROM push_settings WHERE user_id = ${userId}`);
      return settingsOf(row);
    },

    /**
     * Changes what is given over what is stored (or the defaults), in one statement; answers the settings now, or
     * 'needsPlace' when nearby would be on without a place (nothing changed).
     */
    async updateSettings(userId: number, changes: PushSettingsUpdate): Promise<PushSettings | 'needsPlace'> {
      const next: PushSettings = { ...(await this.settings(userId)), ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) };
      if (next.nearby && next.nearbyPlace === null) return 'needsPlace';
      // About 100 m is all 'within 1 km' needs: a chosen place is kept no more exactly than that.
      const place = next.nearbyPlace && { ...next.nearbyPlace, lat: Math.round(next.nearbyPlace.lat * 1000) / 1000, lng: Math.round(next.nearbyPlace.lng * 1000) / 1000 };
      await db.execute(sql`
        INSERT INTO push_settings (user_id, new_offer, code_redeemed, receipt_decided, ending_tomorrow, sold_out, new_review, nearby,
          nearby_latitude, nearby_longitude, nearby_label, nearby_radius_km, nearby_category_ids, daily_cap, quiet_from, quiet_until, updated_at)
        VALUES (${userId}, ${next.newOffer}, ${next.codeRedeemed}, ${next.receiptDecided}, ${next.endingTomorrow}, ${next.soldOut}, ${next.newReview},
          ${next.nearby}, ${place?.lat ?? null}, ${place?.lng ?? null}, ${place?.label ?? null}, ${next.nearbyRadiusKm},
          ${intArray(next.nearbyCategoryIds)}, ${next.dailyCap}, ${next.quietFrom}, ${next.quietUntil}, now())
        ON CONFLICT (user_id) DO UPDATE SET new_offer = EXCLUDED.new_offer, code_redeemed = EXCLUDED.code_redeemed,
          receipt_decided = EXCLUDED.receipt_decided, ending_tomorrow = EXCLUDED.ending_tomorrow, sold_out = EXCLUDED.sold_out,
          new_review = EXCLUDED.new_review, nearby = EXCLUDED.nearby, nearby_latitude = EXCLUDED.nearby_latitude,
          nearby_longitude = EXCLUDED.nearby_longitude, nearby_label = EXCLUDED.nearby_label,
          nearby_radius_km = EXCLUDED.nearby_radius_km, nearby_category_ids = EXCLUDED.nearby_category_ids,
          daily_cap = EXCLUDED.daily_cap, quiet_from = EXCLUDED.quiet_from, quiet_until = EXCLUDED.quiet_until, updated_at = now()
      `);
      return { ...next, nearbyPlace: place };
    },

    async deviceCount(userId: number): Promise<number> {
      const [row] = await selectRows<{ count: number | string }>(db, sql`SELECT count(*) AS count FROM push_subscriptions WHERE user_id = ${userId}`);
      return Number(row?.count ?? 0);
    },

    /** A test push for every device of the person, sent at once (quiet hours and the cap do not hold it back). */
    async queueTest(userId: number): Promise<void> {
      await db.execute(sql`INSERT INTO push_outbox (user_id, kind) VALUES (${userId}, 'TEST')`);
    },

    /**
     * 'nearby' for a new or resumed offer: everyone with the switch on whose chosen place is within their distance of
     * the shop, in their categories (none chosen: all), with a device; never the shop's own people, and once per person
     * and offer (the key a saver's push of the same offer shares). Only an offer shoppers can see.
     */
    async queueNearby(offerId: number): Promise<number> {
      const rows = await selectRows<{ id: number }>(
        db,
        sql`
        INSERT INTO push_outbox (user_id, kind, payload, offer_id, dedupe_key)
        SELECT ps.user_id, 'NEARBY',
               jsonb_build_object('offerId', o.offer_id, 'title', o.title, 'businessName', shop.business_name, 'place', COALESCE(ps.nearby_label, '')),
               o.offer_id, 'offer:' || ps.user_id || ':' || o.offer_id
        FROM offers o
        JOIN vendors shop ON shop.id = o.vendor_id
        JOIN push_settings ps ON ps.nearby
        JOIN users u ON u.id = ps.user_id AND u.deleted_at IS NULL
        WHERE o.offer_id = ${offerId} AND o.status = 'ACTIVE' AND o.send_notifications AND shop.status = 'ACTIVE'
          AND (cardinality(ps.nearby_category_ids) = 0 OR o.category_id = ANY(ps.nearby_category_ids))
          AND NOT ${isMemberSql(sql`shop.id`, sql`ps.user_id`)}
          AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = ps.user_id)
          AND ${distanceKm} <= ps.nearby_radius_km
        ON CONFLICT (dedupe_key) DO NOTHING
        RETURNING id
      `,
      );
      return rows.length;
    },

    /**
     * 'Ends tomorrow', once a person and offer: an offer whose last day is `tomorrow` (Malta) that the person saved or
     * holds an unused code for; for people with the switch on and a device.
     */
    async queueEndingTomorrow(tomorrow: string, notBefore: Date): Promise<number> {
      // An unused code first: its push names the code, and the saved offer's push then shares its key (one a person
      // and offer). A code is unused while ACTIVE, and expires with its offer's last day.
      const codes = await selectRows<{ id: number }>(
        db,
        sql`
        INSERT INTO push_outbox (user_id, kind, payload, offer_id, dedupe_key, not_before)
        SELECT c.user_id, 'CODE_ENDING_TOMORROW',
               jsonb_build_object('claimId', c.id, 'offerId', o.offer_id, 'title', o.title, 'businessName', shop.business_name),
               o.offer_id, 'ending:' || c.user_id || ':' || o.offer_id, ${at(notBefore)}
        FROM offer_claims c
        JOIN offers o ON o.offer_id = c.offer_id
        JOIN vendors shop ON shop.id = o.vendor_id
        JOIN users u ON u.id = c.user_id AND u.deleted_at IS NULL
        LEFT JOIN push_settings ps ON ps.user_id = c.user_id
        WHERE c.status = 'ACTIVE' AND o.end_date = ${tomorrow}::date AND o.status = 'ACTIVE' AND shop.status = 'ACTIVE'
          AND COALESCE(ps.ending_tomorrow, true)
          AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = c.user_id)
        ON CONFLICT (dedupe_key) DO NOTHING
        RETURNING id
      `,
      );
      const saved = await selectRows<{ id: number }>(
        db,
        sql`
        INSERT INTO push_outbox (user_id, kind, payload, offer_id, dedupe_key, not_before)
        SELECT f.user_id, 'ENDING_TOMORROW', jsonb_build_object('offerId', o.offer_id, 'title', o.title, 'businessName', shop.business_name),
               o.offer_id, 'ending:' || f.user_id || ':' || o.offer_id, ${at(notBefore)}
        FROM favorites f
        JOIN offers o ON o.offer_id = f.offer_id
        JOIN vendors shop ON shop.id = o.vendor_id
        JOIN users u ON u.id = f.user_id AND u.deleted_at IS NULL
        LEFT JOIN push_settings ps ON ps.user_id = f.user_id
        WHERE o.end_date = ${tomorrow}::date AND o.status = 'ACTIVE' AND shop.status = 'ACTIVE'
          AND COALESCE(ps.ending_tomorrow, true)
          AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = f.user_id)
        ON CONFLICT (dedupe_key) DO NOTHING
        RETURNING id
      `,
      );
      return saved.length + codes.length;
    },

    /** Claims up to `limit` due pushes (QUEUED and due, or SENDING with a lapsed claim) until `now + lockMs`. */
    async claimDue(now: Date, limit: number, lockMs: number): Promise<ClaimedPush[]> {
      const rows = await selectRows<ClaimedRow>(
        db,
        sql`
        WITH due AS (
          SELECT id FROM push_outbox
          WHERE (status = 'QUEUED' AND not_before <= ${at(now)}) OR (status = 'SENDING' AND locked_until < ${at(now)})
          ORDER BY not_before, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        UPDATE push_outbox p SET status = 'SENDING', locked_until = ${at(new Date(now.getTime() + lockMs))}
        FROM due WHERE p.id = due.id
        RETURNING p.id, p.user_id, p.kind, p.payload, p.offer_id, p.held, p.not_before, p.attempts, p.delivered_to, p.decided_at
      `,
      );
      return rows
        .map((row) => ({
          id: Number(row.id),
          userId: row.user_id,
          kind: row.kind,
          payload: parsedJson(row.payload),
          offerId: row.offer_id,
          held: row.held,
          notBefore: new Date(row.not_before),
          attempts: row.attempts,
          deliveredTo: numbers(row.delivered_to),
          decided: row.decided_at !== null,
        }))
        .sort((a, b) => a.id - b.id);
    },

    /** Keeps the claims of pushes still being sent. */
    async extendClaims(ids: readonly number[], until: Date): Promise<void> {
      if (ids.length === 0) return;
      await db.execute(sql`UPDATE push_outbox SET locked_until = ${at(until)} WHERE id = ANY(${bigintArray(ids)}) AND status = 'SENDING'`);
    },

    /** The people of a batch: language and settings (the decided-today count is read under the cap's lock). */
    async people(userIds: readonly number[]): Promise<Map<number, { language: string; settings: PushSettings }>> {
      const rows = await selectRows<SettingsRow & { user_id: number; language: string | null; ps_user: number | null }>(
        db,
        sql`SELECT u.id AS user_id, u.preferences->>'language' AS language, ps.user_id AS ps_user, ${SETTINGS_COLUMNS}
            FROM users u LEFT JOIN push_settings ps ON ps.user_id = u.id
            WHERE u.id = ANY(${intArray(userIds)}) AND u.deleted_at IS NULL`,
      );
      return new Map(rows.map((row) => [row.user_id, { language: row.language ?? 'en', settings: settingsOf(row.ps_user === null ? undefined : row) }]));
    },

    async devices(userIds: readonly number[]): Promise<PushDevice[]> {
      const rows = await selectRows<{ id: number | string; user_id: number; endpoint: string; p256dh: string; auth: string }>(
        db,
        sql`SELECT id, user_id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ANY(${intArray(userIds)}) ORDER BY id`,
      );
      return rows.map((row) => ({ id: Number(row.id), userId: row.user_id, endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }));
    },

    async offers(offerIds: readonly number[], today: string): Promise<Map<number, PushOffer>> {
      if (offerIds.length === 0) return new Map();
      const rows = await selectRows<{ offer_id: number; visible: boolean; end_date: string | Date }>(
        db,
        sql`SELECT o.offer_id, (o.status = 'ACTIVE' AND shop.status = 'ACTIVE' AND o.end_date >= ${today}::date) AS visible, o.end_date::text AS end_date
            FROM offers o JOIN vendors shop ON shop.id = o.vendor_id WHERE o.offer_id = ANY(${intArray(offerIds)})`,
      );
      return new Map(rows.map((row) => [row.offer_id, { visible: row.visible, endDate: String(row.end_date).slice(0, 10) }]));
    },

    /**
     * The daily cap, decided in one transaction under a lock per person (taken in id order: no deadlock): of
     * `candidates` (in order), as many as each person's cap leaves today are marked decided (counted from now on);
     * the rest SKIPPED 'cap'. Tests are never counted nor capped. Answers the ids to send.
     */
    async decide(candidates: readonly ClaimedPush[], caps: Map<number, number>, dayStart: Date, now: Date): Promise<Set<number>> {
      if (candidates.length === 0) return new Set();
      const userIds = [...new Set(candidates.map((push) => push.userId))].sort((a, b) => a - b);
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('qrib-push-cap'), u) FROM unnest(${intArray(userIds)}) AS u ORDER BY u`);
        const counted = await selectRows<{ user_id: number; count: number | string }>(
          tx,
          sql`SELECT user_id, count(*) AS count FROM push_outbox
              WHERE user_id = ANY(${intArray(userIds)}) AND decided_at >= ${at(dayStart)} AND kind <> 'TEST' AND status <> 'SUMMARIZED'
              GROUP BY user_id`,
        );
        const used = new Map(counted.map((row) => [row.user_id, Number(row.count)]));
        const send: number[] = [];
        const capped: number[] = [];
        for (const push of candidates) {
          if (push.kind === 'TEST') {
            send.push(push.id);
            continue;
          }
          const sofar = used.get(push.userId) ?? 0;
          if (sofar < (caps.get(push.userId) ?? DEFAULT_PUSH_SETTINGS.dailyCap)) {
            used.set(push.userId, sofar + 1);
            send.push(push.id);
          } else {
            capped.push(push.id);
          }
        }
        if (send.length > 0) await tx.execute(sql`UPDATE push_outbox SET decided_at = ${at(now)} WHERE id = ANY(${bigintArray(send)})`);
        if (capped.length > 0) {
          await tx.execute(sql`UPDATE push_outbox SET status = 'SKIPPED', outcome = 'cap', locked_until = NULL WHERE id = ANY(${bigintArray(capped)})`);
        }
        return new Set(send);
      });
    },

    /** Pushes not sent, for good: SKIPPED with why ('ended', 'kind-off', 'no-device'). */
    async skip(ids: readonly number[], outcome: string): Promise<void> {
      if (ids.length === 0) return;
      await db.execute(sql`UPDATE push_outbox SET status = 'SKIPPED', outcome = ${outcome}, locked_until = NULL WHERE id = ANY(${bigintArray(ids)})`);
    },

    /** Held in quiet hours: back to the queue until `until` (the quiet hours' end), marked for the morning's summary. */
    async hold(ids: readonly number[], until: Date): Promise<void> {
      if (ids.length === 0) return;
      await db.execute(sql`UPDATE push_outbox SET status = 'QUEUED', held = true, not_before = ${at(until)}, locked_until = NULL WHERE id = ANY(${bigintArray(ids)})`);
    },

    /**
     * The morning's one push for a person's `held` pushes (claimed, in id order), decided under the person's lock (the
     * cap's): when a morning push of held ones was already decided since they became due (another batch or replica),
     * these are SUMMARIZED into it; else the first becomes the push, every other held one due (these and any still
     * queued) SUMMARIZED into it, and the cap decides it like any other. Answers the push to send and how many it
     * tells of, or null.
     */
    async decideMorning(held: readonly ClaimedPush[], cap: number, dayStart: Date, now: Date): Promise<{ id: number; count: number } | null> {
      const [first] = held;
      if (!first) return null;
      const ids = held.map((push) => push.id);
      const since = new Date(Math.min(...held.map((push) => push.notBefore.getTime())));
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('qrib-push-cap'), ${first.userId})`);
        const [told] = await selectRows<{ id: number | string }>(
          tx,
          sql`SELECT id FROM push_outbox WHERE user_id = ${first.userId} AND held AND decided_at >= ${at(since)} AND status IN ('SENDING', 'SENT', 'QUEUED') LIMIT 1`,
        );
        if (told) {
          await tx.execute(sql`UPDATE push_outbox SET status = 'SUMMARIZED', outcome = ${`summary:${told.id}`}, locked_until = NULL WHERE id = ANY(${bigintArray(ids)})`);
          return null;
        }
        const folded = await selectRows<{ id: number | string }>(
          tx,
          sql`UPDATE push_outbox SET status = 'SUMMARIZED', outcome = ${`summary:${first.id}`}, locked_until = NULL
              WHERE user_id = ${first.userId} AND held AND decided_at IS NULL AND not_before <= ${at(now)}
                -- Claimed by another batch or replica too: it reaches this lock next and finds this push told.
                AND id <> ${first.id} AND status IN ('QUEUED', 'SENDING')
              RETURNING id`,
        );
        const count = 1 + folded.length;
        const [used] = await selectRows<{ count: number | string }>(
          tx,
          sql`SELECT count(*) AS count FROM push_outbox WHERE user_id = ${first.userId} AND decided_at >= ${at(dayStart)} AND kind <> 'TEST' AND status <> 'SUMMARIZED'`,
        );
        if (Number(used?.count ?? 0) >= cap) {
          await tx.execute(sql`UPDATE push_outbox SET status = 'SKIPPED', outcome = 'cap', locked_until = NULL WHERE id = ${first.id}`);
          return null;
        }
        await tx.execute(sql`UPDATE push_outbox SET decided_at = ${at(now)}, payload = payload || jsonb_build_object('summaryCount', ${count}::int) WHERE id = ${first.id}`);
        return { id: first.id, count };
      });
    },

    /** A device accepted the push: kept at once, so a replica taking over sends to the others only. */
    async delivered(id: number, deviceId: number): Promise<void> {
      await db.execute(sql`UPDATE push_outbox SET delivered_to = array_append(delivered_to, ${deviceId}::bigint) WHERE id = ${id} AND NOT (${deviceId}::bigint = ANY(delivered_to))`);
    },

    async sent(id: number, now: Date): Promise<void> {
      await db.execute(sql`UPDATE push_outbox SET status = 'SENT', sent_at = ${at(now)}, attempts = attempts + 1, locked_until = NULL WHERE id = ${id}`);
    },

    /** Pushes every device accepted, in one statement (the pusher writes them in small groups as they are accepted). */
    async sentMany(ids: readonly number[], now: Date): Promise<void> {
      if (ids.length === 0) return;
      await db.execute(sql`UPDATE push_outbox SET status = 'SENT', sent_at = ${at(now)}, attempts = attempts + 1, locked_until = NULL WHERE id = ANY(${bigintArray(ids)})`);
    },

    /** A push service asked to wait (429, 5xx, no answer): again at `at`, or FAILED after the last attempt. */
    async retry(id: number, next: Date | null, outcome: string): Promise<void> {
      if (next === null) {
        await db.execute(sql`UPDATE push_outbox SET status = 'FAILED', outcome = ${outcome}, attempts = attempts + 1, locked_until = NULL WHERE id = ${id}`);
      } else {
        await db.execute(sql`UPDATE push_outbox SET status = 'QUEUED', outcome = ${outcome}, attempts = attempts + 1, not_before = ${at(next)}, locked_until = NULL WHERE id = ${id}`);
      }
    },

    /** A subscription its push service says is gone (404, 410) or refused (other 4xx, an address not public). */
    async removeDevice(deviceId: number): Promise<void> {
      await db.execute(sql`DELETE FROM push_subscriptions WHERE id = ${deviceId}`);
    },

    /**
     * Finished rows older than `before` (the queue keeps a month for the cap and for support); a new offer's row stays
     * as long as the person, since its key is what keeps a resumed offer from being pushed again.
     */
    async sweep(before: Date): Promise<void> {
      await db.execute(sql`DELETE FROM push_outbox WHERE status IN ('SENT', 'SUMMARIZED', 'SKIPPED', 'FAILED') AND created_at < ${at(before)}
        AND (dedupe_key IS NULL OR dedupe_key NOT LIKE 'offer:%')`);
    },
  };
}

export type PushQueueRepository = ReturnType<typeof createPushQueueRepository>;
