import { randomUUID } from 'node:crypto';
import { MAX_CODE_ATTEMPTS, SENT_CODE_TTL_SECONDS } from '@app/shared/api/auth';
import { CONFIRMATION_CANCELED_NOTICE, PASSWORD_UPDATED_NOTICE } from '@app/shared/api/security-settings';
import type { Language } from '@app/shared/constants';
import { checkPassword, PASSWORD_PROBLEM_TEXT, personalInputsOf } from '@app/shared/validation/password';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passwordChangeRequests, type PasswordChangeStatus } from '../../db/schema/security-factors';
import type { Session } from '../../platform/access-token';
import { errors } from '../../platform/errors';
import * as customersService from '../customers/customers.service';
import { recordSecurityChange, sendSecurityChangeMail } from '../security/two-step-notice.service';
import { maskEmail } from './auth-secrets';
import type { AuthSettings } from './auth.service';
import * as repository from './auth.repository';
import * as devicesRepository from './devices.repository';
import { hashPassword, verifyPassword } from './password-hash';
import { deviceSubject, MAX_PUSH_DEVICES } from './push-sign-in';
import { reauthenticate } from './reauthentication.service';
import { checkSentCode, deliverSentCode, forgetSentCode, issueSentCode, resendSentCode } from './sent-codes';

/**
 * Password change (spec 001 §5, §7): the current password, the new one twice, then the code sent
 * to the login e-mail with the requestKey. Only then does the password change; every other session
 * ends (its refresh tokens die), the linked devices are told to link again (spec 000 §8 notices),
 * and the customer gets the security notice mail. The request belongs to the session that made it.
 */
export const PASSWORD_CHANGE_TTL_SECONDS = SENT_CODE_TTL_SECONDS;
/** The live event a linked device shows as a push notice. */
export const SECURITY_NOTICE_EVENT = 'securityNotice';

type Settings = Pick<AuthSettings, 'live' | 'messaging' | 'brand'>;

const subjectOf = (requestKey: string) => ({ purpose: 'passwordChange' as const, subjectKey: requestKey });

export interface PasswordChangeActor {
  session: Session;
  ip: string;
  language: Language;
}

async function activeUserOf(db: Database, userId: number) {
  const user = await customersService.findSignInUserById(db, { userId });
  if (user?.status !== 'active') throw errors.auth();
  return user;
}

export async function startPasswordChange(
  db: Database,
  settings: Settings,
  params: { actor: PasswordChangeActor; password: string; passwordNew: string; passwordNewRepeat: string },
): Promise<{ requestKey: string; sentTo: string; identifier: string; codeExpiresInSeconds: number }> {
  const { actor } = params;
  const user = await activeUserOf(db, actor.session.userId);
  if (params.passwordNew !== params.passwordNewRepeat) {
    throw errors.validation([{ field: 'passwordNewRepeat', message: 'The new passwords do not match.' }]);
  }
  const rule = await checkPassword(params.passwordNew, personalInputsOf([user.email]));
  if (!rule.isAcceptable) {
    throw errors.validation([{ field: 'passwordNew', message: PASSWORD_PROBLEM_TEXT[rule.problem ?? 'easyToGuess'] }]);
  }
  // The current password is the re-authentication: a wrong one counts towards ending the session.
  await reauthenticate(db, settings, { session: actor.session, password: params.password, ip: actor.ip });
  if (await verifyPassword(user.passwordHash, params.passwordNew)) {
    throw errors.validation([{ field: 'passwordNew', message: 'Choose a password different from the current one.' }]);
  }
  const newPasswordHash = await hashPassword(params.passwordNew);
  const requestKey = randomUUID();
  const issued = await db.transaction(async (tx) => {
    await tx.insert(passwordChangeRequests).values({
      id: requestKey,
      userId: user.id,
      signInId: actor.session.sessionId,
      newPasswordHash,
      status: 'awaitingCode',
      expiresAt: sql`now() + make_interval(secs => ${PASSWORD_CHANGE_TTL_SECONDS})`,
    });
    return issueSentCode(tx, { userId: user.id, ...subjectOf(requestKey), channel: 'email', recipient: user.email });
  });
  await deliverSentCode(settings.messaging, settings.brand, issued.delivery, actor.language);
  return {
    requestKey,
    sentTo: maskEmail(user.email),
    identifier: issued.identifier,
    codeExpiresInSeconds: issued.codeExpiresInSeconds,
  };
}

async function lockOpenRequest(tx: Database, params: { requestKey: string; session: Session }) {
  const [row] = await tx
    .select()
    .from(passwordChangeRequests)
    .where(
      and(
        eq(passwordChangeRequests.id, params.requestKey),
        eq(passwordChangeRequests.userId, params.session.userId),
        eq(passwordChangeRequests.signInId, params.session.sessionId),
        eq(passwordChangeRequests.status, 'awaitingCode'),
        gt(passwordChangeRequests.expiresAt, sql`now()`),
      ),
    )
    .for('update')
    .limit(1);
  return row ?? null;
}

const ENDED = 'This password change has ended. Please start again.';

async function setStatus(tx: Database, requestKey: string, status: PasswordChangeStatus) {
  await tx.update(passwordChangeRequests).set({ status }).where(eq(passwordChangeRequests.id, requestKey));
}

/** Tells every linked device, as a push notice. */
async function noticeToDevices(
  tx: Database,
  settings: Settings,
  params: { userId: number; text: string; status: string },
) {
  const devices = await devicesRepository.listActiveDevices(tx, { userId: params.userId, limit: MAX_PUSH_DEVICES });
  for (const device of devices) {
    await settings.live.publish(tx, {
      to: { subject: deviceSubject(device.id) },
      type: SECURITY_NOTICE_EVENT,
      status: params.status,
      payload: { text: params.text },
    });
  }
}

export async function confirmPasswordChange(
  db: Database,
  settings: Settings,
  params: { actor: PasswordChangeActor; requestKey: string; code: string },
): Promise<{ endedSessions: number; notice: string }> {
  const { actor } = params;
  const userId = actor.session.userId;
  const outcome = await db.transaction(
    async (tx): Promise<{ kind: 'changed'; ended: number } | { kind: 'wrong' | 'expired' | 'locked' | 'unknown' }> => {
      const request = await lockOpenRequest(tx, { requestKey: params.requestKey, session: actor.session });
      if (request === null) return { kind: 'unknown' };
      const check = await checkSentCode(tx, { userId, ...subjectOf(request.id) }, params.code);
      if (check === 'expired') return { kind: 'expired' };
      if (check === 'wrong') {
        const failures = request.failedAttempts + 1;
        await tx
          .update(passwordChangeRequests)
          .set({ failedAttempts: failures })
          .where(eq(passwordChangeRequests.id, request.id));
        if (failures < MAX_CODE_ATTEMPTS) return { kind: 'wrong' };
        await setStatus(tx, request.id, 'locked');
        await forgetSentCode(tx, subjectOf(request.id));
        return { kind: 'locked' };
      }
      await customersService.setUserPassword(tx, { userId, passwordHash: request.newPasswordHash });
      await setStatus(tx, request.id, 'completed');
      await forgetSentCode(tx, subjectOf(request.id));
      const ended = await repository.revokeOtherLiveSignInsOfUser(tx, {
        userId,
        keepSignInId: actor.session.sessionId,
        reason: 'password-change',
      });
      for (const signInId of ended) await settings.live.endSession(tx, signInId);
      await noticeToDevices(tx, settings, { userId, text: PASSWORD_UPDATED_NOTICE, status: 'success' });
      await recordSecurityChange(tx, {
        actorUserId: userId,
        customerId: null,
        action: 'security.passwordChanged',
        details: { requestKey: request.id, endedSessions: ended.length },
        ip: actor.ip,
      });
      return { kind: 'changed', ended: ended.length };
    },
  );
  switch (outcome.kind) {
    case 'unknown':
      throw errors.invalidParams(ENDED);
    case 'expired':
      throw errors.validation([{ field: 'code', message: 'This code has expired. Ask for a new one.' }]);
    case 'wrong':
      throw errors.validation([{ field: 'code', message: 'The code is incorrect.' }]);
    case 'locked':
      throw errors.invalidParams('Too many incorrect codes. Please start the password change again.');
    case 'changed': {
      const user = await activeUserOf(db, userId);
      await sendSecurityChangeMail(settings.messaging, settings.brand, {
        email: user.email,
        action: 'security.passwordChanged',
        language: actor.language,
      });
      return { endedSessions: outcome.ended, notice: PASSWORD_UPDATED_NOTICE };
    }
  }
}

export async function resendPasswordChangeCode(
  db: Database,
  settings: Settings,
  params: { session: Session; requestKey: string; language: Language },
): Promise<{ identifier: string; resendsLeft: number; codeExpiresInSeconds: number }> {
  const issued = await db.transaction(async (tx) => {
    const request = await lockOpenRequest(tx, params);
    if (request === null) throw errors.invalidParams(ENDED);
    return resendSentCode(tx, { userId: params.session.userId, ...subjectOf(request.id) });
  });
  await deliverSentCode(settings.messaging, settings.brand, issued.delivery, params.language);
  return {
    identifier: issued.identifier,
    resendsLeft: issued.resendsLeft,
    codeExpiresInSeconds: issued.codeExpiresInSeconds,
  };
}

export async function cancelPasswordChange(
  db: Database,
  settings: Settings,
  params: { session: Session; requestKey: string },
): Promise<{ notice: string }> {
  await db.transaction(async (tx) => {
    const request = await lockOpenRequest(tx, params);
    if (request === null) throw errors.invalidParams(ENDED);
    await setStatus(tx, request.id, 'cancelled');
    await forgetSentCode(tx, subjectOf(request.id));
    await noticeToDevices(tx, settings, {
      userId: params.session.userId,
      text: CONFIRMATION_CANCELED_NOTICE,
      status: 'info',
    });
  });
  return { notice: CONFIRMATION_CANCELED_NOTICE };
}
