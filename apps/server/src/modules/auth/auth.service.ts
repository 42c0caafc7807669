import { randomUUID } from 'node:crypto';
import type { AuthClient, AuthFlowType, TokenPair } from '@app/shared/api/auth';
import type { Database } from '../../db/client';
import type { LoginAttemptResult, RefreshRevokedReason } from '../../db/schema/auth';
import type { AccessTokens } from '../../platform/access-token';
import { recordAudit } from '../../platform/audit';
import type { DataCipher } from '../../platform/data-encryption';
import { errors } from '../../platform/errors';
import type { LiveChannel } from '../../platform/live-channel';
import type { Messaging } from '../../platform/messaging/messages';
import * as customersService from '../customers/customers.service';
import { newRandomToken, sha256Hex } from './auth-secrets';
import type { AuthTokens } from './auth-tokens';
import * as repository from './auth.repository';
import * as devicesRepository from './devices.repository';
import { verifyAgainstDummy, verifyPassword } from './password-hash';
import { ipAccessGuardOf } from '../security/ip-allow-list.service';

/**
 * Sessions of the auth domain (spec 000 §4, §7): the password step, opening a session, refresh-
 * token rotation, logout, and a linked device's own sign-in. Refresh tokens are opaque random
 * strings stored as SHA-256 hashes; each sign-in is one token family, and presenting a rotated
 * token again is treated as theft: the whole family dies (OAuth 2.0 Security BCP §4.14).
 * The second steps live beside this file: sign-in.ts (choosing and starting a flow),
 * code-exchange.ts, push-sign-in.ts, second-factors.ts, devices.service.ts.
 */
export interface AuthSettings {
  accessTokens: AccessTokens;
  /** Device tokens and the migration's set-up tokens. */
  authTokens: AuthTokens;
  refreshTokenTtlDays: number;
  loginRateLimit: { max: number; windowSeconds: number };
  /** Pushes and sign-in answers go out on it; ending a sign-in closes its sockets, on every process. */
  live: Pick<LiveChannel, 'publish' | 'endSession' | 'endSubject'>;
  messaging: Messaging;
  /** Encrypts TOTP secrets and approved push codes at rest. */
  cipher: DataCipher;
  /** Names the sender in codes and the issuer in authenticator apps; the deep-link scheme. */
  brand: string;
}

/** The settings out of a plugin's options, without what Fastify adds (a prefix must not reach nested plugins). */
export function authSettingsOf(options: AuthSettings): AuthSettings {
  return {
    accessTokens: options.accessTokens,
    authTokens: options.authTokens,
    refreshTokenTtlDays: options.refreshTokenTtlDays,
    loginRateLimit: options.loginRateLimit,
    live: options.live,
    messaging: options.messaging,
    cipher: options.cipher,
    brand: options.brand,
  };
}

/** Where a request came from, for the login history and the rate limits. */
export interface ClientOrigin {
  ip: string;
  userAgent: string | null;
}

/** Unknown e-mail and wrong password answer alike, so the answer does not reveal who has an account. */
const WRONG_CREDENTIALS = 'Incorrect e-mail or password.';

const inactiveUserText = {
  pending: 'Your account is not activated yet. Please follow the activation link we sent to your e-mail.',
  blocked: 'Your account is blocked. Please contact support.',
} as const;

function newRefreshToken(): { token: string; tokenHash: string } {
  const token = newRandomToken();
  return { token, tokenHash: sha256Hex(token) };
}

export type SignInUser = customersService.SignInUser;

/** The brand's name as users read it, for other domains' messages. */
export { brandNameOf } from './sent-codes';
/** "5 minutes", "20 de minute", "5 минут": for other domains' messages in the customer's language. */
export { minutesIn } from './sent-code-texts';
/** One argon2id parameter set for every password, whichever domain stores it. */
export { hashPassword } from './password-hash';

/**
 * The password step of every sign-in: the rate limit first, then the password (timed alike for
 * unknown users), then the account status. Failures are recorded and thrown; the caller records
 * what follows a correct password.
 */
export async function authenticatePassword(
  db: Database,
  settings: Pick<AuthSettings, 'loginRateLimit'>,
  params: { username: string; password: string; origin: ClientOrigin },
): Promise<SignInUser> {
  const { username, origin } = params;
  const user = await customersService.findSignInUserByEmail(db, { email: username });
  const record = (result: LoginAttemptResult) =>
    repository.insertLoginAttempt(db, {
      userId: user?.id ?? null,
      username,
      ip: origin.ip,
      userAgent: origin.userAgent,
      result,
    });

  // Checked before the password, so a limited caller learns nothing more, not even with the right one.
  const { max, windowSeconds } = settings.loginRateLimit;
  const failures = await repository.countRecentFailures(db, { username, ip: origin.ip, windowSeconds });
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
    user === null
      ? await verifyAgainstDummy(params.password)
      : await verifyPassword(user.passwordHash, params.password);
  if (user === null || !isPasswordCorrect) {
    await record(user === null ? 'unknownUser' : 'wrongPassword');
    throw errors.auth(WRONG_CREDENTIALS);
  }
  // Said only after a correct password: an inactive account is not revealed to a guesser.
  if (user.status !== 'active') {
    await record('blocked');
    throw errors.auth(inactiveUserText[user.status]);
  }
  return user;
}

export interface OpenedSession {
  userId: number;
  isAdmin: boolean;
  signInId: string;
  refreshToken: string;
}

/**
 * Opens a session (a sign-in row and the first refresh token of its family), records the
 * successful attempt and audits it. Runs in the caller's transaction; tokens are signed after it.
 */
export async function openSession(
  tx: Database,
  settings: Pick<AuthSettings, 'refreshTokenTtlDays'>,
  params: {
    user: Pick<SignInUser, 'id' | 'email' | 'isAdmin'>;
    client: AuthClient;
    flow: AuthFlowType;
    codeChallenge: string;
    origin: ClientOrigin;
  },
): Promise<OpenedSession> {
  const { user, origin } = params;
  const signInId = randomUUID();
  const refresh = newRefreshToken();
  await repository.insertSignIn(tx, {
    id: signInId,
    userId: user.id,
    client: params.client,
    flow: params.flow,
    codeChallenge: params.codeChallenge,
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
    username: user.email,
    ip: origin.ip,
    userAgent: origin.userAgent,
    result: 'success',
  });
  await recordAudit(tx, {
    actorUserId: user.id,
    customerId: null,
    action: 'auth.signIn',
    details: { signInId, client: params.client, flow: params.flow },
    ip: origin.ip,
  });
  return { userId: user.id, isAdmin: user.isAdmin, signInId, refreshToken: refresh.token };
}

export async function tokensOf(
  settings: Pick<AuthSettings, 'accessTokens'>,
  session: OpenedSession,
): Promise<TokenPair> {
  const accessToken = await settings.accessTokens.sign({
    userId: session.userId,
    sessionId: session.signInId,
    isAdmin: session.isAdmin,
  });
  return { accessToken, refreshToken: session.refreshToken, expiresIn: settings.accessTokens.ttlSeconds };
}

/**
 * POST /auth/token {secret}: a linked device signs in as itself. The answer is a device token, good
 * for the device endpoints and its socket only; the device exchanges its secret again when it expires.
 */
export async function signInDevice(
  db: Database,
  settings: Pick<AuthSettings, 'authTokens'>,
  params: { secret: string },
): Promise<{ deviceToken: string; deviceId: number; expiresIn: number }> {
  const device = await devicesRepository.touchActiveDeviceBySecret(db, { secretHash: sha256Hex(params.secret) });
  const user = device === null ? null : await customersService.findSignInUserById(db, { userId: device.userId });
  if (device === null || user?.status !== 'active') {
    throw errors.auth('This device is not linked (any more). Link it again from the app.');
  }
  const deviceToken = await settings.authTokens.signDevice({ userId: device.userId, deviceId: device.id });
  return { deviceToken, deviceId: device.id, expiresIn: settings.authTokens.deviceTtlSeconds };
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
  const tokenHash = sha256Hex(params.refreshToken);
  // The allow-list holds for renewing a session too; a refused renewal leaves the token as it was.
  const known = await repository.findRefreshTokenByHash(db, { tokenHash });
  if (known !== null) {
    await ipAccessGuardOf(db).assertUserAllowed({ userId: known.userId, ip: params.origin.ip, access: 'refresh' });
  }
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
  const tokenHash = sha256Hex(params.refreshToken);
  await db.transaction(async (tx) => {
    const token = await repository.findRefreshTokenByHash(tx, { tokenHash });
    if (token === null) return;
    await repository.revokeSignIn(tx, { signInId: token.familyId, reason: 'logout' });
    await settings.live.endSession(tx, token.familyId);
  });
}

/**
 * Ends every live session of the user, e.g. after a password change: the sign-ins, their refresh
 * tokens and their sockets, in the caller's transaction. Returns how many sign-ins ended.
 */
export async function endSessionsOfUser(
  tx: Database,
  settings: { live: Pick<LiveChannel, 'endSession'> },
  params: { userId: number; reason: RefreshRevokedReason },
): Promise<number> {
  const endedSignIns = await repository.revokeLiveSignInsOfUser(tx, params);
  for (const signInId of endedSignIns) await settings.live.endSession(tx, signInId);
  return endedSignIns.length;
}

/* Strong customer authentication of other domains' operations (spec 001 §4 "Approval of a transaction") */

export { maskEmail, maskPhone } from './auth-secrets';
/** A TOTP of the user's authenticator, claimed so the same code never approves twice. */
export { verifyUserTotp } from './second-factors';

export interface ApprovalFactors {
  /** The login e-mail: where an approval code goes when nothing stronger is set up. */
  email: string;
  /** E.164, when the user enrolled SMS. */
  smsPhone: string | null;
  hasTotp: boolean;
}

/** What the user can approve an operation with, besides their linked devices (devices.service.ts). */
export async function approvalFactorsOf(db: Database, params: { userId: number }): Promise<ApprovalFactors | null> {
  const user = await customersService.findSignInUserById(db, params);
  if (user === null) return null;
  const settings = await repository.findUserSettings(db, params);
  return {
    email: user.email,
    smsPhone: settings?.smsPhone ?? null,
    hasTotp: settings?.totpSecretEncrypted != null,
  };
}
