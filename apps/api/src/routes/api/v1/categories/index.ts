/** GET /api/v1/categories/: the seeded category list, as the spec's clients read it ({data: [...]}). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoriesResponseSchema } from '@qrib/shared';

const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { public: true },
      schema: { tags: ['categories'], summary: 'All offer categories', response: { 200: categoriesResponseSchema } },
    },
    async () => ({ data: await app.categories.list() }),
  );
};

export default categoryRoutes;
