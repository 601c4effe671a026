/** GET /api/v1/config: public settings the web app needs (the map's tile service, if any; the VAPID public key). The same for everyone. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientConfigResponseSchema } from '@qrib/shared/client-config-schemas';

const clientConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = { data: { mapStyleUrl: app.config.mapStyleUrl ?? null, oidcProvider: app.config.oidc?.displayName ?? null, pushPublicKey: app.push.vapid.publicKey } };
  app.get(
    '/',
    {
      config: { public: true },
      schema: { tags: ['config'], summary: 'Public settings for the web app', response: { 200: clientConfigResponseSchema } },
    },
    async () => answer,
  );
};

export default clientConfigRoutes;
