/** Issue 27: the accounts an identity provider signs in: made from a verified identity, or an identity linked to one. */
import type { Db } from '../../../db/client.ts';
import { createIdentitiesRepository } from '../repository/identities.ts';
import { createUsersRepository, type UserRow } from '../repository/users.ts';

export interface PendingIdentity {
  issuer: string;
  subject: string;
  email: string;
  name: string | null;
}

/**
 * The account of a new identity whose provider vouched for the address: its name from the provider (else the
 * username), the address verified, no password; the identity linked in the same transaction. UniqueViolation when
 * the username or the address was taken meanwhile.
 */
export async function createAccountFromIdentity(
  db: Db,
  identity: PendingIdentity,
  details: { phone: string; username: string; signupNetwork: string | null },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const accounts = createUsersRepository(tx);
    const created = await accounts.create({
      name: identity.name ?? details.username,
      email: identity.email,
      phone: details.phone,
      username: details.username,
      passwordHash: null,
      signupNetwork: details.signupNetwork,
    });
    const verified = await accounts.markEmailVerified(created.id);
    await createIdentitiesRepository(tx).link(created.id, { issuer: identity.issuer, subject: identity.subject, email: identity.email });
    return verified ?? created;
  });
}
