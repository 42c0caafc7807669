import { PUSH_LOGIN_EVENT, type PushLoginEvent } from '@app/shared/api/auth';
import { ApprovalMode, PUSH_APPROVAL_EVENT, type DeviceSummary, type PendingApproval } from '@app/shared/api/devices';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import type { DataCipher } from '../../platform/data-encryption';
import { errors } from '../../platform/errors';
import type { LiveChannel, LiveMessage } from '../../platform/live-channel';
import type { LiveSubjectCredential, LiveSubjectGrant } from '../../platform/live-socket';
import { newRandomToken, sha256Hex } from './auth-secrets';
import type { AuthTokens } from './auth-tokens';
import * as loginRequestsRepository from './login-requests.repository';
import * as devicesRepository from './devices.repository';

/**
 * Push sign-in (spec 000 §4): the user's active devices are asked over their live sockets (the
 * sandbox push transport; a production push adapter would also use the devices' push tokens).
 * The browser waits on GET /ws subscribed to its own sign-in only (`loginToken`). A device's
 * answer moves the request exactly once; an approval mints the code and sends it to that socket.
 *
 * Flood limits (MFA fatigue): each sign-in may be re-sent MAX_PUSH_RESENDS times, not within
 * PUSH_RESEND_COOLDOWN_SECONDS of the last push; a user receives at most
 * MAX_PUSHES_PER_USER_PER_HOUR pushes an hour, sign-ins and re-sends together.
 */
export const PUSH_APPROVAL_TTL_SECONDS = 120;
export const MAX_PUSH_RESENDS = 3;
export const PUSH_RESEND_COOLDOWN_SECONDS = 30;
export const MAX_PUSHES_PER_USER_PER_HOUR = 10;
/** Devices one push goes to, and pending approvals one device lists. */
export const MAX_PUSH_DEVICES = 10;
const MAX_EXPIRED_PER_SWEEP = 100;

export const signInSubject = (loginRequestId: string) => `signIn:${loginRequestId}`;
export const deviceSubject = (deviceId: number) => `device:${deviceId}`;
const pushCodeContextOf = (loginRequestId: string) => `pushCode:${loginRequestId}`;

type Live = Pick<LiveChannel, 'publish'>;

export function deviceSummaryOf(device: devicesRepository.DeviceRow): DeviceSummary {
  return { id: device.id, name: device.name, type: device.type };
}

export function signInApprovalOf(request: loginRequestsRepository.LoginRequestRow): PendingApproval {
  return {
    kind: 'signIn',
    key: request.id,
    client: request.client,
    ip: request.ip,
    userAgent: request.userAgent ?? undefined,
    expiresAt: (request.pushExpiresAt ?? request.expiresAt).toISOString(),
  };
}

/** Asks each device, inside the caller's transaction: the push leaves only if the change commits. */
export async function publishToDevices(
  db: Database,
  live: Live,
  params: {
    devices: Pick<devicesRepository.DeviceRow, 'id'>[];
    status: 'pending' | 'resolved';
    payload: Record<string, unknown>;
  },
): Promise<void> {
  for (const device of params.devices) {
    await live.publish(db, {
      to: { subject: deviceSubject(device.id) },
      type: PUSH_APPROVAL_EVENT,
      status: params.status,
      payload: params.payload,
    });
  }
}

function pushLoginMessage(status: PushLoginEvent['status'], code?: string): LiveMessage {
  return { type: PUSH_LOGIN_EVENT, status, payload: code === undefined ? {} : { code } };
}

/** Refuses when the user was sent too many pushes this hour. */
export async function assertPushBudget(db: Database, params: { userId: number }): Promise<void> {
  const budget = await loginRequestsRepository.countPushesLastHour(db, params);
  if (budget.sentLastHour >= MAX_PUSHES_PER_USER_PER_HOUR) throw errors.rateLimited(budget.retryAfterSeconds);
}

/** POST /auth/push/re-send: pushes the waiting sign-in to the devices again, within the limits. */
export async function resendPush(
  db: Database,
  live: Live,
  params: { tmpToken: string },
): Promise<{ resendsLeft: number; expiresInSeconds: number }> {
  return db.transaction(async (tx) => {
    const request = await loginRequestsRepository.lockLoginRequestByTmpToken(tx, {
      tmpTokenHash: sha256Hex(params.tmpToken),
    });
    if (request?.flow !== 'push' || request.status !== 'awaitingApproval' || request.isExpired) {
      throw errors.auth('This sign-in has ended. Please sign in again.');
    }
    if (request.pushSendCount > MAX_PUSH_RESENDS) throw errors.rateLimited(PUSH_APPROVAL_TTL_SECONDS);
    const secondsSincePush = request.secondsSincePush ?? PUSH_RESEND_COOLDOWN_SECONDS;
    if (secondsSincePush < PUSH_RESEND_COOLDOWN_SECONDS) {
      throw errors.rateLimited(PUSH_RESEND_COOLDOWN_SECONDS - secondsSincePush);
    }
    await assertPushBudget(tx, { userId: request.userId });
    const resent = await loginRequestsRepository.markPushResent(tx, {
      id: request.id,
      pushTtlSeconds: PUSH_APPROVAL_TTL_SECONDS,
    });
    if (resent === null) throw new Error('the locked login request vanished');
    const devices = await devicesRepository.listActiveDevices(tx, { userId: request.userId, limit: MAX_PUSH_DEVICES });
    await publishToDevices(tx, live, { devices, status: 'pending', payload: signInApprovalOf(resent) });
    return {
      resendsLeft: Math.max(0, MAX_PUSH_RESENDS + 1 - resent.pushSendCount),
      expiresInSeconds: PUSH_APPROVAL_TTL_SECONDS,
    };
  });
}

export interface DeviceActor {
  userId: number;
  deviceId: number;
}

/**
 * PUT /auth/login/{key}/confirm: a device of the same user answers. Another user's sign-in is
 * answered like a missing one. An approval mints the code, keeps it encrypted for a socket that
 * subscribes late, and sends it to the waiting browser; a decline tells it so.
 */
export async function confirmPushSignIn(
  db: Database,
  settings: { live: Live; cipher: DataCipher },
  params: { device: DeviceActor; key: string; result: boolean; ip: string },
): Promise<void> {
  const { device, key } = params;
  await db.transaction(async (tx) => {
    const code = params.result ? newRandomToken() : undefined;
    const decided = await loginRequestsRepository.decidePushRequestOfUser(tx, {
      id: key,
      userId: device.userId,
      status: code === undefined ? 'declined' : 'ready',
      deviceId: device.deviceId,
      codeHash: code === undefined ? null : sha256Hex(code),
      pushCodeEncrypted: code === undefined ? null : settings.cipher.encrypt(code, pushCodeContextOf(key)),
    });
    if (decided === null) throw errors.noAccess('This sign-in is not waiting for your answer.');
    await settings.live.publish(tx, {
      to: { subject: signInSubject(key) },
      ...pushLoginMessage(code === undefined ? 'declined' : 'approved', code),
    });
    const devices = await devicesRepository.listActiveDevices(tx, { userId: device.userId, limit: MAX_PUSH_DEVICES });
    await publishToDevices(tx, settings.live, {
      devices,
      status: 'resolved',
      payload: { kind: 'signIn', key, result: code === undefined ? 'declined' : 'approved' },
    });
    await recordAudit(tx, {
      actorUserId: device.userId,
      customerId: null,
      action: code === undefined ? 'auth.pushDeclined' : 'auth.pushApproved',
      details: { loginRequestId: key, deviceId: device.deviceId },
      ip: params.ip,
    });
  });
}

/**
 * Ends the pushes nobody answered in time and tells the browser and the devices. Every process
 * runs it on a timer; each overdue sign-in is claimed by one of them.
 */
export async function expireOverduePushSignIns(db: Database, live: Live): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await loginRequestsRepository.expireOverduePushRequests(tx, { limit: MAX_EXPIRED_PER_SWEEP });
    for (const request of expired) {
      await live.publish(tx, { to: { subject: signInSubject(request.id) }, ...pushLoginMessage('expired') });
      const devices = await devicesRepository.listActiveDevices(tx, {
        userId: request.userId,
        limit: MAX_PUSH_DEVICES,
      });
      await publishToDevices(tx, live, {
        devices,
        status: 'resolved',
        payload: { kind: 'signIn', key: request.id, result: 'expired' },
      });
    }
    return expired.length;
  });
}

/**
 * Who a subject credential of GET /ws listens as: a push sign-in's browser (`loginToken`, with the
 * answer at once if it came already) or an active device (`deviceToken`).
 */
export async function liveSubjectFor(
  db: Database,
  settings: { cipher: DataCipher; authTokens: AuthTokens },
  credential: LiveSubjectCredential,
): Promise<LiveSubjectGrant | null> {
  if (credential.kind === 'deviceToken') {
    const claims = await settings.authTokens.verifyDevice(credential.token);
    if (claims === null) return null;
    const device = await devicesRepository.touchActiveDevice(db, claims);
    return device === null ? null : { subject: deviceSubject(device.id), snapshot: [] };
  }
  const request = await loginRequestsRepository.findLoginRequestByTmpToken(db, {
    tmpTokenHash: sha256Hex(credential.token),
  });
  if (request?.flow !== 'push') return null;
  const subject = signInSubject(request.id);
  switch (request.status) {
    case 'awaitingApproval':
      return { subject, snapshot: [] };
    case 'ready':
      return request.pushCodeEncrypted === null
        ? null
        : {
            subject,
            snapshot: [
              pushLoginMessage(
                'approved',
                settings.cipher.decrypt(request.pushCodeEncrypted, pushCodeContextOf(request.id)),
              ),
            ],
          };
    case 'declined':
    case 'expired':
      return { subject, snapshot: [pushLoginMessage(request.status)] };
    case 'exchanged':
    case 'locked':
      return null;
  }
}

/** GET /auth/push/pending: what the device can answer now (sign-ins, and new devices of the user). */
export async function pendingApprovalsFor(db: Database, device: DeviceActor): Promise<PendingApproval[]> {
  const signIns = await loginRequestsRepository.findAwaitingPushRequests(db, {
    userId: device.userId,
    limit: MAX_PUSH_DEVICES,
  });
  const newDevices = await devicesRepository.findDevicesAwaitingPushApproval(db, {
    userId: device.userId,
    exceptDeviceId: device.deviceId,
    approvalMode: ApprovalMode.PUSH,
    limit: MAX_PUSH_DEVICES,
  });
  return [
    ...signIns.map(signInApprovalOf),
    ...newDevices.map((pending): PendingApproval => ({
      kind: 'deviceLink',
      deviceId: pending.id,
      name: pending.name,
      type: pending.type,
      expiresAt: (pending.approvalExpiresAt ?? pending.createdAt).toISOString(),
    })),
  ];
}
