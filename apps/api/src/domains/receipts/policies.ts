/** The receipts domain's permission rules (plugins/policies.ts assembles `app.policies` from every domain's). */
import { DomainError } from '../../kernel/domain-error.ts';
import type { SignedInUser } from '../../kernel/signed-in-user.ts';
import type { UsersRepository } from '../accounts/index.ts';
import type { VendorRow } from '../businesses/index.ts';
import type { ReceiptsRepository } from './repository/receipts.ts';

export function createReceiptsPolicies({ receipts, users }: { receipts: ReceiptsRepository; users: UsersRepository }) {
  return {
    /** A receipt's file, for the shopper who uploaded it, the owner of its shop and admins (who settle disputes) only. */
    async canReadReceiptFile(user: SignedInUser, receiptId: number, fileId: number) {
      const found = await receipts.findFile(receiptId, fileId);
      if (!found) throw new DomainError('not-found', 'receiptNotFound');
      const isParty = found.consumerUserId === user.id || found.shopOwnerUserId === user.id;
      // Qrib's admins read the files of the receipts they settle (disputes) only, never any shopper's receipt.
      if (!isParty && !(found.isDispute && (await users.isAdmin(user.id)))) throw new DomainError('forbidden', 'receiptNotYours');
      return found.file;
    },

    /** Only the owner of a receipt's shop decides on it. */
    async canDecideReceipt(user: SignedInUser, receiptId: number): Promise<void> {
      const shop = await receipts.findShopOwner(receiptId);
      if (!shop) throw new DomainError('not-found', 'receiptNotFound');
      if (shop.ownerUserId !== user.id) throw new DomainError('forbidden', 'receiptNotYourShop');
    },

    /** A shopper sends receipts to other people's shops, never to their own. */
    canSubmitReceiptTo(user: SignedInUser, shop: VendorRow): void {
      if (shop.ownerUserId === user.id) throw new DomainError('forbidden', 'receiptOwnShop', {}, { vendorId: { code: 'receiptOwnShop' } });
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
