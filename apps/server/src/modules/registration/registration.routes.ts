import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { deleteExpiredCounters } from './public-request-limits';
import * as registrationService from './registration.service';

/**
 * The one registration path a mail link opens on the server: `GET /auth/email-confirmation/{token}`
 * confirms the address and redirects to the web app with `?emailConfirmation=success|fail`
 * (spec 000 §2), where the popup tells the customer. Mounted under the auth service's prefix.
 */
export interface RegistrationRoutesOptions {
  db: Database;
  /** How often expired counters of the public-call limits are deleted. */
  counterSweepIntervalMs?: number;
}

const DEFAULT_COUNTER_SWEEP_INTERVAL_MS = 10 * 60_000;
/** Links are followed by people; a flood of them is somebody guessing tokens. */
const CONFIRMATIONS_PER_MINUTE = 30;

const confirmationParamsSchema = z.object({ token: z.string().max(64) });

/** Where the web app shows the outcome; a relative URL, so the link's own host is kept. */
export function emailConfirmationLanding(isConfirmed: boolean): string {
  return `/activate?emailConfirmation=${isConfirmed ? 'success' : 'fail'}`;
}

export const registrationRoutes: FastifyPluginAsyncZod<RegistrationRoutesOptions> = (app, options) => {
  const { db } = options;

  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', () => {
    sweeper = setInterval(() => {
      deleteExpiredCounters(db).catch((error: unknown) => {
        app.log.error({ err: error }, 'deleting expired request counters failed');
      });
    }, options.counterSweepIntervalMs ?? DEFAULT_COUNTER_SWEEP_INTERVAL_MS);
    sweeper.unref();
    return Promise.resolve();
  });
  app.addHook('onClose', () => {
    clearInterval(sweeper);
    return Promise.resolve();
  });

  app.get(
    '/email-confirmation/:token',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Follow an e-mail confirmation link: confirms the address and redirects (302) to the web app with emailConfirmation=success, or fail for an unknown, used or expired link.',
        params: confirmationParamsSchema,
      },
      config: { rateLimit: { max: CONFIRMATIONS_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const isConfirmed = await registrationService.confirmEmail(db, { token: request.params.token, ip: request.ip });
      return reply.header('cache-control', 'no-store').redirect(emailConfirmationLanding(isConfirmed), 302);
    },
  );
  return Promise.resolve();
};
