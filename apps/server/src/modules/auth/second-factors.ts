import { randomUUID } from 'node:crypto';
import {
  MAX_CODE_ATTEMPTS,
  ONE_TIME_CODE_PATTERN,
  type MigrationRequirement,
  type MigrationStrategy,
} from '@app/shared/api/auth';
import type { Login2faMode } from '@app/shared/api/customers';
import type { DeviceSummary } from '@app/shared/api/devices';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import type { DataCipher } from '../../platform/data-encryption';
import { errors } from '../../platform/errors';
import * as customersService from '../customers/customers.service';
import { recordSecurityChange } from '../security/two-step-notice.service';
import * as repository from './auth.repository';
import { replaceRecoveryCodes } from './recovery-codes';
import { brandNameOf } from './sent-codes';
import { checkTotp, newTotpSecret, totpUri } from './totp';

/**
 * The user's second factors beyond devices: the authenticator app (TOTP) and the two-factor
 * migration (spec 000 §4). TOTP secrets are encrypted at rest, bound to their user.
 */
export const TOTP_ENROLMENT_TTL_SECONDS = 600;
const DAY_MS = 86_400_000;

const totpContextOf = (userId: number) => `totp:${userId}`;

const pendingEnrolmentCleared = {
  totpPendingSecretEncrypted: null,
  totpPendingRequestId: null,
  totpPendingExpiresAt: null,
  totpPendingFailedAttempts: 0,
};

/**
 * Whether the TOTP is right for the user now, claiming its time step so the same code never works
 * twice. 'unavailable': the user has no authenticator enrolled.
 */
export async function verifyUserTotp(
  db: Database,
  cipher: DataCipher,
  params: { userId: number; token: string },
): Promise<'valid' | 'wrong' | 'unavailable'> {
  const settings = await repository.findUserSettings(db, { userId: params.userId });
  if (settings?.totpSecretEncrypted == null) return 'unavailable';
  const check = await checkTotp({
    secret: cipher.decrypt(settings.totpSecretEncrypted, totpContextOf(params.userId)),
    token: params.token,
    lastUsedStep: settings.totpLastUsedStep,
    nowMs: Date.now(),
  });
  if (!check.isValid) return 'wrong';
  return (await repository.claimTotpStep(db, { userId: params.userId, timeStep: check.timeStep })) ? 'valid' : 'wrong';
}

export interface MigrationState {
  req: Exclude<MigrationRequirement['req'], 'none'>;
  daysLeft: number;
  strat: MigrationStrategy;
}

/**
 * The migration the user is under now, or null. `enable` is met once any second factor is on;
 * `migrate` once the factor is no longer SMS. A soft requirement whose deadline passed is strict.
 */
export function migrationStateOf(
  settings: Pick<
    repository.AuthUserSettingsRow,
    'twoFactorRequirement' | 'twoFactorStrategy' | 'twoFactorDeadlineAt'
  > | null,
  login2faMode: Login2faMode,
  nowMs: number,
): MigrationState | null {
  if (settings?.twoFactorRequirement == null || settings.twoFactorStrategy === null) return null;
  const strat = settings.twoFactorStrategy;
  const isMet = strat === 'enable' ? login2faMode !== 'no' : login2faMode === 'otp' || login2faMode === 'push';
  if (isMet) return null;
  const deadline = settings.twoFactorDeadlineAt?.getTime();
  if (settings.twoFactorRequirement === 'soft' && (deadline === undefined || deadline > nowMs)) {
    return { req: 'soft', daysLeft: deadline === undefined ? 0 : Math.ceil((deadline - nowMs) / DAY_MS), strat };
  }
  return { req: 'strict', daysLeft: 0, strat };
}

/** Whether the user is under a strict requirement now (and active): what a set-up token needs. */
export async function isStrictlyRequired(db: Database, params: { userId: number }): Promise<boolean> {
  const user = await customersService.findSignInUserById(db, params);
  if (user?.status !== 'active') return false;
  const settings = await repository.findUserSettings(db, params);
  return migrationStateOf(settings, user.login2faMode, Date.now())?.req === 'strict';
}

export function migrationAnswer(
  state: MigrationState,
  devices: DeviceSummary[],
  tmpJwt?: string,
): MigrationRequirement {
  return { ...state, devices, ...(tmpJwt === undefined ? {} : { tmpJwt }) };
}

export interface TotpEnrolment {
  reqId: string;
  secret: string;
  otpauthUrl: string;
  expiresInSeconds: number;
}

/** A new authenticator secret, kept pending (encrypted) until a code from it confirms it. */
export async function startTotpEnrolment(
  db: Database,
  params: { cipher: DataCipher; brand: string; userId: number; email: string; ip: string },
): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  const reqId = randomUUID();
  await db.transaction(async (tx) => {
    await repository.upsertUserSettings(tx, {
      userId: params.userId,
      set: {
        totpPendingSecretEncrypted: params.cipher.encrypt(secret, `totpPending:${params.userId}:${reqId}`),
        totpPendingRequestId: reqId,
        totpPendingExpiresAt: new Date(Date.now() + TOTP_ENROLMENT_TTL_SECONDS * 1000),
        totpPendingFailedAttempts: 0,
      },
    });
    await recordAudit(tx, {
      actorUserId: params.userId,
      customerId: null,
      action: 'auth.factorEnrolmentStarted',
      details: { mode: 'otp', reqId },
      ip: params.ip,
    });
  });
  return {
    reqId,
    secret,
    otpauthUrl: totpUri({ issuer: brandNameOf(params.brand), label: params.email, secret }),
    expiresInSeconds: TOTP_ENROLMENT_TTL_SECONDS,
  };
}

/**
 * Confirms the pending enrolment with a code from the new secret: the secret becomes the user's,
 * login2faMode becomes otp and a migration requirement is met. The confirming code's step is
 * claimed, so it cannot also sign in. Five wrong codes end the enrolment.
 */
export async function confirmTotpEnrolment(
  db: Database,
  params: { cipher: DataCipher; userId: number; reqId: string; code: string; ip: string },
): Promise<{ recoveryCodes: string[] }> {
  if (!ONE_TIME_CODE_PATTERN.test(params.code)) {
    throw errors.validation([{ field: 'code', message: 'Enter the 6-digit code from your authenticator app.' }]);
  }
  let recoveryCodes: string[] = [];
  const outcome = await db.transaction(async (tx): Promise<'enabled' | 'wrong' | 'ended' | 'unknown'> => {
    const settings = await repository.findUserSettings(tx, { userId: params.userId });
    if (
      settings?.totpPendingRequestId !== params.reqId ||
      settings.totpPendingSecretEncrypted === null ||
      (settings.totpPendingExpiresAt?.getTime() ?? 0) <= Date.now()
    ) {
      return 'unknown';
    }
    const secret = params.cipher.decrypt(
      settings.totpPendingSecretEncrypted,
      `totpPending:${params.userId}:${params.reqId}`,
    );
    const check = await checkTotp({ secret, token: params.code, lastUsedStep: null, nowMs: Date.now() });
    if (!check.isValid) {
      const failures = await repository.incrementEnrolmentFailures(tx, { userId: params.userId });
      if (failures < MAX_CODE_ATTEMPTS) return 'wrong';
      await repository.upsertUserSettings(tx, { userId: params.userId, set: pendingEnrolmentCleared });
      return 'ended';
    }
    await repository.upsertUserSettings(tx, {
      userId: params.userId,
      set: {
        ...pendingEnrolmentCleared,
        totpSecretEncrypted: params.cipher.encrypt(secret, totpContextOf(params.userId)),
        totpLastUsedStep: check.timeStep,
        twoFactorRequirement: null,
        twoFactorStrategy: null,
        twoFactorDeadlineAt: null,
      },
    });
    await customersService.setLogin2faMode(tx, { userId: params.userId, mode: 'otp' });
    recoveryCodes = await replaceRecoveryCodes(tx, { userId: params.userId });
    await recordSecurityChange(tx, {
      actorUserId: params.userId,
      customerId: null,
      action: 'security.twoStepChanged',
      details: { target: 'signIn', mode: 'otp', reqId: params.reqId },
      ip: params.ip,
    });
    return 'enabled';
  });
  if (outcome === 'unknown') throw errors.invalidParams('This set-up request has ended. Please start again.');
  if (outcome === 'wrong') {
    throw errors.validation([{ field: 'code', message: 'The code is incorrect. Check the time on your phone.' }]);
  }
  if (outcome === 'ended') throw errors.invalidParams('Too many incorrect codes. Please start the set-up again.');
  return { recoveryCodes };
}

export interface SignInConfiguration {
  userId: number;
  /** Base32; stored encrypted. */
  totpSecret?: string;
  /** E.164. */
  smsPhone?: string;
  isNewDeviceVerificationRequired?: boolean;
  migration?: { req: 'soft' | 'strict'; strat: MigrationStrategy; deadlineAt: Date | null };
}

/**
 * Sets a user's sign-in material at once, for the demo seed and administrative set-up (the user's
 * own enrolment goes through startTotpEnrolment). The login2faMode is the customers domain's.
 */
export async function configureSignIn(db: Database, cipher: DataCipher, params: SignInConfiguration): Promise<void> {
  await repository.upsertUserSettings(db, {
    userId: params.userId,
    set: {
      ...(params.totpSecret === undefined
        ? {}
        : { totpSecretEncrypted: cipher.encrypt(params.totpSecret, totpContextOf(params.userId)) }),
      ...(params.smsPhone === undefined ? {} : { smsPhone: params.smsPhone }),
      ...(params.isNewDeviceVerificationRequired === undefined
        ? {}
        : { isNewDeviceVerificationRequired: params.isNewDeviceVerificationRequired }),
      ...(params.migration === undefined
        ? {}
        : {
            twoFactorRequirement: params.migration.req,
            twoFactorStrategy: params.migration.strat,
            twoFactorDeadlineAt: params.migration.deadlineAt,
          }),
    },
  });
}
