import { randomUUID } from 'node:crypto';
import { MAX_CODE_ATTEMPTS, ONE_TIME_CODE_PATTERN, SENT_CODE_TTL_SECONDS } from '@app/shared/api/auth';
import type { Login2faMode } from '@app/shared/api/customers';
import { ApprovalMode, type PendingApproval } from '@app/shared/api/devices';
import type {
  TransactionApprovalMode,
  TwoStepChangeRequest,
  TwoStepChangeResponse,
  TwoStepMode,
} from '@app/shared/api/security-settings';
import type { Language } from '@app/shared/constants';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  factorChangeRequests,
  type FactorChangeMode,
  type FactorChangeStatus,
  type FactorChangeTarget,
} from '../../db/schema/security-factors';
import type { Session } from '../../platform/access-token';
import { errors } from '../../platform/errors';
import * as customersService from '../customers/customers.service';
import { recordSecurityChange, sendSecurityChangeMail } from '../security/two-step-notice.service';
import { maskEmail, maskPhone } from './auth-secrets';
import type { AuthSettings } from './auth.service';
import * as repository from './auth.repository';
import * as devicesRepository from './devices.repository';
import { MAX_PUSH_DEVICES, deviceSummaryOf, publishToDevices, type DeviceActor } from './push-sign-in';
import { assertRecentAuthentication } from './reauthentication.service';
import { countUnusedRecoveryCodes, removeRecoveryCodes } from './recovery-codes';
import { startTotpEnrolment, verifyUserTotp } from './second-factors';
import { checkSentCode, deliverSentCode, issueSentCode, type CodeDelivery } from './sent-codes';

/**
 * Changing the two-step verification (spec 001 §4, §7): the sign-in factor (`mode`) and the
 * approval of transactions (`typeMode`). A change needs a recent authentication of the session, and
 * a factor that is turned on is proved first: a code sent to the new phone, an answer on a linked
 * device, a code of the authenticator, or a code sent to the login e-mail. Each request belongs to
 * the session that started it; a code sent for one request never confirms another.
 */
export const FACTOR_CHANGE_TTL_SECONDS = SENT_CODE_TTL_SECONDS;

type Settings = Pick<AuthSettings, 'live' | 'messaging' | 'cipher' | 'brand'>;
export type FactorChangeRow = typeof factorChangeRequests.$inferSelect;

const APPROVAL_MODE_OF: Record<TransactionApprovalMode, FactorChangeMode> = {
  0: 'none',
  1: 'push',
  2: 'sms',
  3: 'otp',
  4: 'approvalCode',
};
const TYPE_MODE_OF: Record<FactorChangeMode, TransactionApprovalMode> = {
  none: 0,
  push: ApprovalMode.PUSH,
  sms: ApprovalMode.SMS,
  otp: ApprovalMode.OTP,
  approvalCode: ApprovalMode.APPROVAL_CODE,
};
const LOGIN_MODE_OF: Record<TwoStepMode, Login2faMode> = { none: 'no', push: 'push', sms: 'sms', otp: 'otp' };

export const twoStepSubject = (reqId: string) => ({ purpose: 'factorChange' as const, subjectKey: reqId });

export function twoStepApprovalOf(row: FactorChangeRow): PendingApproval {
  return { kind: 'twoStep', id: row.id, target: row.target, mode: row.mode, expiresAt: row.expiresAt.toISOString() };
}

export interface ChangeActor {
  session: Session;
  ip: string;
  language: Language;
}

async function userOf(db: Database, userId: number) {
  const user = await customersService.findSignInUserById(db, { userId });
  if (user?.status !== 'active') throw errors.auth();
  return user;
}

/** Applies the change in the caller's transaction and records it; the mail leaves after the commit. */
async function applyChange(
  tx: Database,
  params: { userId: number; target: FactorChangeTarget; mode: FactorChangeMode; phone: string | null; ip: string },
): Promise<void> {
  if (params.phone !== null) {
    await repository.upsertUserSettings(tx, { userId: params.userId, set: { smsPhone: params.phone } });
  }
  if (params.target === 'signIn') {
    const loginMode = LOGIN_MODE_OF[params.mode === 'approvalCode' ? 'none' : params.mode];
    await customersService.setLogin2faMode(tx, { userId: params.userId, mode: loginMode });
    // Two-step sign-in turned off: a recovery code must not keep working as a second factor.
    if (loginMode === 'no') await removeRecoveryCodes(tx, { userId: params.userId });
  } else {
    await customersService.setTransactionApproveMode(tx, { userId: params.userId, mode: TYPE_MODE_OF[params.mode] });
  }
  await recordSecurityChange(tx, {
    actorUserId: params.userId,
    customerId: null,
    action: 'security.twoStepChanged',
    details: { target: params.target, mode: params.mode },
    ip: params.ip,
  });
}

async function notify(settings: Settings, email: string, language: Language): Promise<void> {
  await sendSecurityChangeMail(settings.messaging, settings.brand, {
    email,
    action: 'security.twoStepChanged',
    language,
  });
}

/**
 * POST /customer/two-step-verification with a session. Modes that need no proof (none, 0) apply
 * at once; the others open a request to confirm.
 */
export async function startTwoStepChange(
  db: Database,
  settings: Settings,
  params: { actor: ChangeActor; body: TwoStepChangeRequest },
): Promise<TwoStepChangeResponse> {
  const { actor, body } = params;
  await assertRecentAuthentication(db, actor.session);
  const userId = actor.session.userId;
  const user = await userOf(db, userId);
  const target: FactorChangeTarget = body.mode === undefined ? 'approval' : 'signIn';
  const mode: FactorChangeMode = body.mode ?? APPROVAL_MODE_OF[body.typeMode ?? 0];
  const factorSettings = await repository.findUserSettings(db, { userId });

  if (mode === 'none') {
    await db.transaction((tx) => applyChange(tx, { userId, target, mode, phone: null, ip: actor.ip }));
    await notify(settings, user.email, actor.language);
    return { responseCode: '00', confirmWith: 'none', target };
  }
  if (mode === 'otp' && target === 'signIn') {
    const enrolment = await startTotpEnrolment(db, {
      cipher: settings.cipher,
      brand: settings.brand,
      userId,
      email: user.email,
      ip: actor.ip,
    });
    return { responseCode: '00', confirmWith: 'otpEnrolment', target, mode: 'otp', ...enrolment };
  }
  if (mode === 'otp' && factorSettings?.totpSecretEncrypted == null) {
    throw errors.invalidParams('Set up the authenticator app for sign-in first, then use it for approvals.');
  }
  const phone = mode === 'sms' ? (body.phone ?? factorSettings?.smsPhone ?? null) : null;
  if (mode === 'sms' && phone === null) {
    throw errors.validation([{ field: 'phone', message: 'Enter the phone number the codes should go to.' }]);
  }
  const devices =
    mode === 'push' ? await devicesRepository.listActiveDevices(db, { userId, limit: MAX_PUSH_DEVICES }) : [];
  if (mode === 'push' && devices.length === 0) {
    throw errors.invalidParams('Link a mobile device first: push approvals go to it.');
  }

  const reqId = randomUUID();
  const { row, delivery } = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(factorChangeRequests)
      .values({
        id: reqId,
        userId,
        signInId: actor.session.sessionId,
        target,
        mode,
        phone: body.phone ?? null,
        status: 'awaitingConfirmation',
        expiresAt: sql`now() + make_interval(secs => ${FACTOR_CHANGE_TTL_SECONDS})`,
      })
      .returning();
    if (created === undefined) throw new Error('insert into factor_change_requests returned no row');
    let sent: CodeDelivery | null = null;
    if (mode === 'sms' || mode === 'approvalCode') {
      const issued = await issueSentCode(tx, {
        userId,
        ...twoStepSubject(reqId),
        channel: mode === 'sms' ? 'sms' : 'email',
        recipient: mode === 'sms' && phone !== null ? phone : user.email,
      });
      sent = issued.delivery;
    }
    if (mode === 'push') {
      await publishToDevices(tx, settings.live, { devices, status: 'pending', payload: twoStepApprovalOf(created) });
    }
    return { row: created, delivery: sent };
  });
  if (delivery !== null) await deliverSentCode(settings.messaging, settings.brand, delivery, actor.language);

  switch (mode) {
    case 'push':
      return {
        responseCode: '00',
        confirmWith: 'push',
        target,
        reqId: row.id,
        devices: devices.map(deviceSummaryOf),
        expiresInSeconds: FACTOR_CHANGE_TTL_SECONDS,
      };
    case 'otp':
      return {
        responseCode: '00',
        confirmWith: 'otp',
        target,
        reqId: row.id,
        expiresInSeconds: FACTOR_CHANGE_TTL_SECONDS,
      };
    case 'sms':
    case 'approvalCode':
      return {
        responseCode: '00',
        confirmWith: mode === 'sms' ? 'sms' : 'email',
        target,
        reqId: row.id,
        sentTo: mode === 'sms' && phone !== null ? maskPhone(phone) : maskEmail(user.email),
        identifier: delivery?.identifier,
        expiresInSeconds: FACTOR_CHANGE_TTL_SECONDS,
      };
  }
}

async function lockOwnRequest(
  tx: Database,
  params: { reqId: string; session: Session },
): Promise<FactorChangeRow | null> {
  const [row] = await tx
    .select()
    .from(factorChangeRequests)
    .where(
      and(
        eq(factorChangeRequests.id, params.reqId),
        eq(factorChangeRequests.userId, params.session.userId),
        eq(factorChangeRequests.signInId, params.session.sessionId),
        gt(factorChangeRequests.expiresAt, sql`now()`),
      ),
    )
    .for('update')
    .limit(1);
  return row ?? null;
}

async function setStatus(
  tx: Database,
  id: string,
  status: FactorChangeStatus,
  extra: { decidedByDeviceId?: number } = {},
) {
  await tx
    .update(factorChangeRequests)
    .set({ status, ...extra })
    .where(eq(factorChangeRequests.id, id));
}

/** Whether the request id names a two-step change (not an authenticator enrolment). */
export async function isFactorChangeRequest(db: Database, params: { reqId: string; userId: number }): Promise<boolean> {
  const [row] = await db
    .select({ id: factorChangeRequests.id })
    .from(factorChangeRequests)
    .where(and(eq(factorChangeRequests.id, params.reqId), eq(factorChangeRequests.userId, params.userId)))
    .limit(1);
  return row !== undefined;
}

type ConfirmOutcome = 'enabled' | 'pending' | 'unknown' | 'declined' | 'wrong' | 'locked' | 'missing' | 'expired';

/**
 * POST /customer/two-step-verification/{reqId}/confirm for a two-step change: the code (sms, e-mail,
 * otp), or, for push, a poll that answers `pending` until a device decided.
 */
export async function confirmTwoStepChange(
  db: Database,
  settings: Settings,
  params: { actor: ChangeActor; reqId: string; code: string | undefined },
): Promise<'enabled' | 'pending'> {
  const { actor } = params;
  const userId = actor.session.userId;
  const code = params.code?.trim() ?? '';
  const outcome = await db.transaction(async (tx): Promise<ConfirmOutcome> => {
    const row = await lockOwnRequest(tx, { reqId: params.reqId, session: actor.session });
    if (row === null || row.status === 'completed' || row.status === 'locked' || row.status === 'expired') {
      return 'unknown';
    }
    const apply = async () => {
      await applyChange(tx, { userId, target: row.target, mode: row.mode, phone: row.phone, ip: actor.ip });
      await setStatus(tx, row.id, 'completed');
      return 'enabled' as const;
    };
    if (row.mode === 'push') {
      if (row.status === 'approved') return apply();
      if (row.status === 'declined') return 'declined';
      return 'pending';
    }
    if (!ONE_TIME_CODE_PATTERN.test(code)) return 'missing';
    const check =
      row.mode === 'otp'
        ? (await verifyUserTotp(tx, settings.cipher, { userId, token: code })) === 'valid'
          ? 'valid'
          : 'wrong'
        : await checkSentCode(tx, { userId, ...twoStepSubject(row.id) }, code);
    if (check === 'valid') return apply();
    if (check === 'expired') return 'expired';
    const failures = row.failedAttempts + 1;
    await tx.update(factorChangeRequests).set({ failedAttempts: failures }).where(eq(factorChangeRequests.id, row.id));
    if (failures < MAX_CODE_ATTEMPTS) return 'wrong';
    await setStatus(tx, row.id, 'locked');
    return 'locked';
  });
  switch (outcome) {
    case 'enabled': {
      const user = await userOf(db, userId);
      await notify(settings, user.email, actor.language);
      return 'enabled';
    }
    case 'pending':
      return 'pending';
    case 'unknown':
      throw errors.invalidParams('This change has ended. Please start again.');
    case 'declined':
      throw errors.invalidParams('The change was declined on your device.');
    case 'missing':
      throw errors.validation([{ field: 'code', message: 'Enter the 6-digit code.' }]);
    case 'wrong':
      throw errors.validation([{ field: 'code', message: 'The code is incorrect.' }]);
    case 'expired':
      throw errors.validation([{ field: 'code', message: 'This code has expired. Please start again.' }]);
    case 'locked':
      throw errors.invalidParams('Too many incorrect codes. Please start again.');
  }
}

/** A linked device of the same user answers a push change; another user's request answers like a missing one. */
export async function answerTwoStepPush(
  db: Database,
  settings: Pick<Settings, 'live'>,
  params: { device: DeviceActor; reqId: string; result: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(factorChangeRequests)
      .set({ status: params.result ? 'approved' : 'declined', decidedByDeviceId: params.device.deviceId })
      .where(
        and(
          eq(factorChangeRequests.id, params.reqId),
          eq(factorChangeRequests.userId, params.device.userId),
          eq(factorChangeRequests.mode, 'push'),
          eq(factorChangeRequests.status, 'awaitingConfirmation'),
          gt(factorChangeRequests.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: factorChangeRequests.id });
    if (rows.length === 0) throw errors.noAccess('This change is not waiting for your answer.');
    const devices = await devicesRepository.listActiveDevices(tx, {
      userId: params.device.userId,
      limit: MAX_PUSH_DEVICES,
    });
    await publishToDevices(tx, settings.live, {
      devices,
      status: 'resolved',
      payload: { kind: 'twoStep', id: params.reqId, result: params.result ? 'approved' : 'declined' },
    });
  });
}

/** The push changes a device can answer now, for GET /auth/push/pending. */
export async function pendingTwoStepPushes(db: Database, device: DeviceActor): Promise<PendingApproval[]> {
  const rows = await db
    .select()
    .from(factorChangeRequests)
    .where(
      and(
        eq(factorChangeRequests.userId, device.userId),
        eq(factorChangeRequests.mode, 'push'),
        eq(factorChangeRequests.status, 'awaitingConfirmation'),
        gt(factorChangeRequests.expiresAt, sql`now()`),
      ),
    )
    .limit(MAX_PUSH_DEVICES);
  return rows.map(twoStepApprovalOf);
}

/** What the user has set up for two-step verification, for the settings screen. */
export async function twoStepFactsOf(
  db: Database,
  params: { userId: number },
): Promise<{ hasTotp: boolean; smsPhoneMasked: string | null; recoveryCodesLeft: number; activeDeviceCount: number }> {
  const factors = await repository.findUserSettings(db, params);
  const smsPhone = factors?.smsPhone ?? null;
  return {
    hasTotp: factors?.totpSecretEncrypted != null,
    smsPhoneMasked: smsPhone === null ? null : maskPhone(smsPhone),
    recoveryCodesLeft: await countUnusedRecoveryCodes(db, params),
    activeDeviceCount: (
      await devicesRepository.listActiveDevices(db, { userId: params.userId, limit: MAX_PUSH_DEVICES })
    ).length,
  };
}
