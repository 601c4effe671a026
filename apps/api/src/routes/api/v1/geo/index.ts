/** GET /api/v1/geo/reverse: an address for coordinates ("Use My Location"), see services/geocoding.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, reverseGeocodeQuerySchema, reverseGeocodeResponseSchema } from '@qrib/shared';
import { reverseGeocode } from '../../../../services/geocoding.ts';

const geoRoutes: FastifyPluginAsyncZod<{ geocoderUrl: string | undefined }> = async (app, options) => {
  app.get(
    '/reverse',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['geo'],
        summary: 'The address at a point: a geocoder when configured, else the nearest Maltese locality, else the coordinates',
        querystring: reverseGeocodeQuerySchema,
        response: { 200: reverseGeocodeResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => reverseGeocode(request.query.latitude, request.query.longitude, options.geocoderUrl, request.log),
  );
};

export default geoRoutes;
