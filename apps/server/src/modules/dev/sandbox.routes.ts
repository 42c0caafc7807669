import { MoneyError, parseAmount } from '@app/shared/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError, errors } from '../../platform/errors';
import type { JobRunner } from '../../platform/jobs';
import {
  listRecentIncomingTransfers,
  MAX_PAYER_NAME_LENGTH,
  MAX_REMITTANCE_LENGTH,
  receiveIncomingTransfer,
  SANDBOX_RAIL,
  SANDBOX_SETTLEMENT_DELAY_MS,
  type IncomingTransfer,
} from '../accounts/incoming-transfers.service';
import { renderSandboxPage } from './sandbox-page';

/**
 * The sandbox incoming rail (DESIGN.md §9): report a bank transfer as the rail would, through the
 * same service a production rail adapter calls. Registered by app.ts only with the dev tools, so
 * production has none of these paths.
 */
export interface SandboxRoutesOptions {
  db: Database;
  jobs: JobRunner;
  requestsPerMinute: number;
}

const RECENT_TRANSFERS_SHOWN = 50;
const MAX_FORM_BODY_BYTES = 4_096;

const incomingTransferBodySchema = z.object({
  reference: z.string().trim().min(1).max(MAX_REMITTANCE_LENGTH),
  amount: z.string().trim().max(40),
  currency: z.string().trim().toUpperCase().max(8),
  payerName: z.string().trim().min(1).max(MAX_PAYER_NAME_LENGTH),
  /** The sandbox rail fails it at settlement: returned to the payer. */
  isFailureSimulated: z.boolean().default(false),
  /** The rail's id of the payment; a second report with it is recorded once. */
  railReference: z.string().max(64).optional(),
});

const incomingTransferViewSchema = z.object({
  incomingTransferId: z.number().int(),
  status: z.enum(['received', 'settled', 'suspense', 'returned']),
  railReference: z.string(),
  /** Whether the reference named a customer (else it will go to suspense). */
  isReferenceMatched: z.boolean(),
  settleAt: z.string(),
  isDuplicate: z.boolean(),
});

const incomingTransferResponseSchema = z.object({
  responseCode: z.literal('00'),
  incomingTransfer: incomingTransferViewSchema,
});

function viewOf(transfer: IncomingTransfer, isDuplicate: boolean): z.infer<typeof incomingTransferViewSchema> {
  return {
    incomingTransferId: transfer.id,
    status: transfer.status,
    railReference: transfer.railReference,
    isReferenceMatched: transfer.customerId !== null,
    settleAt: transfer.settleAt.toISOString(),
    isDuplicate,
  };
}

type IncomingTransferBody = z.infer<typeof incomingTransferBodySchema>;

async function report(db: Database, body: IncomingTransferBody) {
  let amountMinor: bigint;
  try {
    amountMinor = parseAmount(body.amount, body.currency);
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    throw errors.validation([{ field: error.reason === 'currency' ? 'currency' : 'amount', message: error.message }]);
  }
  return receiveIncomingTransfer(db, {
    rail: SANDBOX_RAIL,
    railReference: body.railReference,
    reference: body.reference,
    payerName: body.payerName,
    amountMinor,
    currency: body.currency,
    isFailureSimulated: body.isFailureSimulated,
  });
}

export const sandboxRoutes: FastifyPluginAsyncZod<SandboxRoutesOptions> = (app, options) => {
  const rateLimit = { max: options.requestsPerMinute, timeWindow: '1 minute' };
  // HTML forms post urlencoded bodies; only this plugin's routes accept them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: MAX_FORM_BODY_BYTES },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.get(
    '/dev/sandbox',
    {
      schema: { hide: true, querystring: z.object({ notice: z.string().max(300).optional() }) },
      config: { rateLimit },
    },
    async (request, reply) => {
      const transfers = await listRecentIncomingTransfers(options.db, { limit: RECENT_TRANSFERS_SHOWN });
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          renderSandboxPage({
            transfers,
            limit: RECENT_TRANSFERS_SHOWN,
            notice: request.query.notice,
            settleDelaySeconds: SANDBOX_SETTLEMENT_DELAY_MS / 1000,
          }),
        );
    },
  );

  app.post(
    '/dev/sandbox/incoming-transfer',
    {
      schema: {
        tags: ['Development tools'],
        summary:
          'Sandbox incoming rail: a bank transfer arrives quoting a funding reference; it settles a few seconds later (run due jobs), or is returned when isFailureSimulated.',
        body: incomingTransferBodySchema,
        response: { 200: incomingTransferResponseSchema },
      },
      config: { rateLimit },
    },
    async (request) => {
      const { transfer, isDuplicate } = await report(options.db, request.body);
      return { responseCode: '00' as const, incomingTransfer: viewOf(transfer, isDuplicate) };
    },
  );

  app.post(
    '/dev/sandbox/incoming-transfer/form',
    { schema: { hide: true }, config: { rateLimit } },
    async (request, reply) => {
      const raw = typeof request.body === 'object' && request.body !== null ? request.body : {};
      const parsed = incomingTransferBodySchema.safeParse({
        ...raw,
        isFailureSimulated: 'isFailureSimulated' in raw && raw.isFailureSimulated === 'true',
      });
      let notice: string;
      if (!parsed.success) {
        notice = `Not sent: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`;
      } else {
        try {
          const { transfer } = await report(options.db, parsed.data);
          notice =
            `Transfer ${transfer.id} received` +
            (transfer.customerId === null ? ' (the reference matches no customer: it will go to suspense).' : '.');
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          notice = `Not sent: ${(error.validationErrors ?? []).map((item) => item.message).join(' ') || error.message}`;
        }
      }
      return reply.redirect(`/dev/sandbox?notice=${encodeURIComponent(notice.slice(0, 300))}`, 303);
    },
  );

  app.post('/dev/sandbox/run-jobs', { schema: { hide: true }, config: { rateLimit } }, async (_request, reply) => {
    const jobsRun = await options.jobs.runDue(new Date());
    return reply.redirect(`/dev/sandbox?notice=${encodeURIComponent(`${jobsRun} due job(s) ran.`)}`, 303);
  });
  return Promise.resolve();
};
