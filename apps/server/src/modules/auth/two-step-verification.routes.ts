import {
  twoStepVerificationConfirmRequestSchema,
  twoStepVerificationConfirmResponseSchema,
  twoStepVerificationParamsSchema,
  twoStepVerificationRequestSchema,
  twoStepVerificationResponseSchema,
} from '@app/shared/api/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import * as customersService from '../customers/customers.service';
import { errors } from '../../platform/errors';
import { authSettingsOf, openSession, tokensOf, type AuthSettings } from './auth.service';
import { authErrorResponses, originOf, requireSessionOrSetup } from './route-auth';
import { confirmTotpEnrolment, startTotpEnrolment } from './second-factors';

/**
 * `/customer/two-step-verification*` (spec 001 §7 Security settings): enabling a second factor.
 * Called with a session (settings) or with the migration's set-up token at sign-in, when a strict
 * requirement withheld the session: confirming then opens it ("the response may return access and
 * refresh tokens at login"). Today it enables the authenticator app (otp).
 */
export interface TwoStepVerificationRoutesOptions extends AuthSettings {
  db: Database;
}

const ROUTE_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };
const security = [{ bearerAuth: [] }];

export const twoStepVerificationRoutes: FastifyPluginAsyncZod<TwoStepVerificationRoutesOptions> = (app, options) => {
  const { db } = options;
  const settings = authSettingsOf(options);

  app.post(
    '/two-step-verification',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Start enabling a second factor (mode otp): a new authenticator secret, confirmed with a code from it.',
        security,
        body: twoStepVerificationRequestSchema,
        response: { 200: twoStepVerificationResponseSchema, ...authErrorResponses },
      },
      config: ROUTE_LIMIT,
    },
    async (request) => {
      const actor = await requireSessionOrSetup(db, request, settings);
      const user = await customersService.findSignInUserById(db, { userId: actor.userId });
      if (user?.status !== 'active') throw errors.auth();
      const enrolment = await startTotpEnrolment(db, {
        cipher: settings.cipher,
        brand: settings.brand,
        userId: user.id,
        email: user.email,
        ip: request.ip,
      });
      return { responseCode: '00' as const, mode: request.body.mode, ...enrolment };
    },
  );

  app.post(
    '/two-step-verification/:reqId/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm with a 6-digit code from the new secret; with a set-up token the answer opens the session.',
        security,
        params: twoStepVerificationParamsSchema,
        body: twoStepVerificationConfirmRequestSchema,
        response: { 200: twoStepVerificationConfirmResponseSchema, ...authErrorResponses },
      },
      config: ROUTE_LIMIT,
    },
    async (request) => {
      const actor = await requireSessionOrSetup(db, request, settings);
      await confirmTotpEnrolment(db, {
        cipher: settings.cipher,
        userId: actor.userId,
        reqId: request.params.reqId,
        code: request.body.code,
        ip: request.ip,
      });
      const { setup } = actor;
      if (setup === null) return { responseCode: '00' as const };
      const user = await customersService.findSignInUserById(db, { userId: actor.userId });
      if (user?.status !== 'active') throw errors.auth();
      const session = await db.transaction((tx) =>
        openSession(tx, settings, {
          user,
          client: setup.client,
          flow: 'otp',
          codeChallenge: setup.codeChallenge,
          origin: originOf(request),
        }),
      );
      return { responseCode: '00' as const, ...(await tokensOf(settings, session)) };
    },
  );

  return Promise.resolve();
};
