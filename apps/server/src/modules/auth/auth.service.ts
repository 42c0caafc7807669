import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AuthFlow, LoginRequest, TokenPair } from '@app/shared/api/auth';
import type { Database } from '../../db/client';
import type { LoginAttemptResult } from '../../db/schema/auth';
import type { AccessTokens } from '../../platform/access-token';
import type { LiveChannel } from '../../platform/live-channel';
import { errors } from '../../platform/errors';
import * as customersService from '../customers/customers.service';
import * as repository from './auth.repository';
import { verifyAgainstDummy, verifyPassword } from './password-hash';

/**
 * Sign-in, refresh-token rotation and logout (spec 000 §4, §7). Refresh tokens are opaque random
 * strings stored as SHA-256 hashes; each sign-in is one token family, and presenting a rotated
 * token again is treated as theft: the whole family dies (OAuth 2.0 Security BCP §4.14).
 */
export interface AuthSettings {
  accessTokens: AccessTokens;
  refreshTokenTtlDays: number;
  loginRateLimit: { max: number; windowSeconds: number };
  /** Ending a sign-in also closes its live sockets, on every process. */
  live: Pick<LiveChannel, 'endSession'>;
}

/** Where a request came from, for the login history and the rate limits. */
export interface ClientOrigin {
  ip: string;
  userAgent: string | null;
}

/** Unknown e-mail and wrong password answer alike, so the answer does not reveal who has an account. */
const WRONG_CREDENTIALS = 'Incorrect e-mail or password.';
const REFRESH_TOKEN_BYTES = 32;

const inactiveUserText = {
  pending: 'Your account is not activated yet. Please follow the activation link we sent to your e-mail.',
  blocked: 'Your account is blocked. Please contact support.',
} as const;

function newRefreshToken(): { token: string; tokenHash: string } {
  const token = randomBytes(REFRESH_TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashRefreshToken(token) };
}

function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function signIn(
  db: Database,
  settings: AuthSettings,
  params: { login: LoginRequest; origin: ClientOrigin },
): Promise<AuthFlow> {
  const { login, origin } = params;
  const user = await customersService.findSignInUserByEmail(db, { email: login.username });
  const record = (result: LoginAttemptResult) =>
    repository.insertLoginAttempt(db, {
      userId: user?.id ?? null,
      username: login.username,
      ip: origin.ip,
      userAgent: origin.userAgent,
      result,
    });

  // Checked before the password, so a limited caller learns nothing more, not even with the right one.
  const { max, windowSeconds } = settings.loginRateLimit;
  const failures = await repository.countRecentFailures(db, { username: login.username, ip: origin.ip, windowSeconds });
  if (failures.byUsername >= max || failures.byIp >= max) {
    await record('rateLimited');
    throw errors.rateLimited(
      Math.max(
        failures.byUsername >= max ? failures.usernameRetryAfterSeconds : 0,
        failures.byIp >= max ? failures.ipRetryAfterSeconds : 0,
      ),
    );
  }

  const isPasswordCorrect =
    user === null ? await verifyAgainstDummy(login.password) : await verifyPassword(user.passwordHash, login.password);
  if (user === null || !isPasswordCorrect) {
    await record(user === null ? 'unknownUser' : 'wrongPassword');
    throw errors.auth(WRONG_CREDENTIALS);
  }
  // Said only after a correct password: an inactive account is not revealed to a guesser.
  if (user.status !== 'active') {
    await record('blocked');
    throw errors.auth(inactiveUserText[user.status]);
  }

  const signInId = randomUUID();
  const refresh = newRefreshToken();
  await db.transaction(async (tx) => {
    await repository.insertSignIn(tx, {
      id: signInId,
      userId: user.id,
      client: login.client,
      flow: 'simple',
      codeChallenge: login.codeChallenge,
      codeChallengeMethod: 'S256',
      ip: origin.ip,
      userAgent: origin.userAgent,
    });
    await repository.insertRefreshToken(tx, {
      familyId: signInId,
      userId: user.id,
      tokenHash: refresh.tokenHash,
      ttlDays: settings.refreshTokenTtlDays,
      ip: origin.ip,
      userAgent: origin.userAgent,
    });
    await repository.insertLoginAttempt(tx, {
      userId: user.id,
      username: login.username,
      ip: origin.ip,
      userAgent: origin.userAgent,
      result: 'success',
    });
  });
  const accessToken = await settings.accessTokens.sign({ userId: user.id, sessionId: signInId, isAdmin: user.isAdmin });
  return { type: 'simple', accessToken, refreshToken: refresh.token, expiresIn: settings.accessTokens.ttlSeconds };
}

/** A sign-in whose body was refused still belongs in the login history. */
export async function recordMalformedSignIn(
  db: Database,
  params: { username: string; origin: ClientOrigin },
): Promise<void> {
  await repository.insertLoginAttempt(db, {
    userId: null,
    username: params.username,
    ip: params.origin.ip,
    userAgent: params.origin.userAgent,
    result: 'badRequest',
  });
}

type RotationOutcome =
  { kind: 'rotated'; userId: number; signInId: string; isAdmin: boolean; refreshToken: string } | { kind: 'refused' };

/**
 * Rotates a refresh token. The sign-in row is locked first, then the token passes the
 * `rotated_at IS NULL` gate: of two concurrent uses exactly one rotates; the other finds the token
 * rotated, which is reuse, and ends the family. Refusals that revoke still commit, hence the
 * outcome value instead of a throw inside the transaction.
 */
export async function refreshSession(
  db: Database,
  settings: AuthSettings,
  params: { refreshToken: string; origin: ClientOrigin },
): Promise<TokenPair> {
  const tokenHash = hashRefreshToken(params.refreshToken);
  const outcome = await db.transaction(async (tx): Promise<RotationOutcome> => {
    const presented = await repository.findRefreshTokenByHash(tx, { tokenHash });
    if (presented === null) return { kind: 'refused' };
    const signIn = await repository.lockLiveSignIn(tx, { signInId: presented.familyId });
    if (signIn === null) return { kind: 'refused' };
    if (!(await repository.markRefreshTokenRotated(tx, { tokenId: presented.id }))) {
      // Read again under the lock: an earlier read may predate a concurrent rotation.
      const current = await repository.findRefreshTokenByHash(tx, { tokenHash });
      if (current !== null && current.rotatedAt !== null && current.revokedAt === null) {
        await repository.revokeSignIn(tx, { signInId: presented.familyId, reason: 'reuse' });
        await settings.live.endSession(tx, presented.familyId);
      }
      return { kind: 'refused' };
    }
    const user = await customersService.findSignInUserById(tx, { userId: signIn.userId });
    if (user?.status !== 'active') {
      await repository.revokeSignIn(tx, { signInId: presented.familyId, reason: 'user-inactive' });
      await settings.live.endSession(tx, presented.familyId);
      return { kind: 'refused' };
    }
    const successor = newRefreshToken();
    await repository.insertRefreshToken(tx, {
      familyId: presented.familyId,
      userId: user.id,
      tokenHash: successor.tokenHash,
      ttlDays: settings.refreshTokenTtlDays,
      ip: params.origin.ip,
      userAgent: params.origin.userAgent,
    });
    return {
      kind: 'rotated',
      userId: user.id,
      signInId: presented.familyId,
      isAdmin: user.isAdmin,
      refreshToken: successor.token,
    };
  });
  if (outcome.kind === 'refused') throw errors.auth();
  const accessToken = await settings.accessTokens.sign({
    userId: outcome.userId,
    sessionId: outcome.signInId,
    isAdmin: outcome.isAdmin,
  });
  return { accessToken, refreshToken: outcome.refreshToken, expiresIn: settings.accessTokens.ttlSeconds };
}

/** Ends the sign-in the token belongs to. Unknown or already ended tokens change nothing and say nothing. */
export async function signOut(
  db: Database,
  settings: Pick<AuthSettings, 'live'>,
  params: { refreshToken: string },
): Promise<void> {
  const tokenHash = hashRefreshToken(params.refreshToken);
  await db.transaction(async (tx) => {
    const token = await repository.findRefreshTokenByHash(tx, { tokenHash });
    if (token === null) return;
    await repository.revokeSignIn(tx, { signInId: token.familyId, reason: 'logout' });
    await settings.live.endSession(tx, token.familyId);
  });
}
