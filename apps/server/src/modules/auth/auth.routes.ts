import {
  authErrorResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  okResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
} from '@app/shared/api/auth';
import { MAX_EMAIL_LENGTH } from '@app/shared/validation/email';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import * as authService from './auth.service';

/**
 * The auth service `/auth/*` (spec 000 §7, simple flow). A plugin of its own, so it could be
 * deployed apart from the main API. Per-route network limits sit in front of the per-user
 * sign-in limit, which the service counts in the database.
 */
export interface AuthRoutesOptions extends authService.AuthSettings {
  db: Database;
}

const USER_AGENT_MAX_LENGTH = 512;

/** Generous per-address ceilings against floods; the real sign-in limit is `config.loginRateLimit`. */
const ROUTE_LIMITS_PER_MINUTE = { login: 60, refresh: 120, logout: 60 } as const;

const errorResponses = { 400: authErrorResponseSchema, 401: authErrorResponseSchema, 429: authErrorResponseSchema };

function originOf(request: FastifyRequest): authService.ClientOrigin {
  const userAgent = request.headers['user-agent'];
  // request.ip honours X-Forwarded-For only from the configured trusted proxies (app.ts).
  return { ip: request.ip, userAgent: userAgent === undefined ? null : userAgent.slice(0, USER_AGENT_MAX_LENGTH) };
}

/** The username as typed in a refused body, kept for the login history when it is a string. */
function typedUsernameOf(body: unknown): string {
  if (typeof body !== 'object' || body === null || !('username' in body) || typeof body.username !== 'string')
    return '';
  return body.username.trim().toLowerCase().slice(0, MAX_EMAIL_LENGTH);
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = (app, options) => {
  const { db, ...settings } = options;

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password (PKCE S256 challenge); the simple flow returns tokens.',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses },
      },
      // The handler sees refused bodies too, so they reach the login history before the VF answer.
      attachValidation: true,
      config: { rateLimit: { max: ROUTE_LIMITS_PER_MINUTE.login, timeWindow: '1 minute' } },
    },
    async (request) => {
      if (request.validationError !== undefined) {
        await authService.recordMalformedSignIn(db, {
          username: typedUsernameOf(request.body),
          origin: originOf(request),
        });
        throw request.validationError;
      }
      const authFlow = await authService.signIn(db, settings, { login: request.body, origin: originOf(request) });
      return { responseCode: '00' as const, authFlow };
    },
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new pair; the presented token is rotated and dies.',
        body: refreshRequestSchema,
        response: { 200: refreshResponseSchema, ...errorResponses },
      },
      config: { rateLimit: { max: ROUTE_LIMITS_PER_MINUTE.refresh, timeWindow: '1 minute' } },
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
        response: { 200: okResponseSchema, ...errorResponses },
      },
      config: { rateLimit: { max: ROUTE_LIMITS_PER_MINUTE.logout, timeWindow: '1 minute' } },
    },
    async (request) => {
      await authService.signOut(db, settings, { refreshToken: request.body.refreshToken });
      return { responseCode: '00' as const };
    },
  );

  return Promise.resolve();
};
