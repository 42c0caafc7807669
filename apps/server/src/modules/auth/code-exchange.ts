import {
  MAX_CODE_ATTEMPTS,
  ONE_TIME_CODE_PATTERN,
  type CodeExchangeRequest,
  type MigrationRequirement,
  type TokenPair,
} from '@app/shared/api/auth';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { errors } from '../../platform/errors';
import * as customersService from '../customers/customers.service';
import { isPkceVerifierOf, newRandomToken, sha256Hex } from './auth-secrets';
import type { SetupClaims } from './auth-tokens';
import * as repository from './auth.repository';
import * as loginRequestsRepository from './login-requests.repository';
import { openSession, tokensOf, type AuthSettings, type ClientOrigin, type OpenedSession } from './auth.service';
import * as devicesRepository from './devices.repository';
import { deviceSummaryOf, MAX_PUSH_DEVICES } from './push-sign-in';
import { consumeRecoveryCode, normaliseRecoveryCode } from './recovery-codes';
import { migrationAnswer, migrationStateOf, verifyUserTotp } from './second-factors';
import { ipAccessGuardOf } from '../security/ip-allow-list.service';
import { checkSentCode, forgetSentCode } from './sent-codes';

/**
 * POST /auth/token {code, codeVerifier, otp?}: the second half of every flow but simple. The code
 * is looked up by its hash and its row locked, so of two concurrent exchanges one wins. Rules:
 * - S256(codeVerifier) must equal the sign-in's challenge (constant time); a wrong verifier
 *   burns the code: whoever holds a code without its verifier stole it.
 * - single use, within SIGN_IN_CODE_TTL_SECONDS; a used code presented again revokes the
 *   session it opened (RFC 6749 §4.1.2: a code used twice means it leaked).
 * - otp, sms, verifyDevice also want the 6-digit code; the fifth wrong one locks the sign-in,
 *   and each counts towards the per-username sign-in limit.
 * Refusals that change state (a lock, a revocation, a counted failure) commit, hence outcomes
 * rather than throws inside the transaction.
 */

/** Trusted browsers (and phones) keep their verifyDevice secret this long. */
const TRUSTED_CLIENT_TTL_DAYS = 90;

const INVALID_CODE = 'This sign-in code is invalid or has expired. Please sign in again.';
const LOCKED = 'Too many incorrect codes. Please sign in again.';

type ExchangeOutcome =
  | { kind: 'session'; session: OpenedSession; trustSecret: string | undefined }
  | { kind: 'setup'; migration: MigrationRequirement; setup: SetupClaims }
  | { kind: 'refused'; description: string }
  | { kind: 'codeError'; message: string };

type SecondFactorCheck = 'valid' | 'wrong' | 'expired' | 'missing';

async function checkSecondFactor(
  tx: Database,
  settings: AuthSettings,
  request: loginRequestsRepository.LoginRequestRow,
  otp: string | undefined,
): Promise<SecondFactorCheck> {
  switch (request.flow) {
    case 'direct':
    case 'push':
      return 'valid';
    case 'otp':
    case 'sms':
    case 'verifyDevice': {
      const code = otp?.trim() ?? '';
      // A recovery code stands in for the authenticator when the phone is lost; each works once.
      if (request.flow === 'otp' && normaliseRecoveryCode(code) !== null) {
        return (await consumeRecoveryCode(tx, { userId: request.userId, code })) ? 'valid' : 'wrong';
      }
      // Not a guess: nothing is compared, nothing is counted.
      if (!ONE_TIME_CODE_PATTERN.test(code)) return 'missing';
      if (request.flow === 'otp') {
        return (await verifyUserTotp(tx, settings.cipher, { userId: request.userId, token: code })) === 'valid'
          ? 'valid'
          : 'wrong';
      }
      return checkSentCode(tx, { userId: request.userId, purpose: 'signIn', subjectKey: request.id }, code);
    }
  }
}

const codeErrorText: Record<Exclude<SecondFactorCheck, 'valid' | 'wrong'>, string> = {
  missing: 'Enter the 6-digit code.',
  expired: 'This code has expired. Ask for a new one.',
};

export async function exchangeCode(
  db: Database,
  settings: AuthSettings,
  params: { exchange: CodeExchangeRequest; origin: ClientOrigin },
): Promise<(TokenPair & { secret?: string }) | { migration: MigrationRequirement }> {
  const { exchange, origin } = params;
  // A code can be carried to another device (`/login?code=…`): the tokens go only to an address the
  // user's allow-list accepts. Checked before the exchange, so a refused code stays usable where allowed.
  const codeHash = sha256Hex(exchange.code);
  const codeUserId = await loginRequestsRepository.findLoginRequestUserIdByCodeHash(db, { codeHash });
  if (codeUserId !== null) {
    await ipAccessGuardOf(db).assertUserAllowed({ userId: codeUserId, ip: origin.ip, access: 'codeExchange' });
  }
  const outcome = await db.transaction(async (tx): Promise<ExchangeOutcome> => {
    const request = await loginRequestsRepository.lockLoginRequestByCodeHash(tx, { codeHash });
    if (request === null) return { kind: 'refused', description: INVALID_CODE };
    const lock = async (reason: string): Promise<void> => {
      await loginRequestsRepository.updateLoginRequest(tx, {
        id: request.id,
        set: { status: 'locked', pushCodeEncrypted: null },
      });
      await recordAudit(tx, {
        actorUserId: request.userId,
        customerId: null,
        action: 'auth.signInLocked',
        details: { loginRequestId: request.id, flow: request.flow, reason },
        ip: origin.ip,
      });
    };

    if (request.status === 'exchanged') {
      if (request.signInId !== null) {
        await repository.revokeSignIn(tx, { signInId: request.signInId, reason: 'reuse' });
        await settings.live.endSession(tx, request.signInId);
      }
      await recordAudit(tx, {
        actorUserId: request.userId,
        customerId: null,
        action: 'auth.signInCodeReused',
        details: { loginRequestId: request.id, signInId: request.signInId },
        ip: origin.ip,
      });
      return { kind: 'refused', description: INVALID_CODE };
    }
    if (request.status !== 'ready') {
      return { kind: 'refused', description: request.status === 'locked' ? LOCKED : INVALID_CODE };
    }
    if (request.isExpired) {
      await loginRequestsRepository.updateLoginRequest(tx, {
        id: request.id,
        set: { status: 'expired', pushCodeEncrypted: null },
      });
      return { kind: 'refused', description: INVALID_CODE };
    }
    if (!isPkceVerifierOf(request.codeChallenge, exchange.codeVerifier)) {
      await lock('wrongVerifier');
      return { kind: 'refused', description: INVALID_CODE };
    }
    // The device that made the sign-in direct was removed since: its possession proves nothing now.
    if (request.flow === 'direct' && request.deviceId === null) {
      await lock('deviceRemoved');
      return { kind: 'refused', description: INVALID_CODE };
    }
    const user = await customersService.findSignInUserById(tx, { userId: request.userId });
    if (user?.status !== 'active') {
      await lock('userInactive');
      return { kind: 'refused', description: INVALID_CODE };
    }

    const check = await checkSecondFactor(tx, settings, request, exchange.otp);
    if (check === 'missing' || check === 'expired') return { kind: 'codeError', message: codeErrorText[check] };
    if (check === 'wrong') {
      const failures = await loginRequestsRepository.incrementLoginRequestFailures(tx, { id: request.id });
      await repository.insertLoginAttempt(tx, {
        userId: user.id,
        username: user.email,
        ip: origin.ip,
        userAgent: origin.userAgent,
        result: 'wrongCode',
      });
      if (failures >= MAX_CODE_ATTEMPTS) {
        await lock('tooManyCodes');
        return { kind: 'refused', description: LOCKED };
      }
      const attemptsLeft = MAX_CODE_ATTEMPTS - failures;
      return {
        kind: 'codeError',
        message: `The code is incorrect. Attempts left: ${attemptsLeft}.`,
      };
    }

    if (request.flow === 'sms' || request.flow === 'verifyDevice') {
      await forgetSentCode(tx, { purpose: 'signIn', subjectKey: request.id });
    }
    const exchanged = { status: 'exchanged' as const, exchangedAt: new Date(), pushCodeEncrypted: null };
    const migrationState = migrationStateOf(
      await repository.findUserSettings(tx, { userId: user.id }),
      user.login2faMode,
      Date.now(),
    );
    if (migrationState?.req === 'strict') {
      await loginRequestsRepository.updateLoginRequest(tx, { id: request.id, set: exchanged });
      const devices = await devicesRepository.listActiveDevices(tx, { userId: user.id, limit: MAX_PUSH_DEVICES });
      return {
        kind: 'setup',
        migration: migrationAnswer(migrationState, devices.map(deviceSummaryOf)),
        setup: { userId: user.id, client: request.client, codeChallenge: request.codeChallenge },
      };
    }

    const session = await openSession(tx, settings, {
      user,
      client: request.client,
      flow: request.flow,
      codeChallenge: request.codeChallenge,
      origin,
    });
    await loginRequestsRepository.updateLoginRequest(tx, {
      id: request.id,
      set: { ...exchanged, signInId: session.signInId },
    });
    let trustSecret: string | undefined;
    if (request.flow === 'verifyDevice') {
      trustSecret = newRandomToken();
      await repository.insertTrustedBrowser(tx, {
        userId: user.id,
        secretHash: sha256Hex(trustSecret),
        userAgent: origin.userAgent,
        ip: origin.ip,
        ttlDays: TRUSTED_CLIENT_TTL_DAYS,
      });
      await recordAudit(tx, {
        actorUserId: user.id,
        customerId: null,
        action: 'auth.browserTrusted',
        details: { signInId: session.signInId, client: request.client },
        ip: origin.ip,
      });
    }
    return { kind: 'session', session, trustSecret };
  });

  switch (outcome.kind) {
    case 'refused':
      throw errors.auth(outcome.description);
    case 'codeError':
      throw errors.validation([{ field: 'otp', message: outcome.message }]);
    case 'setup':
      return {
        migration: { ...outcome.migration, tmpJwt: await settings.authTokens.signSetup(outcome.setup) },
      };
    case 'session': {
      const tokens = await tokensOf(settings, outcome.session);
      return outcome.trustSecret === undefined ? tokens : { ...tokens, secret: outcome.trustSecret };
    }
  }
}
