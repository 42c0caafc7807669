import { readFileSync } from 'node:fs';
import { deviceCreateResponseSchema, DEVICE_TYPES, MAX_DEVICE_NAME_LENGTH } from '@app/shared/api/devices';
import { emailSchema } from '@app/shared/validation/email';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { errors } from '../../platform/errors';
import type { JobRunner } from '../../platform/jobs';
import type { LiveChannel, LiveEventToPublish } from '../../platform/live-channel';
import {
  listOutboundMessages,
  MAX_OUTBOUND_MESSAGES_PAGE,
} from '../../platform/messaging/outbound-messages.repository';
import { DEMO_FACTOR_USERS } from '../../db/seed';
import { authenticatePassword, brandNameOf, type AuthSettings } from '../auth/auth.service';
import { linkDeviceWithoutApproval } from '../auth/devices.service';
import { renderDeviceCompanionPage } from './device-companion-page';
import { renderOutboxPage } from './outbox-page';

/**
 * Development tools (DESIGN.md §9). app.ts registers them only when `config.isDevToolsEnabled`,
 * so in production these paths do not exist. They go through the platform's own services (the
 * outbox repository, the live channel), never a side door into other domains' tables.
 */
export interface DevRoutesOptions {
  db: Database;
  live: LiveChannel;
  /** The device companion signs in and links devices through the auth services. */
  auth: AuthSettings;
  /** "Advance time": runs the jobs and periodic tasks due at a chosen time. */
  jobs: JobRunner;
  requestsPerMinute: number;
}

/** How far the development clock may jump ahead: enough for a 90-day hold or a yearly standing order. */
const MAX_ADVANCE_MS = 400 * 24 * 60 * 60 * 1000;

const jobsRunBodySchema = z.object({
  /** Run what is due at this time (ISO 8601); now when absent. */
  at: z.iso.datetime({ offset: true }).optional(),
});
const jobsRunResponseSchema = z.object({ responseCode: z.literal('00'), jobsRun: z.number().int(), at: z.string() });

/** The companion's script, read once: a file, so the CSP (same-origin scripts only) allows it. */
const deviceCompanionScript = readFileSync(new URL('./device-companion.js', import.meta.url), 'utf8');

const deviceLinkBodySchema = z.object({
  username: emailSchema,
  password: z.string().min(1).max(1024),
  name: z.string().trim().min(1).max(MAX_DEVICE_NAME_LENGTH),
  type: z.enum(DEVICE_TYPES),
});

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
    '/dev/jobs/run',
    {
      schema: {
        tags: ['Development tools'],
        summary:
          'Advance time: run every job and periodic task due at `at` (settle sandbox transfers, expire holds and approvals, run standing orders).',
        body: jobsRunBodySchema,
        response: { 200: jobsRunResponseSchema },
      },
      config: { rateLimit },
    },
    async (request) => {
      const at = request.body.at === undefined ? new Date() : new Date(request.body.at);
      if (at.getTime() > Date.now() + MAX_ADVANCE_MS) {
        throw errors.validation([{ field: 'at', message: 'At most 400 days ahead.' }]);
      }
      const jobsRun = await options.jobs.runDue(at);
      return { responseCode: '00' as const, jobsRun, at: at.toISOString() };
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

  routes.get('/dev/device', { schema: { hide: true }, config: { rateLimit } }, async (_request, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        renderDeviceCompanionPage({ brandName: brandNameOf(options.auth.brand), demoEmail: DEMO_FACTOR_USERS.push }),
      ),
  );

  routes.get('/dev/device.js', { schema: { hide: true }, config: { rateLimit } }, async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(deviceCompanionScript),
  );

  routes.post(
    '/dev/device/link',
    {
      schema: {
        tags: ['Development tools'],
        summary:
          'Device companion: link an active device to the user whose e-mail and password are given (skips the approval a real device goes through).',
        body: deviceLinkBodySchema,
        response: { 200: deviceCreateResponseSchema },
      },
      config: { rateLimit },
    },
    async (request) => {
      const { username, password, name, type } = request.body;
      const userAgent = request.headers['user-agent'];
      const user = await authenticatePassword(options.db, options.auth, {
        username,
        password,
        origin: { ip: request.ip, userAgent: userAgent?.slice(0, 512) ?? null },
      });
      const linked = await linkDeviceWithoutApproval(options.db, {
        userId: user.id,
        input: { name, type },
        ip: request.ip,
      });
      return { responseCode: '00' as const, ...linked };
    },
  );
}
