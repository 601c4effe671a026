/**
 * Staff commands (issue 28 §4, ADR 025): the owner invites by mail, the invitee accepts while signed in as the account
 * of that address, the owner changes a role or removes a member. Each writes its rows (and its mail) in one
 * transaction. Throws DomainError, never HTTP.
 */
import type { InvitableRole, StaffInvitation, StaffMembership } from '@qrib/shared';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../kernel/domain-error.ts';
import { enqueueMail, hashLinkToken, newLinkToken } from '../mail/index.ts';
import { createStaffRepository, isAlreadyAMember } from './repository/staff.ts';
import type { VendorRow } from './repository/vendors.ts';

/**
 * Invites `email` to the business's staff with `role`: a one-time link mailed through the queue (the earlier open
 * invitation to that address withdrawn). 409 `staffAlreadyMember` when an account with the address already belongs to
 * a business (this one included).
 */
export async function inviteStaff(db: Db, business: VendorRow, inviterUserId: number, email: string, role: InvitableRole): Promise<StaffInvitation> {
  if (business.status === 'CLOSED') throw new DomainError('conflict', 'businessClosed');
  return db.transaction(async (tx) => {
    const staff = createStaffRepository(tx);
    if (await staff.addressBelongsToABusiness(email)) throw new DomainError('conflict', 'staffAlreadyMember', {}, { email: { code: 'staffAlreadyMember' } });
    const { token, tokenHash } = newLinkToken();
    const invitation = await staff.insertInvitation(business.id, email, role, inviterUserId, tokenHash);
    await enqueueMail(tx, {
      userId: await staff.accountOf(email),
      toAddress: email,
      kind: 'STAFF_INVITATION',
      payload: { businessName: business.businessName, role, inviterName: invitation.invitedByName },
      secret: token,
    });
    return invitation;
  });
}

/**
 * The signed-in person accepts an invitation: 400 `staffInvitationInvalid` for a link unknown, used, expired, withdrawn
 * or of a closed business; 403 `staffInvitationOtherAddress` when their account's address is not the one invited (the
 * link stays usable for its owner); 409 `staffYouAlreadyMember` when they belong to a business already.
 */
export async function acceptStaffInvitation(db: Db, userId: number, token: string): Promise<StaffMembership> {
  try {
    return await db.transaction(async (tx) => {
      const staff = createStaffRepository(tx);
      const invitation = await staff.lockInvitation(hashLinkToken(token));
      if (!invitation?.usable || invitation.vendorStatus === 'CLOSED') throw new DomainError('invalid', 'staffInvitationInvalid');
      // The link is bound to the address it was mailed to: another account holding it (a forwarded mail) cannot use it.
      const email = await staff.addressOf(userId);
      if (email === undefined || email.toLowerCase() !== invitation.email.toLowerCase()) throw new DomainError('forbidden', 'staffInvitationOtherAddress');
      return staff.join(invitation, userId, await staff.inviterOf(invitation.id));
    });
  } catch (error) {
    // The member row's UNIQUE user_id: a person belongs to at most one business.
    if (isAlreadyAMember(error)) {
      throw new DomainError('conflict', 'staffYouAlreadyMember');
    }
    throw error;
  }
}

/** The owner changes a member's role: 404 for someone not on the staff, 400 `staffOwnerFixed` for the owner. */
export async function changeStaffRole(db: Db, business: VendorRow, userId: number, role: InvitableRole) {
  const staff = createStaffRepository(db);
  const outcome = await staff.changeRole(business.id, userId, role);
  if (outcome === 'not-found') throw new DomainError('not-found', 'staffMemberNotFound');
  if (outcome === 'owner') throw new DomainError('invalid', 'staffOwnerFixed');
  const member = await staff.findMember(business.id, userId);
  if (!member) throw new DomainError('not-found', 'staffMemberNotFound');
  return member;
}

/**
 * The owner removes a member: their next request to the shop's routes is refused on every replica, since every policy
 * reads vendor_members per request. 404 for someone not on the staff, 400 `staffOwnerFixed` for the owner.
 */
export async function removeStaffMember(db: Db, business: VendorRow, userId: number): Promise<void> {
  const outcome = await createStaffRepository(db).remove(business.id, userId);
  if (outcome === 'not-found') throw new DomainError('not-found', 'staffMemberNotFound');
  if (outcome === 'owner') throw new DomainError('invalid', 'staffOwnerFixed');
}

/** The owner withdraws an open invitation: 404 for one used, expired, withdrawn or of another business. */
export async function revokeStaffInvitation(db: Db, business: VendorRow, invitationId: number): Promise<void> {
  if (!(await createStaffRepository(db).revokeInvitation(business.id, invitationId))) throw new DomainError('not-found', 'staffInvitationNotFound');
}
