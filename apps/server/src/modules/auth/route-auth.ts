import { authErrorResponseSchema } from '@app/shared/api/auth';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { bearerTokenOf, type AccessTokens, type Session } from '../../platform/access-token';
import { errors } from '../../platform/errors';
import { assertSessionAddressAllowed } from '../security/ip-allow-list.service';
import type { AuthTokens, SetupClaims } from './auth-tokens';
import type { ClientOrigin } from './auth.service';
import * as devicesRepository from './devices.repository';
import { isStrictlyRequired } from './second-factors';
import type { DeviceActor } from './push-sign-in';

/**
 * Who calls an auth-service route, from `Authorization: Bearer`. Three kinds of caller, each
 * accepted only where it belongs: a user's access token (device management), a device token (the
 * device's own endpoints), and the migration's set-up token (enabling a factor).
 */
export const authErrorResponses = {
  400: authErrorResponseSchema,
  401: authErrorResponseSchema,
  403: authErrorResponseSchema,
  429: authErrorResponseSchema,
};

const USER_AGENT_MAX_LENGTH = 512;

export function originOf(request: FastifyRequest): ClientOrigin {
  const userAgent = request.headers['user-agent'];
  // request.ip honours X-Forwarded-For only from the configured trusted proxies (app.ts).
  return { ip: request.ip, userAgent: userAgent === undefined ? null : userAgent.slice(0, USER_AGENT_MAX_LENGTH) };
}

function bearerOf(request: FastifyRequest): string {
  const token = bearerTokenOf(request.headers.authorization);
  if (token === undefined) throw errors.auth('Please sign in to continue.');
  return token;
}

export async function requireSession(request: FastifyRequest, accessTokens: AccessTokens): Promise<Session> {
  const session = await accessTokens.verify(bearerOf(request));
  if (session === null) throw errors.auth();
  await assertSessionAddressAllowed(request, session);
  return session;
}

/** A device token of an active device; a removed device's token stops working at once. */
export async function requireDevice(
  db: Database,
  request: FastifyRequest,
  authTokens: AuthTokens,
): Promise<DeviceActor> {
  const claims = await authTokens.verifyDevice(bearerOf(request));
  const device = claims === null ? null : await devicesRepository.touchActiveDevice(db, claims);
  if (device === null) throw errors.auth('This device is not linked (any more). Link it again from the app.');
  return { userId: device.userId, deviceId: device.id };
}

export interface EnrolmentActor {
  userId: number;
  /** The session, when the caller holds one (security settings). */
  session: Session | null;
  /** Present when the caller holds a set-up token instead of a session: enabling opens the session. */
  setup: SetupClaims | null;
}

/**
 * A session, or the migration's set-up token while the user is still under a strict requirement:
 * once a factor is enabled the token has nothing left to allow, so a replay cannot enrol again.
 */
export async function requireSessionOrSetup(
  db: Database,
  request: FastifyRequest,
  tokens: { accessTokens: AccessTokens; authTokens: AuthTokens },
): Promise<EnrolmentActor> {
  const token = bearerOf(request);
  const session = await tokens.accessTokens.verify(token);
  if (session !== null) {
    await assertSessionAddressAllowed(request, session);
    return { userId: session.userId, session, setup: null };
  }
  const setup = await tokens.authTokens.verifySetup(token);
  if (setup === null || !(await isStrictlyRequired(db, { userId: setup.userId }))) throw errors.auth();
  return { userId: setup.userId, session: null, setup };
}
