import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { LiveChannel, LiveEventToPublish } from '../../platform/live-channel';
import {
  listOutboundMessages,
  MAX_OUTBOUND_MESSAGES_PAGE,
} from '../../platform/messaging/outbound-messages.repository';
import { renderOutboxPage } from './outbox-page';

/**
 * Development tools (DESIGN.md §9). app.ts registers them only when `config.isDevToolsEnabled`,
 * so in production these paths do not exist. They go through the platform's own services (the
 * outbox repository, the live channel), never a side door into other domains' tables.
 */
export interface DevRoutesOptions {
  db: Database;
  live: LiveChannel;
  requestsPerMinute: number;
}

const MAX_LIVE_PAYLOAD_BYTES = 4_000;

const outboxQuerySchema = z.object({ recipient: z.string().trim().min(1).max(320).optional() });

const outboxMessageSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  channel: z.enum(['mail', 'sms']),
  recipient: z.string(),
  subject: z.string().optional(),
  body: z.string().optional(),
  status: z.enum(['stored', 'sent', 'failed']),
  providerReference: z.string().optional(),
});

const outboxResponseSchema = z.object({
  responseCode: z.literal('00'),
  messages: z.array(outboxMessageSchema),
});

const livePublishBodySchema = z
  .object({
    userId: z.number().int().positive().max(2_147_483_647).optional(),
    customerId: z.number().int().positive().max(2_147_483_647).optional(),
    type: z.string().min(1).max(64),
    status: z.string().min(1).max(32),
    payload: z.record(z.string(), z.unknown()).default({}),
  })
  .refine((body) => Buffer.byteLength(JSON.stringify(body.payload)) <= MAX_LIVE_PAYLOAD_BYTES, {
    message: `Keep the payload under ${MAX_LIVE_PAYLOAD_BYTES} bytes`,
    path: ['payload'],
  })
  .transform(({ userId, customerId, ...event }, context): LiveEventToPublish => {
    if (userId !== undefined && customerId === undefined) return { to: { userId }, ...event };
    if (customerId !== undefined && userId === undefined) return { to: { customerId }, ...event };
    context.addIssue({ code: 'custom', message: 'Give exactly one of userId and customerId', path: ['userId'] });
    return z.NEVER;
  });

const okResponseSchema = z.object({ responseCode: z.literal('00') });

export function devRoutes(app: FastifyInstance, options: DevRoutesOptions): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: options.requestsPerMinute, timeWindow: '1 minute' };

  routes.get('/dev/outbox', { schema: { hide: true }, config: { rateLimit } }, async (_request, reply) => {
    const messages = await listOutboundMessages(options.db, { limit: MAX_OUTBOUND_MESSAGES_PAGE });
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderOutboxPage(messages, MAX_OUTBOUND_MESSAGES_PAGE));
  });

  routes.get(
    '/dev/outbox.json',
    {
      schema: {
        tags: ['Development tools'],
        summary: 'The latest outbound messages, newest first; optionally for one recipient.',
        querystring: outboxQuerySchema,
        response: { 200: outboxResponseSchema },
      },
      config: { rateLimit },
    },
    async (request) => {
      const messages = await listOutboundMessages(options.db, {
        recipient: request.query.recipient,
        limit: MAX_OUTBOUND_MESSAGES_PAGE,
      });
      return {
        responseCode: '00' as const,
        messages: messages.map((message) => ({
          id: message.id,
          createdAt: message.createdAt.toISOString(),
          channel: message.channel,
          recipient: message.recipient,
          subject: message.subject ?? undefined,
          body: message.body ?? undefined,
          status: message.status,
          providerReference: message.providerReference ?? undefined,
        })),
      };
    },
  );

  routes.post(
    '/dev/live/publish',
    {
      schema: {
        tags: ['Development tools'],
        summary: 'Publish a live event through the live channel, as a domain would.',
        body: livePublishBodySchema,
        response: { 200: okResponseSchema },
      },
      config: { rateLimit },
    },
    async (request) => {
      await options.live.publish(options.db, request.body);
      return { responseCode: '00' as const };
    },
  );
}
