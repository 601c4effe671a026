/** The accounts domain's permission rules (plugins/policies.ts assembles `app.policies` from every domain's). */
import { DomainError } from '../../kernel/domain-error.ts';
import type { SignedInUser } from '../../kernel/signed-in-user.ts';
import type { UsersRepository } from './repository/users.ts';

export function createAccountsPolicies({ users }: { users: UsersRepository }) {
  return {
    /** The platform's console and its API (issue 14): admins only, 403 for everyone else. */
    async requireAdmin(user: SignedInUser): Promise<void> {
      if (!(await users.isAdmin(user.id))) throw new DomainError('forbidden', 'adminOnly');
    },

    /** Shop entry detection runs only for a shopper who turned it on. */
    async canDetectVisits(user: SignedInUser): Promise<void> {
      if (!(await users.hasShopEntryDetection(user.id))) throw new DomainError('forbidden', 'shopEntryOff');
    },
  };
}
