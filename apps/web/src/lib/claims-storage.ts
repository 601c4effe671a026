/**
 * The shopper's codes kept on the device (issue 13): once shown, a code still opens at the till without network.
 * One entry per user (`qrib.claims.<userId>`), holding the last GET /me/claims answer; a logout removes every entry
 * (lib/personal-data.ts).
 */
import type { Claim } from '@qrib/shared/claim-schemas';

export const CLAIMS_STORAGE_PREFIX = 'qrib.claims.';

const keyOf = (userId: number) => `${CLAIMS_STORAGE_PREFIX}${userId}`;

function isClaim(value: unknown): value is Claim {
  if (typeof value !== 'object' || value === null) return false;
  const { claimId, code, offer } = value as Record<string, unknown>;
  return typeof claimId === 'number' && typeof code === 'string' && typeof offer === 'object' && offer !== null;
}

export function saveClaims(userId: number, claims: readonly Claim[], storage: Storage = localStorage): void {
  try {
    storage.setItem(keyOf(userId), JSON.stringify(claims));
  } catch {
    // No storage (a privacy mode, full): the codes are then only shown online.
  }
}

/** The codes last saved for this user; none when nothing (or something damaged) is kept. */
export function savedClaims(userId: number, storage: Storage = localStorage): Claim[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(keyOf(userId)) ?? '[]');
    return Array.isArray(value) ? value.filter(isClaim) : [];
  } catch {
    return [];
  }
}

/** Every user's saved codes (the logout). */
export function forgetSavedClaims(storage: Storage = localStorage): void {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(CLAIMS_STORAGE_PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}
