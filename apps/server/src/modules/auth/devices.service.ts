import { MAX_CODE_ATTEMPTS, SENT_CODE_TTL_SECONDS } from '@app/shared/api/auth';
import {
  ApprovalMode,
  MAX_DEVICE_NAME_LENGTH,
  type ApproveMethod,
  type Device,
  type DeviceApproval,
  type DeviceCreateRequest,
} from '@app/shared/api/devices';
import type { Language } from '@app/shared/constants';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { recordSecurityChange } from '../security/two-step-notice.service';
import { errors } from '../../platform/errors';
import * as customersService from '../customers/customers.service';
import { maskEmail, maskPhone, newDeviceCode, newRandomToken, sha256Hex } from './auth-secrets';
import * as repository from './auth.repository';
import type { AuthSettings } from './auth.service';
import * as devicesRepository from './devices.repository';
import { deviceSubject, MAX_PUSH_DEVICES, publishToDevices, type DeviceActor } from './push-sign-in';
import { verifyUserTotp } from './second-factors';
import { checkSentCode, deliverSentCode, forgetSentCode, issueSentCode, type IssuedCode } from './sent-codes';

/**
 * Linked devices (spec 000 §3 Device, §7): a phone running the app, which approves push sign-ins
 * and, once active, signs in with its secret. A new device starts pending and becomes active only
 * through an approval the user completes with another factor: a push answered on another active
 * device, an SMS code, a TOTP, or (when nothing stronger is set up) a code sent to the login
 * e-mail. Every call is scoped to the owner: another user's device id is answered like a missing
 * one (ENOA), never with its data.
 */
export const MAX_DEVICES_PER_USER = 10;
/** A push or code approval of a new device stays open this long. */
export const DEVICE_APPROVAL_TTL_SECONDS = SENT_CODE_TTL_SECONDS;

type Settings = Pick<AuthSettings, 'live' | 'cipher' | 'messaging' | 'brand'>;

const METHOD_TYPES = new Map<number, ApproveMethod['type']>([
  [ApprovalMode.PUSH, 'push'],
  [ApprovalMode.SMS, 'sms'],
  [ApprovalMode.OTP, 'otp'],
  [ApprovalMode.APPROVAL_CODE, 'approvalCode'],
]);

const NOT_YOURS = "This device doesn't exist or isn't yours.";

export function deviceOf(row: devicesRepository.DeviceRow): Device {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    name: row.name,
    location: row.location ?? undefined,
    status: row.status,
    lastActivityAt: row.lastActivityAt?.toISOString(),
    createdAt: row.createdAt.toISOString(),
    hasPushToken: row.pushToken !== null,
  };
}

export async function listDevices(db: Database, params: { userId: number }): Promise<Device[]> {
  return (await devicesRepository.listDevices(db, { userId: params.userId, limit: MAX_DEVICES_PER_USER })).map(
    deviceOf,
  );
}

export async function getDevice(db: Database, params: { userId: number; deviceId: number }): Promise<Device> {
  const row = await devicesRepository.findDevice(db, params);
  if (row === null) throw errors.noAccess(NOT_YOURS);
  return deviceOf(row);
}

/** POST /auth/devices: a pending device and its secret, shown this once. */
export async function createDevice(
  db: Database,
  params: { userId: number; input: DeviceCreateRequest; ip: string; status?: 'pending' | 'active' },
): Promise<{ device: Device; secret: string }> {
  const secret = newRandomToken();
  const row = await db.transaction(async (tx) => {
    if ((await devicesRepository.countDevices(tx, { userId: params.userId })) >= MAX_DEVICES_PER_USER) {
      throw errors.invalidParams(`You can link up to ${MAX_DEVICES_PER_USER} devices. Remove one first.`);
    }
    const status = params.status ?? 'pending';
    const inserted = await devicesRepository.insertDevice(tx, {
      userId: params.userId,
      code: newDeviceCode(),
      type: params.input.type,
      name: params.input.name.slice(0, MAX_DEVICE_NAME_LENGTH),
      location: params.input.location ?? null,
      pushToken: params.input.pushToken ?? null,
      status,
      secretHash: sha256Hex(secret),
      approvedAt: status === 'active' ? new Date() : null,
    });
    await recordAudit(tx, {
      actorUserId: params.userId,
      customerId: null,
      action: 'auth.deviceLinked',
      details: { deviceId: inserted.id, type: inserted.type, status },
      ip: params.ip,
    });
    return inserted;
  });
  return { device: deviceOf(row), secret };
}

/**
 * Development only (the device companion): the password is checked by the caller, and the device
 * is active at once. The product's devices go through an approval.
 */
export function linkDeviceWithoutApproval(
  db: Database,
  params: { userId: number; input: DeviceCreateRequest; ip: string },
): Promise<{ device: Device; secret: string }> {
  return createDevice(db, { ...params, status: 'active' });
}

/** DELETE /auth/devices/{deviceId}: it stops signing in and approving at once; its sockets close. */
export async function removeDevice(
  db: Database,
  settings: Pick<Settings, 'live'>,
  params: { userId: number; deviceId: number; ip: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const isRemoved = await devicesRepository.deleteDevice(tx, params);
    if (!isRemoved) throw errors.noAccess(NOT_YOURS);
    await forgetSentCode(tx, { purpose: 'deviceApproval', subjectKey: String(params.deviceId) });
    await settings.live.endSubject(tx, deviceSubject(params.deviceId));
    await recordSecurityChange(tx, {
      actorUserId: params.userId,
      customerId: null,
      action: 'security.deviceRemoved',
      details: { deviceId: params.deviceId },
      ip: params.ip,
    });
  });
}

/**
 * GET /auth/devices/approve-methods: what can approve a new device. The e-mail code is offered
 * only when nothing stronger is set up, so it never weakens a user's second factor.
 */
export async function approveMethods(
  db: Database,
  params: { userId: number; exceptDeviceId?: number },
): Promise<ApproveMethod[]> {
  const user = await customersService.findSignInUserById(db, { userId: params.userId });
  if (user === null) throw errors.auth();
  const settings = await repository.findUserSettings(db, { userId: params.userId });
  const otherDevices = (
    await devicesRepository.listActiveDevices(db, { userId: params.userId, limit: MAX_PUSH_DEVICES })
  ).filter((device) => device.id !== params.exceptDeviceId);
  const methods: ApproveMethod[] = [];
  if (otherDevices.length > 0) methods.push({ id: ApprovalMode.PUSH, type: 'push' });
  if (settings?.totpSecretEncrypted != null) methods.push({ id: ApprovalMode.OTP, type: 'otp' });
  if (settings?.smsPhone != null) {
    methods.push({ id: ApprovalMode.SMS, type: 'sms', sentTo: maskPhone(settings.smsPhone) });
  }
  if (methods.length === 0) {
    methods.push({ id: ApprovalMode.APPROVAL_CODE, type: 'approvalCode', sentTo: maskEmail(user.email) });
  }
  return methods;
}

async function pendingDeviceOf(
  db: Database,
  params: { userId: number; deviceId: number },
): Promise<devicesRepository.DeviceRow> {
  const device = await devicesRepository.findDevice(db, { ...params, forUpdate: true });
  if (device === null) throw errors.noAccess(NOT_YOURS);
  if (device.status !== 'pending') throw errors.invalidParams('This device is already approved.');
  return device;
}

/** Where a code method sends its code: the SMS factor's phone, or the login e-mail. */
async function codeRecipientOf(
  db: Database,
  params: { userId: number; method: ApproveMethod['type'] },
): Promise<string | null> {
  if (params.method === 'sms') return (await repository.findUserSettings(db, params))?.smsPhone ?? null;
  if (params.method === 'approvalCode') return (await customersService.findSignInUserById(db, params))?.email ?? null;
  return null;
}

/**
 * POST /auth/devices/{deviceId}/approve: starts (or restarts) the approval with a method the user
 * has (the first listed when none is named): asks the other devices, or sends a code.
 */
export async function startDeviceApproval(
  db: Database,
  settings: Settings,
  params: { userId: number; deviceId: number; methodId: number | undefined; ip: string; language: Language },
): Promise<DeviceApproval> {
  const methods = await approveMethods(db, { userId: params.userId, exceptDeviceId: params.deviceId });
  const method = params.methodId === undefined ? methods[0] : methods.find((item) => item.id === params.methodId);
  if (method === undefined) {
    throw errors.validation([{ field: 'methodId', message: 'This method is not available to you.' }]);
  }
  const recipient = await codeRecipientOf(db, { userId: params.userId, method: method.type });
  const issued = await db.transaction(async (tx): Promise<IssuedCode | null> => {
    await pendingDeviceOf(tx, params);
    const started = await devicesRepository.startDeviceApproval(tx, {
      userId: params.userId,
      deviceId: params.deviceId,
      approvalMode: method.id,
      ttlSeconds: DEVICE_APPROVAL_TTL_SECONDS,
    });
    if (started === null) throw new Error('the locked pending device vanished');
    const subject = { userId: params.userId, purpose: 'deviceApproval' as const, subjectKey: String(params.deviceId) };
    switch (method.type) {
      case 'push': {
        const others = await devicesRepository.listActiveDevices(tx, {
          userId: params.userId,
          limit: MAX_PUSH_DEVICES,
        });
        await publishToDevices(tx, settings.live, {
          devices: others,
          status: 'pending',
          payload: {
            kind: 'deviceLink',
            deviceId: started.id,
            name: started.name,
            type: started.type,
            expiresAt: (started.approvalExpiresAt ?? new Date()).toISOString(),
          },
        });
        return null;
      }
      case 'otp':
        return null;
      case 'sms':
      case 'approvalCode':
        if (recipient === null) throw new Error(`no recipient for ${method.type}`);
        return issueSentCode(tx, { ...subject, channel: method.type === 'sms' ? 'sms' : 'email', recipient });
    }
  });
  if (issued !== null) await deliverSentCode(settings.messaging, settings.brand, issued.delivery, params.language);
  return {
    ...method,
    ...(issued === null ? {} : { identifier: issued.identifier }),
    expiresInSeconds: DEVICE_APPROVAL_TTL_SECONDS,
  };
}

async function activate(
  tx: Database,
  settings: Pick<Settings, 'live'>,
  params: { userId: number; deviceId: number; approvalMode: number; ip: string; approvedByDeviceId?: number },
): Promise<devicesRepository.DeviceRow> {
  const activated = await devicesRepository.activateDevice(tx, params);
  if (activated === null) throw errors.invalidParams('This approval has ended. Please start it again.');
  await forgetSentCode(tx, { purpose: 'deviceApproval', subjectKey: String(params.deviceId) });
  await recordAudit(tx, {
    actorUserId: params.userId,
    customerId: null,
    action: 'auth.deviceApproved',
    details: {
      deviceId: params.deviceId,
      method: METHOD_TYPES.get(params.approvalMode),
      approvedByDeviceId: params.approvedByDeviceId,
    },
    ip: params.ip,
  });
  await settings.live.publish(tx, {
    to: { userId: params.userId },
    type: 'deviceApproval',
    status: 'success',
    payload: { deviceId: params.deviceId },
  });
  return activated;
}

/**
 * PATCH /auth/devices/{deviceId}/approve/{methodId}: completes a code method with the code the
 * user received (or read from the authenticator). The fifth wrong code ends the approval.
 */
export async function completeDeviceApproval(
  db: Database,
  settings: Settings,
  params: { userId: number; deviceId: number; methodId: number; code: string; ip: string },
): Promise<Device> {
  const outcome = await db.transaction(async (tx): Promise<devicesRepository.DeviceRow | 'wrong' | 'ended'> => {
    const device = await pendingDeviceOf(tx, params);
    const isOpen = (device.approvalExpiresAt?.getTime() ?? 0) > Date.now();
    if (device.approvalMode !== params.methodId || !isOpen || params.methodId === ApprovalMode.PUSH) {
      throw errors.invalidParams('Start the approval with this method first.');
    }
    const check =
      params.methodId === ApprovalMode.OTP
        ? await verifyUserTotp(tx, settings.cipher, { userId: params.userId, token: params.code })
        : await checkSentCode(
            tx,
            { userId: params.userId, purpose: 'deviceApproval', subjectKey: String(params.deviceId) },
            params.code,
          );
    if (check === 'valid') return activate(tx, settings, { ...params, approvalMode: params.methodId });
    const failures = await devicesRepository.incrementDeviceApprovalFailures(tx, params);
    if (failures < MAX_CODE_ATTEMPTS) return 'wrong';
    await devicesRepository.updateDevice(tx, { ...params, set: { approvalMode: null, approvalExpiresAt: null } });
    return 'ended';
  });
  if (outcome === 'wrong')
    throw errors.validation([{ field: 'code', message: 'The code is incorrect or has expired.' }]);
  if (outcome === 'ended') throw errors.invalidParams('Too many incorrect codes. Please start the approval again.');
  return deviceOf(outcome);
}

/**
 * PUT /auth/devices/{deviceId}/confirm: another active device of the same user answers the push
 * about a new device. A decline removes the pending device: the user did not link it.
 */
export async function confirmDeviceByPush(
  db: Database,
  settings: Pick<Settings, 'live'>,
  params: { actor: DeviceActor; deviceId: number; result: boolean; ip: string },
): Promise<void> {
  const { actor } = params;
  await db.transaction(async (tx) => {
    const target = await devicesRepository.findDevice(tx, {
      userId: actor.userId,
      deviceId: params.deviceId,
      forUpdate: true,
    });
    const isAwaitingPush =
      target?.status === 'pending' &&
      target.approvalMode === ApprovalMode.PUSH &&
      (target.approvalExpiresAt?.getTime() ?? 0) > Date.now();
    if (target === null || target.id === actor.deviceId || !isAwaitingPush) {
      throw errors.noAccess('This device is not waiting for your answer.');
    }
    const others = await devicesRepository.listActiveDevices(tx, { userId: actor.userId, limit: MAX_PUSH_DEVICES });
    await publishToDevices(tx, settings.live, {
      devices: others,
      status: 'resolved',
      payload: { kind: 'deviceLink', deviceId: target.id, result: params.result ? 'approved' : 'declined' },
    });
    if (params.result) {
      await activate(tx, settings, {
        userId: actor.userId,
        deviceId: target.id,
        approvalMode: ApprovalMode.PUSH,
        ip: params.ip,
        approvedByDeviceId: actor.deviceId,
      });
      return;
    }
    await devicesRepository.deleteDevice(tx, { userId: actor.userId, deviceId: target.id });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      customerId: null,
      action: 'auth.deviceDeclined',
      details: { deviceId: target.id, declinedByDeviceId: actor.deviceId },
      ip: params.ip,
    });
    await settings.live.publish(tx, {
      to: { userId: actor.userId },
      type: 'deviceApproval',
      status: 'error',
      payload: { deviceId: target.id },
    });
  });
}

/* Push approvals of other domains (a transfer waiting for strong customer authentication) */

/** A device token of an active device on a `/device-api/*` route: who answers. */
export { requireDevice as authenticateDevice } from './route-auth';
export type { DeviceActor } from './push-sign-in';

/**
 * Sends a `pushApproval` live event to each of the user's active devices, in the caller's
 * transaction (it leaves only if the change commits). Returns how many devices were asked.
 */
export async function pushToActiveDevices(
  db: Database,
  live: Pick<Settings['live'], 'publish'>,
  params: { userId: number; status: 'pending' | 'resolved'; payload: Record<string, unknown> },
): Promise<number> {
  const devices = await devicesRepository.listActiveDevices(db, { userId: params.userId, limit: MAX_PUSH_DEVICES });
  await publishToDevices(db, live, { devices, status: params.status, payload: params.payload });
  return devices.length;
}

/** How many active devices the user has (a push approval needs one). */
export async function countActiveDevices(db: Database, params: { userId: number }): Promise<number> {
  return (await devicesRepository.listActiveDevices(db, { userId: params.userId, limit: MAX_PUSH_DEVICES })).length;
}
