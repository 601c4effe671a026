/** The businesses domain's permission rules (plugins/policies.ts assembles `app.policies` from every domain's). */
import { roleCan, type Permission, type StaffRole } from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
import type { SignedInUser } from '../../kernel/signed-in-user.ts';
import type { VendorRow, VendorsRepository } from './repository/vendors.ts';

export function createBusinessesPolicies({ vendors }: { vendors: VendorsRepository }) {
  /**
   * Issue 28 §4 (ADR 025): the business the signed-in person belongs to, when their role there grants `permission`
   * (packages/shared ROLE_PERMISSIONS). Read on every request, never cached, so a removed member or a changed role
   * holds on every replica at once. 403 `registerBusinessFirst` for a person in no business, `staffNotAllowed` for a role
   * without the permission.
   */
  async function requireBusinessPermission(user: SignedInUser, permission: Permission): Promise<{ business: VendorRow; role: StaffRole }> {
    const membership = await vendors.findMembership(user.id);
    if (!membership) throw new DomainError('forbidden', 'registerBusinessFirst');
    if (!roleCan(membership.role, permission)) throw new DomainError('forbidden', 'staffNotAllowed');
    return membership;
  }

  return {
    requireBusinessPermission,

    /** Whether the person is one of this business's people (its owner or staff): the rules about "your own shop". */
    async isMemberOf(user: SignedInUser, vendorId: number): Promise<boolean> {
      return (await vendors.roleIn(vendorId, user.id)) !== undefined;
    },

    /** The person's business, when their role there grants `permission` for this business in particular. */
    async requirePermissionAt(user: SignedInUser, vendorId: number, permission: Permission, notYours: 'offerNotYours' | 'receiptNotYourShop' | 'reviewNotYourShop'): Promise<StaffRole> {
      const role = await vendors.roleIn(vendorId, user.id);
      if (role === undefined) throw new DomainError('forbidden', notYours);
      if (!roleCan(role, permission)) throw new DomainError('forbidden', 'staffNotAllowed');
      return role;
    },

    /** One business per account: registering a second one is a conflict. */
    async canRegisterBusiness(user: SignedInUser): Promise<void> {
      const membership = await vendors.findMembership(user.id);
      if (membership?.role === 'OWNER') throw new DomainError('conflict', 'businessAlreadyRegistered');
      // A person on another shop's staff belongs to that business: one business per person (issue 28 §4).
      if (membership) throw new DomainError('conflict', 'staffYouAlreadyMember');
    },

    /** An offer form may name the business it is for; only the owner's own. */
    canPublishFor(business: VendorRow, vendorId: number | undefined): void {
      if (vendorId !== undefined && vendorId !== business.id) throw new DomainError('forbidden', 'vendorNotYours');
    },

    /** One of the owner's registration documents: 403 without a business, 404 for any other id. */
    async canReadDocument(user: SignedInUser, documentId: number) {
      const { business } = await requireBusinessPermission(user, 'shop.edit');
      const document = await vendors.findDocument(business.id, documentId);
      if (!document) throw new DomainError('not-found', 'documentNotFound');
      return document;
    },
  };
}
