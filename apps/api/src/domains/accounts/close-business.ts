/** Closing a business (issue 15): the command behind POST /vendors/me/close. */
import type { FastifyBaseLogger } from 'fastify';
import { DomainError } from '../../kernel/domain-error.ts';
import type { AccountDeletionDeps } from './delete-account.ts';
import { createAccountDeletionRepository } from './repository/account-deletion.ts';
import type { VendorRow } from '../businesses/index.ts';

/** Closes the owner's business (CLOSED, its offers ENDED) and answers it as it now is; 409 when it was closed already. */
export async function closeBusiness(deps: Pick<AccountDeletionDeps, 'db' | 'vendors'>, business: VendorRow, log: FastifyBaseLogger): Promise<VendorRow> {
  if (business.status === 'CLOSED' || !(await createAccountDeletionRepository(deps.db).closeBusiness(business.id))) {
    throw new DomainError('conflict', 'businessAlreadyClosed');
  }
  const closed = await deps.vendors.findById(business.id);
  if (!closed) throw new Error(`business ${business.id} vanished while it was closed`);
  log.info({ vendorId: business.id, from: business.status }, 'business closed by its owner');
  return closed;
}
