import { okResponseSchema, twoStepVerificationParamsSchema } from '@app/shared/api/auth';
import {
  twoStepChangeRequestSchema,
  twoStepChangeResponseSchema,
  twoStepConfirmRequestSchema,
  twoStepConfirmResponseSchema,
  twoStepDeviceConfirmRequestSchema,
} from '@app/shared/api/security-settings';
import { isLanguage, type Language } from '@app/shared/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import * as customersService from '../customers/customers.service';
import { errors } from '../../platform/errors';
import { authSettingsOf, openSession, tokensOf, type AuthSettings } from './auth.service';
import {
  answerTwoStepPush,
  confirmTwoStepChange,
  isFactorChangeRequest,
  startTwoStepChange,
} from './factor-changes.service';
import { authErrorResponses, originOf, requireDevice, requireSessionOrSetup } from './route-auth';
import { confirmTotpEnrolment, startTotpEnrolment } from './second-factors';
import { sendSecurityChangeMail } from '../security/two-step-notice.service';

/**
 * `/customer/two-step-verification*` (spec 001 §4, §7 Security settings): changing the two-step
 * verification of sign-in (`mode`) and of transactions (`typeMode`). Called with a session (the
 * settings screen, after a recent authentication) or with the migration's set-up token at sign-in,
 * when a strict requirement withheld the session: that token may only enable the authenticator,
 * and confirming then opens the session ("the response may return access and refresh tokens at
 * login"). A linked device answers a push change at `…/{reqId}/device-confirm`.
 */
export interface TwoStepVerificationRoutesOptions extends AuthSettings {
  db: Database;
}

const ROUTE_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };
const security = [{ bearerAuth: [] }];

/** The customer's language for the notice mail, from Accept-Language (`uk` is the spec's `ua`). */
export function languageOfRequest(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  const first = typeof header === 'string' ? header.split(',')[0]?.split(';')[0]?.trim().toLowerCase() : undefined;
  if (first === 'uk' || first?.startsWith('uk-') === true) return 'ua';
  const primary = first?.split('-')[0];
  return isLanguage(primary) ? primary : 'en';
}

export const twoStepVerificationRoutes: FastifyPluginAsyncZod<TwoStepVerificationRoutesOptions> = (app, options) => {
  const { db } = options;
  const settings = authSettingsOf(options);

  app.post(
    '/two-step-verification',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Change the sign-in factor (mode: none, push, sms, otp) or the approval of transactions (typeMode 0–4). Needs a recent authentication.',
        security,
        body: twoStepChangeRequestSchema,
        response: { 200: twoStepChangeResponseSchema, ...authErrorResponses },
      },
      config: ROUTE_LIMIT,
    },
    async (request) => {
      const actor = await requireSessionOrSetup(db, request, settings);
      if (actor.session === null) {
        // The set-up token of a strict migration proves the password only: it may enable the authenticator, nothing else.
        if (request.body.mode !== 'otp') throw errors.noAccess('Set up the authenticator app to continue.');
        const user = await customersService.findSignInUserById(db, { userId: actor.userId });
        if (user?.status !== 'active') throw errors.auth();
        const enrolment = await startTotpEnrolment(db, {
          cipher: settings.cipher,
          brand: settings.brand,
          userId: user.id,
          email: user.email,
          ip: request.ip,
        });
        return {
          responseCode: '00' as const,
          confirmWith: 'otpEnrolment' as const,
          target: 'signIn' as const,
          mode: 'otp' as const,
          ...enrolment,
        };
      }
      return startTwoStepChange(db, settings, {
        actor: { session: actor.session, ip: request.ip, language: languageOfRequest(request) },
        body: request.body,
      });
    },
  );

  app.post(
    '/two-step-verification/:reqId/confirm',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Confirm a change with its code (sms, e-mail, authenticator), or poll a push change; with a set-up token the answer opens the session.',
        security,
        params: twoStepVerificationParamsSchema,
        body: twoStepConfirmRequestSchema,
        response: { 200: twoStepConfirmResponseSchema, ...authErrorResponses },
      },
      config: ROUTE_LIMIT,
    },
    async (request) => {
      const actor = await requireSessionOrSetup(db, request, settings);
      const { reqId } = request.params;
      const language = languageOfRequest(request);
      if (actor.session !== null && (await isFactorChangeRequest(db, { reqId, userId: actor.userId }))) {
        const status = await confirmTwoStepChange(db, settings, {
          actor: { session: actor.session, ip: request.ip, language },
          reqId,
          code: request.body.code,
        });
        return { responseCode: '00' as const, status };
      }
      const { recoveryCodes } = await confirmTotpEnrolment(db, {
        cipher: settings.cipher,
        userId: actor.userId,
        reqId,
        code: request.body.code ?? '',
        ip: request.ip,
      });
      const user = await customersService.findSignInUserById(db, { userId: actor.userId });
      if (user?.status !== 'active') throw errors.auth();
      await sendSecurityChangeMail(settings.messaging, settings.brand, {
        email: user.email,
        action: 'security.twoStepChanged',
        language,
      });
      const { setup } = actor;
      if (setup === null) return { responseCode: '00' as const, status: 'enabled' as const, recoveryCodes };
      const session = await db.transaction((tx) =>
        openSession(tx, settings, {
          user,
          client: setup.client,
          flow: 'otp',
          codeChallenge: setup.codeChallenge,
          origin: originOf(request),
        }),
      );
      return {
        responseCode: '00' as const,
        status: 'enabled' as const,
        recoveryCodes,
        ...(await tokensOf(settings, session)),
      };
    },
  );

  app.put(
    '/two-step-verification/:reqId/device-confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'A linked device (device token) approves or declines a change of the two-step verification to push.',
        security,
        params: twoStepVerificationParamsSchema,
        body: twoStepDeviceConfirmRequestSchema,
        response: { 200: okResponseSchema, ...authErrorResponses },
      },
      config: ROUTE_LIMIT,
    },
    async (request) => {
      const device = await requireDevice(db, request, settings.authTokens);
      await answerTwoStepPush(db, settings, { device, reqId: request.params.reqId, result: request.body.result });
      return { responseCode: '00' as const };
    },
  );

  return Promise.resolve();
};
