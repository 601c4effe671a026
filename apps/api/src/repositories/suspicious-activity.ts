/**
 * The suspicious-activity queue (issue 24, ADR 016): bursts of new or same-network accounts at one shop, listed for an
 * admin. While an entry is OPEN, and for good once EXCLUDED, its items count nowhere (notFlaggedSql).
 */
import { sql, type SQL } from 'drizzle-orm';

export const SUSPICIOUS_ITEM_KINDS = ['REDEMPTION', 'REVIEW', 'RECEIPT'] as const;
export type SuspiciousItemKind = (typeof SUSPICIOUS_ITEM_KINDS)[number];

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
