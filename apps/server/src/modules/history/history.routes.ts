import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileCallerOf, fromCustomerQuerySchema, type FileAccessOptions } from '../accounts/file-access.service';
import { documentLanguageOf } from '../accounts/accounts.service';
import { csvColumnsIn, openExportDownload } from './history-exports.service';

/**
 * REST downloads of the history domain (DESIGN.md §4): the CSV of an export. Bearer token, `?fromCustomerId=` as on the main API; every check runs before the first
 * byte, then the file streams from the database page by page.
 */
export interface HistoryRoutesOptions extends FileAccessOptions {
  requestsPerMinute: number;
}

const exportParamsSchema = z.object({ exportId: z.uuid() });

export const historyRoutes: FastifyPluginAsyncZod<HistoryRoutesOptions> = (app, options) => {
  const rateLimit = { max: options.requestsPerMinute, timeWindow: '1 minute' };

  app.get(
    '/files/history-exports/:exportId.csv',
    {
      schema: {
        tags: ['Files'],
        summary: 'Download a ready CSV export of the transaction history (streamed).',
        security: [{ bearerAuth: [] }],
        params: exportParamsSchema,
        querystring: fromCustomerQuerySchema,
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      const caller = await fileCallerOf(request, options);
      const language = documentLanguageOf(request);
      const download = await openExportDownload(options.db, {
        customerId: caller.customerId,
        exportId: request.params.exportId,
        language,
      });
      const csv = stringify({
        header: true,
        columns: csvColumnsIn(language),
        // A byte-order mark makes spreadsheet programs read the file as UTF-8.
        bom: true,
      });
      const source = Readable.from(download.records);
      source.on('error', (error) => {
        request.log.error({ err: error, exportId: download.exportId }, 'history export stream failed');
        csv.destroy(error);
      });
      source.pipe(csv);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="history-${download.exportId}.csv"`)
        .send(csv);
    },
  );
  return Promise.resolve();
};
