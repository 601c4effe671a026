/**
 * "Download my data" (issue 15): POST /me/export asks for a copy (built in the background), GET /me/export is the
 * current one (the profile polls it), GET /me/exports/:exportId downloads the zip, for the account that asked only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, currentDataExportResponseSchema, dataExportResponseSchema, exportIdParamsSchema, maltaDateOf } from '@qrib/shared';
import { DomainError } from '../../../../kernel/domain-error.ts';
import { presentDataExport } from '../../../../domains/exports/index.ts';

/** A username as a file name's part: our usernames are safe already; anything else becomes '_'. */
function archiveName(username: string, readyAt: Date): string {
  return `qrib-data-${username.replace(/[^A-Za-z0-9._-]/g, '_')}-${maltaDateOf(readyAt)}.zip`;
}

const myExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/export',
    {
      schema: {
        tags: ['account'],
        summary: 'Ask for a copy of everything Qrib holds about me (prepared in the background; a second call answers the pending or ready one)',
        response: { 202: dataExportResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { row, isNew } = await app.dataExports.request(request.user.id);
      if (isNew) app.dataExports.wake();
      return reply.code(202).send({ data: presentDataExport(row) });
    },
  );

  app.get(
    '/export',
    {
      schema: {
        tags: ['account'],
        summary: 'My current data export (pending, or ready and not expired), or null',
        response: { 200: currentDataExportResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const row = await app.dataExports.findCurrent(request.user.id);
      return { data: row ? presentDataExport(row) : null };
    },
  );

  app.get(
    '/exports/:exportId',
    {
      // A malformed id is an unknown export: 404, like any id that is not the caller's, never 400.
      attachValidation: true,
      schema: {
        tags: ['account'],
        summary: 'Download my data export (a zip): 202 while it is being prepared, 410 once expired; only for the account that asked',
        params: exportIdParamsSchema,
        response: {
          200: z.unknown().describe('The zip (application/zip): data.json and my files'),
          202: dataExportResponseSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          410: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      if (request.validationError) throw new DomainError('not-found', 'exportNotFound');
      const row = await app.dataExports.findForUser(request.params.exportId, request.user.id);
      // A FAILED export has nothing to download; the profile offers to ask again.
      if (!row || row.status === 'FAILED') throw new DomainError('not-found', 'exportNotFound');
      if (row.status === 'PENDING') return reply.code(202).header('cache-control', 'no-store').send({ data: presentDataExport(row) });
      if (row.isExpired || !row.storageKey || !row.readyAt) throw new DomainError('gone', 'exportExpired');
      const stored = await app.storage.get(row.storageKey);
      if (!stored) throw new DomainError('gone', 'exportExpired');
      return reply
        .headers({
          'content-type': 'application/zip',
          'content-length': String(stored.byteSize),
          'content-disposition': `attachment; filename="${archiveName(row.username, row.readyAt)}"`,
          'cache-control': 'no-store',
        })
        .send(stored.body);
    },
  );
};

export default myExportRoutes;
