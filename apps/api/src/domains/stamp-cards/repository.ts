/**
 * SQL for shops' stamp cards (issue 29 §2, ADR 026): a business's running card (stamp_cards with ended_at null, at
 * most one by the partial unique index), started or changed by one upsert and ended by one UPDATE, so two requests at
 * once leave one card.
 */
import { sql } from 'drizzle-orm';
import type { StampCard, StampCardRequest } from '@qrib/shared/stamp-card-schemas';
import { selectRows, type Db } from '../../db/client.ts';

interface StampCardRow {
  id: number;
  stamps_required: number;
  reward_text: string;
  expires_after_days: number | null;
  started_at: Date | string;
  updated_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function present(row: StampCardRow): StampCard {
  return {
    id: row.id,
    stampsRequired: row.stamps_required,
    rewardText: row.reward_text,
    expiresAfterDays: row.expires_after_days,
    startedAt: iso(row.started_at),
    updatedAt: iso(row.updated_at),
  };
}

const COLUMNS = sql`id, stamps_required, reward_text, expires_after_days, started_at, updated_at`;

export function createStampCardsRepository(db: Db) {
  return {
    /** The card the business runs, or null. */
    async running(vendorId: number): Promise<StampCard | null> {
      const [row] = await selectRows<StampCardRow>(db, sql`SELECT ${COLUMNS} FROM stamp_cards WHERE vendor_id = ${vendorId} AND ended_at IS NULL`);
      return row ? present(row) : null;
    },

    /**
     * Starts the business's card, or changes the terms of the one it runs (its stamps so far count toward the new
     * number; the rewards already earned keep theirs). `started` says which; null, writing nothing, for a CLOSED
     * business. The business's row is held FOR SHARE meanwhile, so a closing either waits and then ends this card, or
     * has committed and is seen here.
     */
    async put(vendorId: number, terms: StampCardRequest): Promise<{ card: StampCard; started: boolean } | null> {
      return db.transaction(async (tx) => {
        const [business] = await selectRows<{ status: string }>(tx, sql`SELECT status FROM vendors WHERE id = ${vendorId} FOR SHARE`);
        if (!business || business.status === 'CLOSED') return null;
        // xmax is 0 on a row version this statement inserted; an ON CONFLICT update leaves its own transaction id there.
        const [row] = await selectRows<StampCardRow & { started: boolean }>(
          tx,
          sql`INSERT INTO stamp_cards (vendor_id, stamps_required, reward_text, expires_after_days)
              VALUES (${vendorId}, ${terms.stampsRequired}, ${terms.rewardText}, ${terms.expiresAfterDays ?? null})
              ON CONFLICT (vendor_id) WHERE ended_at IS NULL DO UPDATE SET
                stamps_required = excluded.stamps_required,
                reward_text = excluded.reward_text,
                expires_after_days = excluded.expires_after_days,
                updated_at = now()
              RETURNING ${COLUMNS}, (xmax = 0) AS started`,
        );
        if (!row) throw new Error('the stamp card upsert returned no row');
        return { card: present(row), started: row.started };
      });
    },

    /** Ends the business's card; false when it ran none. */
    async end(vendorId: number): Promise<boolean> {
      const rows = await selectRows<{ id: number }>(db, sql`UPDATE stamp_cards SET ended_at = now() WHERE vendor_id = ${vendorId} AND ended_at IS NULL RETURNING id`);
      return rows.length > 0;
    },
  };
}

export type StampCardsRepository = ReturnType<typeof createStampCardsRepository>;
