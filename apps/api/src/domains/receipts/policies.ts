/** The receipts domain's permission rules (plugins/policies.ts assembles `app.policies` from every domain's). */
import { roleCan } from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
import type { SignedInUser } from '../../kernel/signed-in-user.ts';
import type { UsersRepository } from '../accounts/index.ts';
import type { VendorRow, VendorsRepository } from '../businesses/index.ts';
import type { ReceiptsRepository } from './repository/receipts.ts';

export function createReceiptsPolicies({ receipts, users, vendors }: { receipts: ReceiptsRepository; users: UsersRepository; vendors: VendorsRepository }) {
  /** Whether the person's role at the shop reviews its receipts (owner, manager; issue 28 §4). */
  async function reviewsReceiptsOf(user: SignedInUser, vendorId: number): Promise<boolean> {
    const role = await vendors.roleIn(vendorId, user.id);
    return role !== undefined && roleCan(role, 'receipts.review');
  }

  return {
    /**
     * A receipt's file, for the shopper who uploaded it, the shop's people who review its receipts (owner, manager) and
     * admins (who settle disputes) only.
     */
    async canReadReceiptFile(user: SignedInUser, receiptId: number, fileId: number) {
      const found = await receipts.findFile(receiptId, fileId);
      if (!found) throw new DomainError('not-found', 'receiptNotFound');
      const isParty = found.consumerUserId === user.id || (await reviewsReceiptsOf(user, found.vendorId));
      // Qrib's admins read the files of the receipts they settle (disputes) only, never any shopper's receipt.
      if (!isParty && !(found.isDispute && (await users.isAdmin(user.id)))) throw new DomainError('forbidden', 'receiptNotYours');
      return found.file;
    },

    /** Only the shop's people whose role reviews receipts (owner, manager) decide on one of its receipts. */
    async canDecideReceipt(user: SignedInUser, receiptId: number): Promise<void> {
      const shop = await receipts.findShopOwner(receiptId);
      if (!shop) throw new DomainError('not-found', 'receiptNotFound');
      const role = await vendors.roleIn(shop.vendorId, user.id);
      if (role === undefined) throw new DomainError('forbidden', 'receiptNotYourShop');
      if (!roleCan(role, 'receipts.review')) throw new DomainError('forbidden', 'staffNotAllowed');
    },

    /** A shopper sends receipts to other people's shops, never to their own or one whose staff they are (issue 28 §4). */
    async canSubmitReceiptTo(user: SignedInUser, shop: VendorRow): Promise<void> {
      if ((await vendors.roleIn(shop.id, user.id)) !== undefined) {
        throw new DomainError('forbidden', 'receiptOwnShop', {}, { vendorId: { code: 'receiptOwnShop' } });
      }
    },

    /** A receipt may name the shopper's own visit of that shop; anyone else's is answered as one that does not exist. */
    async canAttachVisit(user: SignedInUser, visitId: number, shop: VendorRow): Promise<void> {
      const visit = await receipts.findVisit(visitId);
      if (visit?.userId !== user.id || visit.vendorId !== shop.id) {
        throw new DomainError('not-found', 'visitNotFound', {}, { visitId: { code: 'visitNotFound' } });
      }
    },
  };
}

export type ReceiptsPolicies = ReturnType<typeof createReceiptsPolicies>;
