import {
  codeResendResponseSchema,
  loginConfirmParamsSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  okResponseSchema,
  pushResendResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  storesUrlsSendRequestSchema,
  tmpTokenRequestSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from '@app/shared/api/auth';
import { confirmRequestSchema, pendingApprovalsResponseSchema } from '@app/shared/api/devices';
import { MAX_EMAIL_LENGTH } from '@app/shared/validation/email';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { languageOf } from '../../platform/request-language';
import * as authService from './auth.service';
import { exchangeCode } from './code-exchange';
import { pendingTwoStepPushes } from './factor-changes.service';
import { devicesRoutes } from './devices.routes';
import { confirmPushSignIn, expireOverduePushSignIns, pendingApprovalsFor, resendPush } from './push-sign-in';
import { authErrorResponses, originOf, requireDevice, requireSessionOrSetup } from './route-auth';
import { resendSignInCode, signIn } from './sign-in';
import { sendStoreLinks } from './store-links';

/**
 * The auth service `/auth/*` (spec 000 §7). A plugin of its own, so it could be deployed apart
 * from the main API. Per-route network limits sit in front of the per-user limits, which the
 * services count in the database (sign-in failures, codes, pushes).
 */
export interface AuthRoutesOptions extends authService.AuthSettings {
  db: Database;
  /** How often overdue pushes are expired (and their browsers told). */
  pushSweepIntervalMs?: number;
}

const DEFAULT_PUSH_SWEEP_INTERVAL_MS = 5_000;

/** Generous per-address ceilings against floods; the real limits are per user, in the services. */
const ROUTE_LIMITS_PER_MINUTE = {
  login: 60,
  token: 60,
  refresh: 120,
  logout: 60,
  resend: 30,
  confirm: 60,
  pending: 120,
} as const;
/** SMS to a number the caller types: few, per address. */
const STORE_LINKS_PER_HOUR = 5;

/** The username as typed in a refused body, kept for the login history when it is a string. */
function typedUsernameOf(body: unknown): string {
  if (typeof body !== 'object' || body === null || !('username' in body) || typeof body.username !== 'string')
    return '';
  return body.username.trim().toLowerCase().slice(0, MAX_EMAIL_LENGTH);
}

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { db, pushSweepIntervalMs } = options;
  const settings = authService.authSettingsOf(options);

  // Every process sweeps; each overdue push is claimed by one (FOR UPDATE SKIP LOCKED).
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', () => {
    sweeper = setInterval(() => {
      expireOverduePushSignIns(db, settings.live).catch((error: unknown) => {
        app.log.error({ err: error }, 'expiring overdue push sign-ins failed');
      });
    }, pushSweepIntervalMs ?? DEFAULT_PUSH_SWEEP_INTERVAL_MS);
    sweeper.unref();
    return Promise.resolve();
  });
  app.addHook('onClose', () => {
    clearInterval(sweeper);
    return Promise.resolve();
  });

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with e-mail and password (PKCE S256 challenge). The authFlow says what follows: tokens at once (simple), or a code to exchange at /auth/token after the second factor.',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...authErrorResponses },
      },
      // The handler sees refused bodies too, so they reach the login history before the VF answer.
      attachValidation: true,
      config: perMinute(ROUTE_LIMITS_PER_MINUTE.login),
    },
    async (request) => {
      if (request.validationError !== undefined) {
        await authService.recordMalformedSignIn(db, {
          username: typedUsernameOf(request.body),
          origin: originOf(request),
        });
        throw request.validationError;
      }
      const outcome = await signIn(db, settings, {
        login: request.body,
        origin: originOf(request),
        language: languageOf(request),
      });
      return { responseCode: '00' as const, ...outcome };
    },
  );

  app.post(
    '/token',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Exchange a sign-in code with its PKCE verifier (and the 6-digit otp of otp, sms and verifyDevice) for tokens; or a linked device’s secret for a device token.',
        body: tokenRequestSchema,
        response: { 200: tokenResponseSchema, ...authErrorResponses },
      },
      config: perMinute(ROUTE_LIMITS_PER_MINUTE.token),
    },
    async (request) => {
      const body = request.body;
      if ('secret' in body) {
        return { responseCode: '00' as const, ...(await authService.signInDevice(db, settings, body)) };
      }
      const answer = await exchangeCode(db, settings, { exchange: body, origin: originOf(request) });
      return { responseCode: '00' as const, ...answer };
    },
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new pair; the presented token is rotated and dies.',
        body: refreshRequestSchema,
        response: { 200: refreshResponseSchema, ...authErrorResponses },
      },
      config: perMinute(ROUTE_LIMITS_PER_MINUTE.refresh),
    },
    async (request) => {
      const tokens = await authService.refreshSession(db, settings, {
        refreshToken: request.body.refreshToken,
        origin: originOf(request),
      });
      return { responseCode: '00' as const, ...tokens };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the sign-in the refresh token belongs to. Answers 00 whatever the token.',
        body: logoutRequestSchema,
        response: { 200: okResponseSchema, ...authErrorResponses },
      },
      config: perMinute(ROUTE_LIMITS_PER_MINUTE.logout),
    },
    async (request) => {
      await authService.signOut(db, settings, { refreshToken: request.body.refreshToken });
      return { responseCode: '00' as const };
    },
  );

  app.post(
    '/push/re-send',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Push a waiting sign-in to the devices again: 3 times per sign-in, 30 s apart, 10 pushes per user an hour.',
        body: tmpTokenRequestSchema,
        response: { 200: pushResendResponseSchema, ...authErrorResponses },
      },
      config: perMinute(ROUTE_LIMITS_PER_MINUTE.resend),
    },
    async (request) => ({ responseCode: '00' as const, ...(await resendPush(db, settings.live, request.body)) }),
  );

  app.post(
    '/code/re-send',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a new SMS or e-mail code for a waiting sign-in (sms, verifyDevice): 3 times, 60 s apart.',
        body: tmpTokenRequestSchema,
        response: { 200: codeResendResponseSchema, ...authErrorResponses },
      },
      config: perMinute(ROUTE_LIMITS_PER_MINUTE.resend),
    },
    async (request) => ({
      responseCode: '00' as const,
      ...(await resendSignInCode(db, settings, { tmpToken: request.body.tmpToken, language: languageOf(request) })),
    }),
  );

  app.put(
    '/login/:key/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'A linked device (device token) approves or declines a push sign-in of its user.',
        security: [{ bearerAuth: [] }],
        params: loginConfirmParamsSchema,
        body: confirmRequestSchema,
        response: { 200: okResponseSchema, ...authErrorResponses },
      },
      config: perMinute(ROUTE_LIMITS_PER_MINUTE.confirm),
    },
    async (request) => {
      const device = await requireDevice(db, request, settings.authTokens);
      await confirmPushSignIn(db, settings, {
        device,
        key: request.params.key,
        result: request.body.result,
        ip: request.ip,
      });
      return { responseCode: '00' as const };
    },
  );

  app.get(
    '/push/pending',
    {
      schema: {
        tags: ['auth'],
        summary: 'The pushes a linked device (device token) can answer now: sign-ins and new devices of its user.',
        security: [{ bearerAuth: [] }],
        response: { 200: pendingApprovalsResponseSchema, ...authErrorResponses },
      },
      config: perMinute(ROUTE_LIMITS_PER_MINUTE.pending),
    },
    async (request) => {
      const device = await requireDevice(db, request, settings.authTokens);
      return {
        responseCode: '00' as const,
        approvals: [...(await pendingApprovalsFor(db, device)), ...(await pendingTwoStepPushes(db, device))],
      };
    },
  );

  app.post(
    '/stores-urls/send',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send the brand’s app-store links by SMS (session or set-up token; 5 an hour per address).',
        security: [{ bearerAuth: [] }],
        body: storesUrlsSendRequestSchema,
        response: { 200: okResponseSchema, ...authErrorResponses },
      },
      config: { rateLimit: { max: STORE_LINKS_PER_HOUR, timeWindow: '1 hour' } },
    },
    async (request) => {
      await requireSessionOrSetup(db, request, settings);
      await sendStoreLinks(settings.messaging, {
        brand: settings.brand,
        phoneNumber: request.body.phoneNumber,
        language: languageOf(request),
      });
      return { responseCode: '00' as const };
    },
  );

  await app.register(devicesRoutes, { db, ...settings });
};
