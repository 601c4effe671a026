/**
 * SQL for closing a business and deleting an account (issue 15, GDPR Art. 17). A deleted account's shop records are
 * handed to a pseudonymous row made for that one deletion, with every personal field cleared, so each shop's figures
 * stay exactly as they were; everything else of the account goes with its row (ON DELETE CASCADE).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../../db/client.ts';
import { DEFAULT_PREFERENCES } from '../../../db/schema.ts';
import { SESSION_CHANNEL } from './sessions.ts';

/**
 * Every column that references users(id), by what a deletion does with it. A test compares this with the foreign
 * keys the database really has, so a new table cannot be forgotten: add it to one of the two lists.
 */
export const REASSIGNED_USER_COLUMNS = [
  'admin_actions.admin_user_id',
  'offer_claims.redeemed_by_user_id',
  'offer_claims.user_id',
  'offer_events.user_id',
  'receipts.consumer_user_id',
  'receipts.decided_by_user_id',
  'receipts.settled_by_user_id',
  'reports.decided_by_user_id',
  'reports.reporter_user_id',
  'reviews.user_id',
  'shop_visits.user_id',
  'suspicious_activity.decided_by_user_id',
  'suspicious_activity_items.user_id',
  // Issue 28: who changed a shop's page stays in its history as the pseudonym (a manager's changes to another shop too).
  'vendor_changes.changed_by_user_id',
  'vendors.owner_user_id',
  // Issue 28 §4: who added a member or sent an invitation stays named as the pseudonym.
  'vendor_members.added_by_user_id',
  'staff_invitations.invited_by_user_id',
  'staff_invitations.accepted_by_user_id',
  // Issue 29 §2: stamps and rewards count in the shop's figures (cards started, completed, redeemed), like claims.
  'stamps.user_id',
  'stamps.stamped_by_user_id',
  'stamp_rewards.user_id',
  'stamp_rewards.redeemed_by_user_id',
] as const;
/** Deleted with the account, by cascade: what is the person's alone and counts in no shop's figures. */
export const DELETED_USER_COLUMNS = [
  'account_tokens.user_id',
  'data_exports.user_id',
  'favorites.user_id',
  'mail_outbox.user_id',
  'notifications.user_id',
  'sessions.user_id',
  // Issue 27: the sign-ins at identity providers; a deleted account can no longer be signed into from them.
  'user_identities.user_id',
  // Issue 28 §4: a staff member leaves the shop with their account (an owner's OWNER row went to the pseudonym with
  // the closed business, by the vendors trigger of migration 0023).
  'vendor_members.user_id',
  // Issue 29 §2: the stamp pass is a credential of the person's, nothing a shop counts.
  'stamp_passes.user_id',
  // Issue 29 §1: the account's devices' push subscriptions: nothing is sent to a deleted account.
  'push_subscriptions.user_id',
  // Issue 29 §1: what the person gets pushed (a chosen place among it), and the pushes queued for them.
  'push_settings.user_id',
  'push_outbox.user_id',
] as const;

/** A password hash no password verifies against (not an argon2 string at all). */
const UNUSABLE_PASSWORD_HASH = '!deleted-account';

/** Thrown inside closeBusiness's transaction to roll it back when another request closed the business first. */
class AlreadyClosed extends Error {}

export function createAccountDeletionRepository(db: Db) {
  return {
    /**
     * Closes the business: every offer of it that Qrib did not remove ENDED, then CLOSED, its staff released, its
     * open invitations withdrawn (issue 28 §4) and its stamp card ended (issue 29), in one transaction (the
     * triggers on vendors and offers refresh the caches and live feeds). False, writing nothing, when it was closed
     * already.
     *
     * Row locks are taken offers first, then the business, as every writer of offers takes them: the offers trigger
     * (migration 0012) locks the business after each write of its offers, so a redemption at the till (claim, offer,
     * business) or an edit of an offer holds an offer while it waits for the business. Closing the other way round
     * (business, then offers) deadlocked against them (issue 25).
     */
    async closeBusiness(vendorId: number): Promise<boolean> {
      try {
        return await db.transaction(async (tx) => {
          await tx.execute(sql`UPDATE offers SET status = 'ENDED', updated_at = now()
            WHERE vendor_id = ${vendorId} AND status NOT IN ('REMOVED', 'ENDED')`);
          const closed = await selectRows<{ id: number }>(
            tx,
            sql`UPDATE vendors SET status = 'CLOSED', status_reason = NULL, status_changed_at = now()
              WHERE id = ${vendorId} AND status <> 'CLOSED' RETURNING id`,
          );
          if (closed.length === 0) throw new AlreadyClosed();
          // Issue 28 §4: a closed business has no staff (they may join another) and no open invitations. The invitations
          // first: an accept holding one makes this wait, and the DELETE after it then sees the member it added.
          await tx.execute(sql`UPDATE staff_invitations SET revoked_at = now() WHERE vendor_id = ${vendorId} AND accepted_at IS NULL AND revoked_at IS NULL`);
          await tx.execute(sql`DELETE FROM vendor_members WHERE vendor_id = ${vendorId} AND role <> 'OWNER'`);
          // Issue 29 §2: a closed business runs no stamp card (what was earned under it keeps its terms). A card being
          // started holds the business's row FOR SHARE (domains/stamp-cards), so it is either seen here or refused.
          await tx.execute(sql`UPDATE stamp_cards SET ended_at = now() WHERE vendor_id = ${vendorId} AND ended_at IS NULL`);
          return true;
        });
      } catch (error) {
        if (error instanceof AlreadyClosed) return false;
        throw error;
      }
    },

    /**
     * Deletes the account in one transaction and answers the storage keys of its files, whose rows are gone with it
     * (the caller removes the objects after the commit). Refuses, writing nothing, an administrator's account
     * (adminAccount: its username would be free for anyone listed in ADMIN_USERNAMES) and one that owns a business
     * that is not CLOSED (businessOpen), checked under the business's row lock so a concurrent resubmission cannot
     * slip in.
     *
     * The account's own row is locked first (FOR UPDATE): a row another session inserts that references it (a receipt,
     * a review, a business registered at that moment) takes KEY SHARE on it. One inserted before makes this deletion
     * wait for its commit and is then handed over with the rest; one inserted after waits for this deletion and then
     * fails on the foreign key. None commits between the reassigning UPDATEs and the DELETE to vanish by cascade.
     */
    async deleteAccount(userId: number): Promise<{ storageKeys: string[] } | { refused: 'adminAccount' | 'businessOpen' } | undefined> {
      return db.transaction(async (tx) => {
        const [account] = await selectRows<{ is_admin: boolean; created_at: Date | string; email_verified_at: Date | string | null; email: string }>(
          tx,
          sql`SELECT is_admin, created_at, email_verified_at, email FROM users WHERE id = ${userId} AND deleted_at IS NULL FOR UPDATE`,
        );
        if (!account) return undefined;
        if (account.is_admin) return { refused: 'adminAccount' };
        const owned = await selectRows<{ id: number; status: string; logo_key: string | null }>(
          tx,
          sql`SELECT id, status, logo_key FROM vendors WHERE owner_user_id = ${userId} FOR UPDATE`,
        );
        const business = owned[0];
        if (business && business.status !== 'CLOSED') return { refused: 'businessOpen' };

        const uuid = randomUUID();
        const preferences = JSON.stringify({ ...DEFAULT_PREFERENCES, emailNotifications: false });
        const [pseudonym] = await selectRows<{ id: number }>(
          tx,
          // Issue 24 (ADR 016): the pseudonym keeps the account's creation and verification, and establishedSql stops its
          // age at deleted_at, so the reviews it inherits stay live only if the account was established (by age, or by
          // the purchases handed over with them); an account deleted too young never becomes established afterwards.
          sql`INSERT INTO users (name, email, phone, username, password_hash, preferences, is_admin, deleted_at, created_at, email_verified_at)
            VALUES ('', ${`${uuid}@deleted.invalid`}, '', ${`former-${uuid}`}, ${UNUSABLE_PASSWORD_HASH}, ${preferences}::jsonb, false, now(),
                    ${new Date(account.created_at).toISOString()}::timestamptz, ${account.email_verified_at === null ? null : new Date(account.email_verified_at).toISOString()}::timestamptz)
            RETURNING id`,
        );
        if (!pseudonym) throw new Error('the pseudonymous row was not written');
        const formerId = pseudonym.id;

        // The person's files: their receipts' files, and for an owner the closed business's documents, logo and offer
        // photos; a data export's zip. The rows go now, the objects after the commit.
        const keys = await selectRows<{ key: string }>(
          tx,
          sql`SELECT rf.storage_key AS key FROM receipt_files rf JOIN receipts r ON r.id = rf.receipt_id WHERE r.consumer_user_id = ${userId}
            UNION SELECT storage_key FROM data_exports WHERE user_id = ${userId} AND storage_key IS NOT NULL
            UNION SELECT vd.storage_key FROM vendor_documents vd JOIN vendors v ON v.id = vd.vendor_id WHERE v.owner_user_id = ${userId}
            UNION SELECT v.logo_key FROM vendors v WHERE v.owner_user_id = ${userId} AND v.logo_key IS NOT NULL
            UNION SELECT v.cover_key FROM vendors v WHERE v.owner_user_id = ${userId} AND v.cover_key IS NOT NULL
            UNION SELECT oi.card_key FROM offer_images oi JOIN offers o ON o.offer_id = oi.offer_id JOIN vendors v ON v.id = o.vendor_id WHERE v.owner_user_id = ${userId}
            UNION SELECT oi.detail_key FROM offer_images oi JOIN offers o ON o.offer_id = oi.offer_id JOIN vendors v ON v.id = o.vendor_id WHERE v.owner_user_id = ${userId}`,
        );
        await tx.execute(sql`DELETE FROM receipt_files WHERE receipt_id IN (SELECT id FROM receipts WHERE consumer_user_id = ${userId})`);
        if (business) {
          await tx.execute(sql`DELETE FROM vendor_documents WHERE vendor_id = ${business.id}`);
          await tx.execute(sql`DELETE FROM offer_images WHERE offer_id IN (SELECT offer_id FROM offers WHERE vendor_id = ${business.id})`);
          // The closed business stays (shoppers' histories at it stay), without its contact person's details.
          await tx.execute(sql`UPDATE vendors SET owner_user_id = ${formerId}, logo_key = NULL, cover_key = NULL, primary_contact_name = '', contact_email = '', contact_phone = ''
            WHERE id = ${business.id}`);
          // Issue 28: the page's history keeps no contact detail of the person who left.
          await tx.execute(sql`DELETE FROM vendor_changes WHERE vendor_id = ${business.id} AND field IN ('contactPhone', 'contactEmail', 'logo', 'cover')`);
        }

        // What shops' figures are built from, handed to the pseudonym with the personal text cleared.
        await tx.execute(sql`UPDATE offer_events SET user_id = ${formerId} WHERE user_id = ${userId}`);
        await tx.execute(sql`UPDATE shop_visits SET user_id = ${formerId} WHERE user_id = ${userId}`);
        // Their files are gone, so a receipt not yet checked is never claimed by the verifier (checked now, its claim let
        // go); the verifier's saveResult writes nothing onto a pseudonym's receipt it was reading meanwhile.
        await tx.execute(sql`UPDATE receipts SET consumer_user_id = ${formerId}, ocr_text = NULL, checked_at = coalesce(checked_at, now()), processing_started_at = NULL
          WHERE consumer_user_id = ${userId}`);
        await tx.execute(sql`UPDATE receipts SET decided_by_user_id = ${formerId} WHERE decided_by_user_id = ${userId}`);
        await tx.execute(sql`UPDATE receipts SET settled_by_user_id = ${formerId} WHERE settled_by_user_id = ${userId}`);
        await tx.execute(sql`UPDATE offer_claims SET user_id = ${formerId} WHERE user_id = ${userId}`);
        await tx.execute(sql`UPDATE offer_claims SET redeemed_by_user_id = ${formerId} WHERE redeemed_by_user_id = ${userId}`);
        // Issue 29 §2: the stamps and rewards stay in the shops' figures as the pseudonym's (a completed card stays
        // completed); a reward not yet used can no longer be, as nobody can show its code: it expires now.
        await tx.execute(sql`UPDATE stamps SET user_id = ${formerId} WHERE user_id = ${userId}`);
        await tx.execute(sql`UPDATE stamps SET stamped_by_user_id = ${formerId} WHERE stamped_by_user_id = ${userId}`);
        await tx.execute(sql`UPDATE stamp_rewards SET user_id = ${formerId},
          expires_at = CASE WHEN redeemed_at IS NULL AND revoked_at IS NULL THEN least(coalesce(expires_at, now()), now()) ELSE expires_at END
          WHERE user_id = ${userId}`);
        await tx.execute(sql`UPDATE stamp_rewards SET redeemed_by_user_id = ${formerId} WHERE redeemed_by_user_id = ${userId}`);
        // Stars stay, so the shop's rating does not move; the words were the person's.
        await tx.execute(sql`UPDATE reviews SET user_id = ${formerId}, text = NULL WHERE user_id = ${userId}`);
        await tx.execute(sql`UPDATE reports SET reporter_user_id = ${formerId}, text = NULL WHERE reporter_user_id = ${userId}`);
        await tx.execute(sql`UPDATE reports SET decided_by_user_id = ${formerId} WHERE decided_by_user_id = ${userId}`);
        await tx.execute(sql`UPDATE admin_actions SET admin_user_id = ${formerId} WHERE admin_user_id = ${userId}`);
        // Issue 24: a flagged purchase or review stays flagged when its author leaves (the items name the rows handed over).
        await tx.execute(sql`UPDATE suspicious_activity_items SET user_id = ${formerId} WHERE user_id = ${userId}`);
        await tx.execute(sql`UPDATE suspicious_activity SET decided_by_user_id = ${formerId} WHERE decided_by_user_id = ${userId}`);
        await tx.execute(sql`UPDATE vendor_changes SET changed_by_user_id = ${formerId} WHERE changed_by_user_id = ${userId}`);
        await tx.execute(sql`UPDATE vendor_members SET added_by_user_id = ${formerId} WHERE added_by_user_id = ${userId}`);
        await tx.execute(sql`UPDATE staff_invitations SET invited_by_user_id = ${formerId} WHERE invited_by_user_id = ${userId}`);
        // The invitations to the person's address keep no trace of it (and any still open end).
        await tx.execute(sql`UPDATE staff_invitations SET email = ${`${uuid}@deleted.invalid`},
          revoked_at = CASE WHEN accepted_at IS NULL THEN coalesce(revoked_at, now()) ELSE revoked_at END
          WHERE accepted_by_user_id = ${userId} OR lower(email) = lower(${account.email})`);
        await tx.execute(sql`UPDATE staff_invitations SET accepted_by_user_id = ${formerId} WHERE accepted_by_user_id = ${userId}`);

        // Every replica forgets the account's sessions when this commits (the rows go with the account just below).
        await tx.execute(sql`SELECT pg_notify(${SESSION_CHANNEL}, json_build_object('userId', ${userId}::integer)::text)`);
        await tx.execute(sql`DELETE FROM users WHERE id = ${userId}`);
        return { storageKeys: keys.map((row) => row.key) };
      });
    },
  };
}
