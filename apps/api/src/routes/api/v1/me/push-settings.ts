/**
 * Issue 29 §1: what the signed-in person gets pushed. GET /api/v1/me/push-settings (the defaults until changed, with
 * the number of devices that receive pushes); PUT changes what is sent (400 pushNearbyPlaceRequired when nearby would
 * be on without a place); POST /api/v1/me/push-test queues a test push for every device (202; 409 pushNoDevice).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@qrib/shared';
import { PUSH_CATEGORIES_MAX, pushSettingsResponseSchema, pushSettingsUpdateSchema, pushTestResponseSchema } from '@qrib/shared/push-schemas';
import { DomainError } from '../../../../kernel/domain-error.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

const pushSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/push-settings',
    {
      schema: {
        tags: ['push'],
        summary: 'What this account gets pushed: a switch a kind (all on but nearby), nearby’s place, distance and categories, pushes a day at most, quiet hours (Malta time); and how many devices receive pushes',
        response: { 200: pushSettingsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const [settings, devices] = await Promise.all([app.push.settings(request.user.id), app.push.deviceCount(request.user.id)]);
      return { data: { ...settings, devices } };
    },
  );

  app.put(
    '/push-settings',
    {
      preHandler: app.limitPerAccount('push-settings', 120, 3_600_000),
      schema: {
        tags: ['push'],
        summary: 'Change what this account gets pushed; only what is sent changes. 400 pushNearbyPlaceRequired (nearby on without a place), pushRadiusInvalid, pushCategoriesInvalid, pushDailyCapInvalid, pushQuietHoursInvalid, pushSettingsInvalid',
        body: pushSettingsUpdateSchema,
        response: { 200: pushSettingsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const categoryIds = request.body.nearbyCategoryIds;
      if (categoryIds && categoryIds.length > 0) {
        const known = await Promise.all([...new Set(categoryIds)].map((id) => app.offers.categoryExists(id)));
        if (known.includes(false)) throw new DomainError('invalid', 'pushCategoriesInvalid', { max: PUSH_CATEGORIES_MAX }, { nearbyCategoryIds: { code: 'pushCategoriesInvalid', params: { max: PUSH_CATEGORIES_MAX } } });
      }
      const settings = await app.push.updateSettings(request.user.id, { ...request.body, ...(categoryIds ? { nearbyCategoryIds: [...new Set(categoryIds)] } : {}) });
      if (settings === 'needsPlace') throw new DomainError('invalid', 'pushNearbyPlaceRequired', {}, { nearbyPlace: { code: 'pushNearbyPlaceRequired' } });
      return { data: { ...settings, devices: await app.push.deviceCount(request.user.id) } };
    },
  );

  app.post(
    '/push-test',
    {
      preHandler: app.limitPerAccount('push-test', 10, 3_600_000),
      schema: {
        tags: ['push'],
        summary: 'Queue a test push for every device of this account, sent at once whatever the quiet hours and not counted in the daily cap (202); 409 pushNoDevice when no device receives pushes',
        response: { 202: pushTestResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const devices = await app.push.deviceCount(request.user.id);
      if (devices === 0) throw new DomainError('conflict', 'pushNoDevice');
      await app.push.queueTest(request.user.id);
      return reply.code(202).send({ data: { devices } });
    },
  );
};

export default pushSettingsRoutes;
