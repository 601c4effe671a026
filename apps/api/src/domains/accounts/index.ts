/** The accounts domain (ADR 020): users, sessions and failed logins on the instance (`app.users`, `app.sessions`, `app.loginFailures`). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createLoginFailuresRepository,
  createSessionsRepository,
  type LoginFailuresRepository,
  type SessionsRepository,
} from './repository/sessions.ts';
import { createUsersRepository, type UsersRepository } from './repository/users.ts';

// What other domains, routes and plugins use (ADR 020): named here, never `export *`.
export { grantAdminsAtBoot } from './admin-role.ts';
export { changePassword } from './change-password.ts';
export { checkLogin } from './check-login.ts';
export { closeBusiness } from './close-business.ts';
export { confirmPassword, REAUTH_WINDOW_MS } from './confirm-password.ts';
export { createOidcClient, deriveUsername, OidcCallbackError, safeReturnPath, type OidcClient, type OidcIdentity, type OidcRoundTrip } from './oidc/client.ts';
export { sealer } from './oidc/sealed.ts';
export { createAccountFromIdentity, type PendingIdentity } from './oidc/accounts.ts';
export { createIdentitiesRepository, type IdentitiesRepository } from './repository/identities.ts';
export { deleteAccount } from './delete-account.ts';
export { resendVerification, sendVerification, verifyEmail } from './email-verification.ts';
export { hashSignupNetwork } from './network-hash.ts';
export { confirmPasswordReset, requestPasswordReset } from './password-reset.ts';
export { createAccountsPolicies } from './policies.ts';
export { parseSessionRevocation, SESSION_CHANNEL } from './repository/sessions.ts';
export { createUsersRepository, presentUser, readPreferences, UniqueViolation, type UsersRepository } from './repository/users.ts';
export { requestEmailChange } from './request-email-change.ts';
export { unsubscribe } from './unsubscribe.ts';

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersRepository;
    sessions: SessionsRepository;
    loginFailures: LoginFailuresRepository;
  }
}

export default fp(
  async function accountsDomain(app: FastifyInstance) {
    app.decorate('users', createUsersRepository(app.db));
    app.decorate('sessions', createSessionsRepository(app.db));
    app.decorate('loginFailures', createLoginFailuresRepository(app.db));
  },
  { name: 'domain-accounts', dependencies: ['database'] },
);
