import { brandLegalOf } from '@app/shared/brand-legal';
import { CLOSED_ACCOUNT_STATUS } from '@app/shared/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../platform/errors';
import * as accountsService from './accounts.service';
import { renderConfirmationLetter } from './confirmation-letter';
import { documentLanguageOf, documentTextsOf } from './document-texts';
import { openStatement } from './statements';
import { fileCallerOf, fromCustomerQuerySchema, holderNameOf, type FileAccessOptions } from './file-access.service';

/**
 * REST downloads of the accounts domain (DESIGN.md §4): bearer token, `?fromCustomerId=` checked
 * as on the main API, the account checked against the customer (ENOA otherwise).
 */
export interface AccountsRoutesOptions extends FileAccessOptions {
  brand: string;
  requestsPerMinute: number;
}

const accountIdSchema = z.coerce.number().int().positive().max(2_147_483_647);
const accountParamsSchema = z.object({ accountId: accountIdSchema });
const statementParamsSchema = z.object({
  accountId: accountIdSchema,
  period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use YYYY-MM.'),
});

export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = (app, options) => {
  const legal = brandLegalOf(options.brand);
  const rateLimit = { max: options.requestsPerMinute, timeWindow: '1 minute' };

  app.get(
    '/files/accounts/:accountId/confirmation-letter.pdf',
    {
      schema: {
        tags: ['Files'],
        summary: 'Account-confirmation letter (PDF) of an open account of the customer.',
        security: [{ bearerAuth: [] }],
        params: accountParamsSchema,
        querystring: fromCustomerQuerySchema,
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      const caller = await fileCallerOf(request, options);
      const account = await accountsService.requireCustomerAccount(options.db, {
        customerId: caller.customerId,
        accountId: request.params.accountId,
      });
      if (account.statusId === CLOSED_ACCOUNT_STATUS) throw errors.closedAccount();
      const [instruction] = await accountsService.paymentInstructionsOf(options.db, {
        customerId: caller.customerId,
        accountId: account.accountId,
        brand: options.brand,
      });
      const doc = renderConfirmationLetter({
        legal,
        holderName: await holderNameOf(options.db, caller),
        account,
        instruction,
        issuedAt: new Date(),
        texts: documentTextsOf(documentLanguageOf(request)),
      });
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="account-${account.accountId}-confirmation-letter.pdf"`)
        .send(doc);
    },
  );

  app.get(
    '/files/statements/:accountId/:period.pdf',
    {
      schema: {
        tags: ['Files'],
        summary: 'Monthly statement (PDF) of an account of the customer; the period is YYYY-MM (UTC).',
        security: [{ bearerAuth: [] }],
        params: statementParamsSchema,
        querystring: fromCustomerQuerySchema,
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      const caller = await fileCallerOf(request, options);
      const [year = '0', month = '0'] = request.params.period.split('-');
      const statement = await openStatement(options.db, {
        legal,
        holderName: await holderNameOf(options.db, caller),
        customerId: caller.customerId,
        accountId: request.params.accountId,
        year: Number(year),
        month: Number(month),
        texts: documentTextsOf(documentLanguageOf(request)),
      });
      statement.write().catch((error: unknown) => {
        request.log.error({ err: error, accountId: request.params.accountId }, 'statement stream failed');
        statement.doc.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${statement.fileName}"`)
        .send(statement.doc);
    },
  );
  return Promise.resolve();
};
