/**
 * Deleting an account (issue 15, GDPR Art. 17): the command behind DELETE /me. A deletion is one transaction
 * (domains/accounts/repository/account-deletion.ts); the person's stored files go after it commits, so a failure
 * leaves everything, files included, as it was.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../kernel/domain-error.ts';
import { createAccountDeletionRepository } from './repository/account-deletion.ts';
import { createPendingUploadsRepository } from '../../kernel/repository/pending-uploads.ts';
import type { VendorsRepository } from '../businesses/index.ts';
import type { Storage } from '../../storage/storage.ts';

export interface AccountDeletionDeps {
  db: Db;
  vendors: Pick<VendorsRepository, 'findById'>;
  storage: Pick<Storage, 'delete'>;
}

/**
 * Deletes the account (its password is confirmed by the caller, domains/accounts/confirm-password.ts confirmPassword, like every
 * password check of the account): 409 adminAccount for an
 * administrator (revoke the role first: its freed username must not become an admin through ADMIN_USERNAMES), 409
 * businessOpen while it owns a business that is not CLOSED. The caller ends the sessions' cookie; every replica hears
 * the revocation.
 */
export async function deleteAccount(deps: AccountDeletionDeps, userId: number, log: FastifyBaseLogger): Promise<void> {
  const deleted = await createAccountDeletionRepository(deps.db).deleteAccount(userId);
  if (!deleted) throw new DomainError('unauthenticated', 'invalidSession');
  if ('refused' in deleted) throw new DomainError('conflict', deleted.refused);
  log.info({ userId, files: deleted.storageKeys.length }, 'account deleted');
  await removeStoredFiles(deps, deleted.storageKeys, log);
}

/**
 * Removes the objects whose rows the deletion removed. Keys are content-addressed, so a file another row still uses
 * (the same photo on another shop's offer) stays: the same check and key lock as for abandoned uploads. A file that
 * cannot be removed is logged; the account is gone either way.
 */
async function removeStoredFiles(deps: AccountDeletionDeps, keys: readonly string[], log: FastifyBaseLogger): Promise<void> {
  const pending = createPendingUploadsRepository(deps.db);
  for (const key of keys) {
    try {
      await pending.release(key, [], (stored) => deps.storage.delete(stored));
    } catch (error) {
      log.warn({ err: error, key }, 'could not remove a file of a deleted account');
    }
  }
}
