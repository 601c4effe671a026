/** The mail domain (ADR 020): the outbox and its background sender with the weekly reports (`app.mailer`, mailer-plugin.ts). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import mailerPlugin from './mailer-plugin.ts';

// What other domains, routes and plugins use (ADR 020): named here, never `export *`.
export { hashLinkToken, newLinkToken, readUnsubscribeToken, redactTokens } from './mail-links.ts';
export { enqueueMail } from './repository/mail-outbox.ts';


export default fp(
  async function mailDomain(app: FastifyInstance) {
    await app.register(mailerPlugin);
  },
  // The weekly report reads the owners' figures (app.insights).
  { name: 'domain-mail', dependencies: ['database', 'domain-insights'] },
);
