import { randomUUID } from 'node:crypto';
import {
  MAX_REGISTRATION_CODE_ATTEMPTS,
  PASSWORD_RESET_CODE_TTL_MINUTES,
  PASSWORD_RESET_TOKEN_TTL_MINUTES,
} from '@app/shared/api/registration';
import type { Language } from '@app/shared/constants';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { errors } from '../../platform/errors';
import { brandNameOf, endSessionsOfUser } from '../auth/auth.service';
import * as customersService from '../customers/customers.service';
import type { ActivationMailContext } from './activation';
import { assertAcceptablePassword, hashNewPassword } from './new-password';
import { countPublicRequest, PUBLIC_REQUEST_LIMITS } from './public-request-limits';
import { registrationMailsIn } from './registration-mails';
import { codeHashOf, isSameSecret, newLinkToken, newSixDigitCode, sha256Hex } from './registration-secrets';
import * as repository from './registration.repository';

/**
 * Password reset (spec 001 §7 "Other"): request → a six-digit code by e-mail → code check → the new
 * password. The request answers alike whether the e-mail has an account, and counts against the
 * same limits either way. A right code yields a short-lived reset token; completing the reset sets
 * the password and ends every session and refresh token of the user.
 */
export interface PasswordResetContext extends Pick<ActivationMailContext, 'messaging' | 'log'> {
  /** Ends the live sockets of the sessions the reset ends. */
  live: { endSession(db: Database, sessionId: string): Promise<void> };
  /** The deployment's brand, for users who registered under none. */
  brand: string;
}

export interface RequestOrigin {
  ip: string;
  language: Language;
}

const RESET_TEXT = {
  wrong: (attemptsLeft: number) =>
    attemptsLeft > 0
      ? `This code is not right. Tries left: ${attemptsLeft}.`
      : 'Too many wrong codes. Request a new code.',
  locked: 'Too many wrong codes. Request a new code.',
  expired: 'This code has expired. Request a new code.',
  tokenExpired: 'This password reset has expired. Please start again.',
} as const;

async function brandOf(db: Database, userId: number, fallback: string): Promise<string> {
  return (await repository.findRegistrationProfile(db, { userId }))?.brand ?? fallback;
}

export async function requestPasswordReset(
  db: Database,
  context: PasswordResetContext,
  params: { email: string; origin: RequestOrigin },
): Promise<{ codeExpiresInSeconds: number }> {
  const { email, origin } = params;
  await countPublicRequest(db, PUBLIC_REQUEST_LIMITS.passwordResetPerIp, { ip: origin.ip });
  await countPublicRequest(db, PUBLIC_REQUEST_LIMITS.passwordResetPerEmail, { email });
  const user = await customersService.findSignInUserByEmail(db, { email });
  // Only an active account can reset: a pending one activates first, a blocked one asks support.
  const eligibleUserId = user?.status === 'active' ? user.id : null;
  const resetId = randomUUID();
  const code = newSixDigitCode();
  await db.transaction(async (tx) => {
    await repository.supersedeOpenResets(tx, { email });
    await repository.insertPasswordReset(tx, {
      id: resetId,
      email,
      userId: eligibleUserId,
      codeHash: eligibleUserId === null ? null : codeHashOf(`reset:${resetId}`, code),
      codeTtlMinutes: PASSWORD_RESET_CODE_TTL_MINUTES,
      ip: origin.ip,
    });
    if (eligibleUserId !== null) {
      await recordAudit(tx, {
        actorUserId: eligibleUserId,
        customerId: null,
        action: 'registration.passwordResetRequested',
        ip: origin.ip,
      });
    }
  });
  if (eligibleUserId !== null) {
    const brand = brandNameOf(await brandOf(db, eligibleUserId, context.brand));
    const mail = registrationMailsIn(origin.language).passwordResetCode({
      brand,
      code,
      minutes: PASSWORD_RESET_CODE_TTL_MINUTES,
    });
    try {
      await context.messaging.mail.send({ to: email, ...mail });
    } catch (error) {
      // The same answer either way: a failure here must not tell a caller that the e-mail has an account.
      context.log.error({ err: error }, 'password reset mail could not be sent');
    }
  }
  return { codeExpiresInSeconds: PASSWORD_RESET_CODE_TTL_MINUTES * 60 };
}

type CodeCheckOutcome = { kind: 'valid'; resetToken: string } | { kind: 'refused'; message: string };

export async function checkPasswordResetCode(
  db: Database,
  params: { email: string; code: string; ip: string },
): Promise<{ resetToken: string; tokenExpiresInSeconds: number }> {
  await countPublicRequest(db, PUBLIC_REQUEST_LIMITS.passwordResetCodePerIp, { ip: params.ip });
  const outcome = await db.transaction(async (tx): Promise<CodeCheckOutcome> => {
    const reset = await repository.lockOpenReset(tx, { email: params.email });
    // An unknown e-mail has a reset without a code: every code is wrong for it, and said so alike.
    if (reset === null) return { kind: 'refused', message: RESET_TEXT.wrong(MAX_REGISTRATION_CODE_ATTEMPTS) };
    if (reset.failedAttempts >= MAX_REGISTRATION_CODE_ATTEMPTS) return { kind: 'refused', message: RESET_TEXT.locked };
    if (reset.isCodeExpired) return { kind: 'refused', message: RESET_TEXT.expired };
    const isRight =
      reset.codeHash !== null && isSameSecret(reset.codeHash, codeHashOf(`reset:${reset.id}`, params.code));
    if (!isRight) {
      const failures = await repository.incrementResetFailures(tx, { id: reset.id });
      return { kind: 'refused', message: RESET_TEXT.wrong(Math.max(0, MAX_REGISTRATION_CODE_ATTEMPTS - failures)) };
    }
    const resetToken = newLinkToken();
    await repository.markResetCodeVerified(tx, {
      id: reset.id,
      resetTokenHash: sha256Hex(resetToken),
      tokenTtlMinutes: PASSWORD_RESET_TOKEN_TTL_MINUTES,
    });
    return { kind: 'valid', resetToken };
  });
  if (outcome.kind === 'refused') throw errors.validation([{ field: 'code', message: outcome.message }]);
  return { resetToken: outcome.resetToken, tokenExpiresInSeconds: PASSWORD_RESET_TOKEN_TTL_MINUTES * 60 };
}

function tokenExpired(): Error {
  return errors.validation([{ field: 'resetToken', message: RESET_TEXT.tokenExpired }]);
}

/**
 * Sets the new password and ends every session of the user, in one transaction. The password is
 * checked and hashed first, outside it, so no row stays locked while argon2 works; the reset is
 * then locked and checked again, so of two completions with one token exactly one succeeds.
 */
export async function completePasswordReset(
  db: Database,
  context: PasswordResetContext,
  params: { resetToken: string; password: string; origin: RequestOrigin },
): Promise<{ login: string }> {
  await countPublicRequest(db, PUBLIC_REQUEST_LIMITS.passwordResetCodePerIp, { ip: params.origin.ip });
  const resetTokenHash = sha256Hex(params.resetToken);
  const preview = await repository.findResetByToken(db, { resetTokenHash, forUpdate: false });
  if (
    preview?.userId == null ||
    preview.completedAt !== null ||
    preview.supersededAt !== null ||
    preview.isTokenExpired
  ) {
    throw tokenExpired();
  }
  const userId = preview.userId;
  const facts = await customersService.accountFactsOf(db, { userId });
  if (facts?.status !== 'active') throw tokenExpired();
  const brand = await brandOf(db, userId, context.brand);
  await assertAcceptablePassword(params.password, [facts.email, facts.firstName, facts.lastName, brandNameOf(brand)]);
  const passwordHash = await hashNewPassword(params.password);

  const isCompleted = await db.transaction(async (tx) => {
    const reset = await repository.findResetByToken(tx, { resetTokenHash, forUpdate: true });
    if (reset === null || reset.completedAt !== null || reset.supersededAt !== null || reset.isTokenExpired) {
      return false;
    }
    await customersService.setUserPassword(tx, { userId, passwordHash });
    await repository.markResetCompleted(tx, { id: reset.id });
    const endedSessions = await endSessionsOfUser(tx, context, { userId, reason: 'password-change' });
    await recordAudit(tx, {
      actorUserId: userId,
      customerId: facts.customer?.id ?? null,
      action: 'registration.passwordReset',
      details: { endedSessions },
      ip: params.origin.ip,
    });
    return true;
  });
  if (!isCompleted) throw tokenExpired();

  const mail = registrationMailsIn(params.origin.language).passwordChanged({ brand: brandNameOf(brand) });
  try {
    await context.messaging.mail.send({ to: facts.email, ...mail });
  } catch (error) {
    context.log.error({ err: error }, 'password change notice could not be sent');
  }
  return { login: facts.email };
}
