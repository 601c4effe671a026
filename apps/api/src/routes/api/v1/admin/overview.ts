/**
 * The console's figures and record (issue 14): GET /api/v1/admin/overview (headline figures) and GET
 * /api/v1/admin/actions (every admin action, newest first). Admins only
 * (admin/autohooks.ts checks it for every admin route).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActionsQuerySchema, adminActionsResponseSchema, adminOverviewResponseSchema, apiErrorSchema } from '@qrib/shared';
import { DomainError, onField } from '../../../../kernel/domain-error.ts';

/** The action log's cursor: the id of the last action shown, opaque to clients. */
function encodeActionsCursor(lastId: number): string {
  return Buffer.from(JSON.stringify({ b: lastId })).toString('base64url');
}

function decodeActionsCursor(text: string): number | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    const before = typeof value === 'object' && value !== null ? (value as { b?: unknown }).b : undefined;
    return typeof before === 'number' && Number.isSafeInteger(before) && before > 0 ? before : undefined;
  } catch {
    return undefined;
  }
}

const adminOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/overview',
    {
      schema: {
        tags: ['admin'],
        summary: 'Headline figures: businesses by state, offers live, shoppers active this week (since Monday in Malta), receipts by verdict, open reports and disputes',
        response: { 200: adminOverviewResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => {
      return { data: await app.adminConsole.overview() };
    },
  );

  app.get(
    '/actions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every admin action (who, what, which item, why, when), newest first, 50 a page; pass nextCursor back as cursor',
        querystring: adminActionsQuerySchema,
        response: { 200: adminActionsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const { cursor } = request.query;
      const beforeId = cursor === undefined ? undefined : decodeActionsCursor(cursor);
      if (cursor !== undefined && beforeId === undefined) throw new DomainError('invalid', 'cursorInvalid', {}, onField('cursor', 'cursorInvalid'));
      const { actions, hasMore } = await app.adminConsole.listActions(beforeId);
      const last = actions.at(-1);
      return { data: actions, nextCursor: hasMore && last ? encodeActionsCursor(last.actionId) : null };
    },
  );
};

export default adminOverviewRoutes;
