import { authErrorResponseSchema } from '@app/shared/api/auth';
import {
  ssoAuthorizationParamsSchema,
  ssoAuthorizationResponseSchema,
  ssoAuthorizeRequestSchema,
  ssoDecisionRequestSchema,
  ssoDecisionResponseSchema,
  ssoTokenRequestSchema,
  ssoTokenResponseSchema,
} from '@app/shared/api/sso';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { bearerTokenOf, type AccessTokens, type Session } from '../../platform/access-token';
import { errors } from '../../platform/errors';
import { NOT_FOUND_BODY } from '../../platform/web-app';
import * as ssoService from './sso.service';

/**
 * `auth/sei` of the auth service (spec 000 §7): the signed-in user's side (start, show, answer an
 * authorization) and the relying party's side (exchange the code). Mounted under `/auth`.
 */
export interface SsoRoutesOptions {
  db: Database;
  accessTokens: AccessTokens;
  /** Keys the per-relying-party subjects (HMAC); must stay the same for subjects to stay stable. */
  subjectKey: Uint8Array;
}

const errorResponses = {
  400: authErrorResponseSchema,
  401: authErrorResponseSchema,
  403: authErrorResponseSchema,
  404: authErrorResponseSchema,
  429: authErrorResponseSchema,
};

const LIMITS_PER_MINUTE = { user: 60, token: 60 } as const;
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

async function requireSession(request: FastifyRequest, accessTokens: AccessTokens): Promise<Session> {
  const token = bearerTokenOf(request.headers.authorization);
  if (token === undefined) throw errors.auth('Please sign in to continue.');
  const session = await accessTokens.verify(token);
  if (session === null) throw errors.auth();
  return session;
}

/** Unknown or finished authorizations answer 404, which the web app turns into a way home (spec 000 §8). */
async function orNotFound<T>(reply: FastifyReply, work: Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ssoService.SsoNotFoundError) {
      return reply.status(404).send({ ...NOT_FOUND_BODY, responseDescription: error.message });
    }
    throw error;
  }
}

export const ssoRoutes: FastifyPluginAsyncZod<SsoRoutesOptions> = (app, options) => {
  const { db, accessTokens } = options;

  app.post(
    '/sei/authorize',
    {
      schema: {
        tags: ['auth'],
        summary:
          'A relying party asks to sign the user in: checks the client, its registered redirect URI and the scopes, and returns the authorization to show on the consent screen.',
        security: [{ bearerAuth: [] }],
        body: ssoAuthorizeRequestSchema,
        response: { 200: ssoAuthorizationResponseSchema, ...errorResponses },
      },
      config: perMinute(LIMITS_PER_MINUTE.user),
    },
    async (request) => {
      const session = await requireSession(request, accessTokens);
      const authorization = await ssoService.startAuthorization(db, {
        userId: session.userId,
        clientId: request.body.clientId,
        redirectUri: request.body.redirectUri,
        scopes: request.body.scope,
        state: request.body.state,
        codeChallenge: request.body.codeChallenge,
      });
      return { responseCode: '00' as const, authorization };
    },
  );

  app.get(
    '/sei/authorize/:authorizationId',
    {
      schema: {
        tags: ['auth'],
        summary:
          'The signed-in user’s pending authorization. 404 when unknown, answered or expired; 403 when it is another user’s.',
        security: [{ bearerAuth: [] }],
        params: ssoAuthorizationParamsSchema,
        response: { 200: ssoAuthorizationResponseSchema, ...errorResponses },
      },
      config: perMinute(LIMITS_PER_MINUTE.user),
    },
    async (request, reply) => {
      const session = await requireSession(request, accessTokens);
      return orNotFound(
        reply,
        ssoService
          .authorizationFor(db, { userId: session.userId, authorizationId: request.params.authorizationId })
          .then((authorization) => ({ responseCode: '00' as const, authorization })),
      );
    },
  );

  app.post(
    '/sei/authorize/:authorizationId',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Approve or decline, once. Returns the relying party’s redirect URI with a one-time code (or error=access_denied) and its state.',
        security: [{ bearerAuth: [] }],
        params: ssoAuthorizationParamsSchema,
        body: ssoDecisionRequestSchema,
        response: { 200: ssoDecisionResponseSchema, ...errorResponses },
      },
      config: perMinute(LIMITS_PER_MINUTE.user),
    },
    async (request, reply) => {
      const session = await requireSession(request, accessTokens);
      return orNotFound(
        reply,
        ssoService
          .decideAuthorization(db, {
            userId: session.userId,
            authorizationId: request.params.authorizationId,
            decision: request.body.decision,
            ip: request.ip,
          })
          .then((answer) => ({ responseCode: '00' as const, ...answer })),
      );
    },
  );

  app.post(
    '/sei/token',
    {
      schema: {
        tags: ['auth'],
        summary:
          'The relying party’s server exchanges a code (once, within a minute) with its client secret, redirect URI and PKCE verifier; returns the user within the approved scopes.',
        body: ssoTokenRequestSchema,
        response: { 200: ssoTokenResponseSchema, ...errorResponses },
      },
      config: perMinute(LIMITS_PER_MINUTE.token),
    },
    async (request) => {
      const answer = await ssoService.exchangeCode(db, {
        subjectKey: options.subjectKey,
        clientId: request.body.clientId,
        clientSecret: request.body.clientSecret,
        code: request.body.code,
        redirectUri: request.body.redirectUri,
        codeVerifier: request.body.codeVerifier,
      });
      return { responseCode: '00' as const, ...answer };
    },
  );
  return Promise.resolve();
};
