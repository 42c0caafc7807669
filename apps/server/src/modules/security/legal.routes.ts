import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentLanguageOf } from '../accounts/accounts.service';
import {
  fileCallerOf,
  fromCustomerQuerySchema,
  holderNameOf,
  type FileAccessOptions,
} from '../accounts/file-access.service';
import { agreementPdfOf } from './legal';

/**
 * The agreement download (spec 001 §7 "agreement download by id (PDF)"): a REST route because the
 * answer is a file; the bearer token and `?fromCustomerId=` are checked as on the main API, and
 * the agreement must be one the signed-in user accepted (ENOA otherwise).
 */
export interface LegalRoutesOptions extends FileAccessOptions {
  brand: string;
  requestsPerMinute: number;
}

const paramsSchema = z.object({ agreementId: z.coerce.number().int().positive().max(2_147_483_647) });

export const legalRoutes: FastifyPluginAsyncZod<LegalRoutesOptions> = (app, options) => {
  app.get(
    '/files/agreements/:agreementId.pdf',
    {
      schema: {
        tags: ['Files'],
        summary: 'A record (PDF) of an agreement the signed-in user accepted.',
        security: [{ bearerAuth: [] }],
        params: paramsSchema,
        querystring: fromCustomerQuerySchema,
      },
      config: { rateLimit: { max: options.requestsPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const caller = await fileCallerOf(request, options);
      const { doc, fileName } = await agreementPdfOf(options.db, {
        userId: caller.session.userId,
        agreementId: request.params.agreementId,
        holderName: await holderNameOf(options.db, caller),
        brand: options.brand,
        // As the other documents: `?lang=`, else Accept-Language, else English.
        language: documentLanguageOf(request),
      });
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(doc);
    },
  );
  return Promise.resolve();
};
