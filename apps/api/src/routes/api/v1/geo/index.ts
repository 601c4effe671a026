/** GET /api/v1/geo/reverse: an address for coordinates ("Use My Location"), see kernel/geocoding.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, reverseGeocodeQuerySchema, reverseGeocodeResponseSchema } from '@qrib/shared';
import { reverseGeocode } from '../../../../kernel/geocoding.ts';

const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reverse',
    {
      // A configured geocoder is a shared outside service (Nominatim allows about one request a second).
      preHandler: app.limitPerAccount('reverse-geocode', 30, 60_000),
      schema: {
        tags: ['geo'],
        summary: 'The address at a point: a geocoder when configured, else the nearest Maltese locality, else the coordinates',
        querystring: reverseGeocodeQuerySchema,
        response: { 200: reverseGeocodeResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => reverseGeocode(request.query.latitude, request.query.longitude, app.config.geocoderUrl, request.log),
  );
};

export default geoRoutes;
