import assert from 'node:assert/strict';
import {
  MAX_TRANSFER_APPROVAL_ATTEMPTS,
  MAX_TRANSFER_APPROVAL_RESENDS,
  TRANSFER_APPROVAL_EVENT,
  TransferApprovalType,
  type TransferPushApproval,
  type TransferRejectReason,
} from '@app/shared/api/transfers';
import type { Language } from '@app/shared/constants';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { AppError, errors } from '../../platform/errors';
import type { CommittedEvents } from '../../platform/live-channel';
import * as authService from '../auth/auth.service';
import * as devicesService from '../auth/devices.service';
import * as ledger from '../ledger/ledger.service';
import {
  amountLabelOf,
  APPROVAL_RESEND_COOLDOWN_SECONDS,
  assertSendBudget,
  codeHashOf,
  deliverCode,
  isSameHash,
  newCode,
  payeeOf,
  pushApprovalOf,
  type CodeDelivery,
} from './approval-challenges';
import { activateStandingOrderOf, cancelStandingOrderOf } from './standing-orders';
import { payeeNoticeOf, releaseTransfer, settleHeldTransfer } from './transfer-execution';
import type { TransferSettings } from './transfer-settings';
import * as repository from './transfers.repository';

/**
 * How the strong-customer-authentication challenge of a held transfer ends (spec 001 §4), once:
 * approved → the hold posts; declined, cancelled, expired, or the fifth wrong code → the transfer
 * is rejected and the hold voided. Every resolution locks the transfer row first (lock order:
 * transfer → daily usage → hold → accounts), so two answers at once resolve it once. Expiry is a
 * durable job at the challenge's end; the hold itself lives an hour longer, so the ledger's own
 * expiry is only a backstop. Opening the challenge is approval-challenges.ts.
 */

const MAX_PUSH_APPROVALS_LISTED = 20;

/* Resolutions (inside the caller's transaction, the transfer row locked) */

async function tellDevices(
  tx: Database,
  settings: TransferSettings,
  transfer: repository.TransferRow,
  approval: repository.ApprovalRow,
  result: 'approved' | 'declined' | 'expired',
): Promise<void> {
  if (approval.approvalType !== TransferApprovalType.PUSH) return;
  await devicesService.pushToActiveDevices(tx, settings.live, {
    userId: approval.userId,
    status: 'resolved',
    payload: { kind: 'transfer', id: transfer.id, result },
  });
}

/** Rejects a held transfer: hold voided, limit usage given back, the payer told. */
export async function rejectHeldTransfer(
  tx: Database,
  settings: TransferSettings,
  params: {
    transfer: repository.TransferRow;
    reason: TransferRejectReason;
    now: Date;
    actorUserId: number | null;
    ip: string | null;
  },
): Promise<repository.TransferRow> {
  const { transfer, reason, now } = params;
  assert.ok(transfer.status === 'awaitingApproval', 'only a transfer awaiting approval is rejected');
  await releaseTransfer(tx, transfer, now);
  const rejected = await repository.updateTransfer(tx, {
    transferId: transfer.id,
    set: { status: 'rejected', rejectReason: reason, resolvedAt: now },
  });
  const approval = await repository.findApproval(tx, { transferId: transfer.id });
  if (approval !== null && approval.resolvedAt === null) {
    await repository.updateApproval(tx, { transferId: transfer.id, set: { resolvedAt: now } });
    await tellDevices(tx, settings, transfer, approval, reason === 'expired' ? 'expired' : 'declined');
  }
  await cancelStandingOrderOf(tx, { firstTransferId: transfer.id, now });
  await settings.live.publish(tx, {
    to: { customerId: transfer.payerCustomerId },
    type: TRANSFER_APPROVAL_EVENT,
    status: 'error',
    payload: { transactionId: transfer.id, status: 'rejected', rejectReason: reason },
  });
  await recordAudit(tx, {
    actorUserId: params.actorUserId,
    customerId: transfer.payerCustomerId,
    action: 'transfers.approvalRejected',
    details: { transferId: transfer.id, reason },
    ip: params.ip,
  });
  return rejected;
}

/**
 * Approves a held transfer: the hold posts (in a savepoint). If it cannot — its time ran out on
 * the ledger, or the destination closed meanwhile — the transfer is rejected instead.
 */
async function approveHeldTransfer(
  tx: Database,
  settings: TransferSettings,
  committed: CommittedEvents,
  params: {
    transfer: repository.TransferRow;
    approval: repository.ApprovalRow;
    now: Date;
    deviceId: number | null;
    ip: string | null;
  },
): Promise<repository.TransferRow> {
  const { transfer, approval, now } = params;
  let completed: repository.TransferRow;
  try {
    completed = await tx.transaction((savepoint) => settleHeldTransfer(savepoint, settings, transfer, now));
  } catch (error) {
    if (!(error instanceof ledger.LedgerError)) throw error;
    const reason: TransferRejectReason = error.reason === 'holdNotPending' ? 'expired' : 'payeeUnavailable';
    return rejectHeldTransfer(tx, settings, { transfer, reason, now, actorUserId: approval.userId, ip: params.ip });
  }
  const notice = payeeNoticeOf(completed);
  if (notice !== null) committed.add(notice);
  await repository.updateApproval(tx, {
    transferId: transfer.id,
    set: { resolvedAt: now, answeredByDeviceId: params.deviceId },
  });
  await tellDevices(tx, settings, transfer, approval, 'approved');
  await activateStandingOrderOf(tx, { firstTransferId: transfer.id, now });
  await settings.live.publish(tx, {
    to: { customerId: transfer.payerCustomerId },
    type: TRANSFER_APPROVAL_EVENT,
    status: 'success',
    payload: { transactionId: transfer.id, status: 'completed' },
  });
  await recordAudit(tx, {
    actorUserId: approval.userId,
    customerId: transfer.payerCustomerId,
    action: 'transfers.approved',
    details: { transferId: transfer.id, approvalType: approval.approvalType, deviceId: params.deviceId ?? undefined },
    ip: params.ip,
  });
  return completed;
}

/* Entry points */

const NOT_WAITING = 'This transfer is not waiting for approval.';

/** The customer's transfer, locked, with its challenge; ENOA for anyone else's or one without a challenge. */
async function lockOwnHeldTransfer(
  tx: Database,
  params: { transferId: number; customerId: number },
): Promise<{ transfer: repository.TransferRow; approval: repository.ApprovalRow }> {
  const transfer = await repository.lockTransfer(tx, { transferId: params.transferId });
  if (transfer?.payerCustomerId !== params.customerId) throw errors.noAccess('This transfer is not available.');
  const approval = await repository.findApproval(tx, { transferId: transfer.id });
  if (approval === null) throw errors.invalidParams(NOT_WAITING);
  return { transfer, approval };
}

function endedError(transfer: repository.TransferRow): AppError {
  if (transfer.status === 'completed') return errors.invalidParams('This transfer is already completed.');
  if (transfer.rejectReason === 'expired') {
    return errors.invalidParams('The time to approve this transfer ran out. The funds were released.');
  }
  if (transfer.rejectReason === 'tooManyAttempts') {
    return errors.invalidParams('Too many incorrect codes. The transfer was rejected and the funds released.');
  }
  return errors.invalidParams('This transfer was rejected. The funds were released.');
}

/**
 * transferApprove: a sent code or an authenticator code. A wrong code is counted (and the count
 * committed) before the error answers; the fifth rejects the transfer. Approving a completed
 * transfer again answers its result, so a client may retry an approval whose answer it missed.
 */
export async function approveWithCode(
  db: Database,
  settings: TransferSettings,
  params: { transferId: number; customerId: number; userId: number; code: string; ip: string | null; now: Date },
): Promise<repository.TransferRow> {
  type Outcome = { kind: 'resolved'; transfer: repository.TransferRow } | { kind: 'wrong'; attemptsLeft: number };
  const outcome = await settings.live.publishAfterCommit(db, (committed) =>
    db.transaction(async (tx): Promise<Outcome> => {
      const { transfer, approval } = await lockOwnHeldTransfer(tx, params);
      if (approval.userId !== params.userId)
        throw errors.noAccess('Only the user who made this transfer can approve it.');
      // A retry of an approval whose answer was lost gets the outcome again; nothing moves twice.
      if (transfer.status === 'completed') return { kind: 'resolved', transfer };
      if (transfer.status !== 'awaitingApproval') throw endedError(transfer);
      if (approval.approvalType === TransferApprovalType.PUSH) {
        throw errors.invalidParams('Approve this transfer in the mobile app on your linked device.');
      }
      if (approval.expiresAt.getTime() <= params.now.getTime()) {
        const rejected = await rejectHeldTransfer(tx, settings, {
          transfer,
          reason: 'expired',
          now: params.now,
          actorUserId: params.userId,
          ip: params.ip,
        });
        return { kind: 'resolved', transfer: rejected };
      }
      const isValid =
        approval.approvalType === TransferApprovalType.OTP
          ? (await authService.verifyUserTotp(tx, settings.cipher, { userId: params.userId, token: params.code })) ===
            'valid'
          : approval.codeHash !== null && isSameHash(approval.codeHash, codeHashOf(transfer.id, params.code));
      if (isValid) {
        const resolved = await approveHeldTransfer(tx, settings, committed, {
          transfer,
          approval,
          now: params.now,
          deviceId: null,
          ip: params.ip,
        });
        return { kind: 'resolved', transfer: resolved };
      }
      const failures = await repository.incrementApprovalFailures(tx, { transferId: transfer.id });
      if (failures < MAX_TRANSFER_APPROVAL_ATTEMPTS) {
        return { kind: 'wrong', attemptsLeft: MAX_TRANSFER_APPROVAL_ATTEMPTS - failures };
      }
      const rejected = await rejectHeldTransfer(tx, settings, {
        transfer,
        reason: 'tooManyAttempts',
        now: params.now,
        actorUserId: params.userId,
        ip: params.ip,
      });
      return { kind: 'resolved', transfer: rejected };
    }),
  );
  if (outcome.kind === 'wrong') {
    const attemptsLeft = outcome.attemptsLeft;
    throw errors.validation([
      { field: 'approvalCode', message: `The code is incorrect. Attempts left: ${attemptsLeft}.` },
    ]);
  }
  if (outcome.transfer.status !== 'completed') throw endedError(outcome.transfer);
  return outcome.transfer;
}

/** PUT /device-api/transfer-approvals/{id}: a linked device of the same user answers the push. */
export async function answerPush(
  db: Database,
  settings: TransferSettings,
  params: { userId: number; deviceId: number; transferId: number; result: boolean; ip: string | null; now: Date },
): Promise<repository.TransferRow> {
  return settings.live.publishAfterCommit(db, (committed) =>
    db.transaction(async (tx) => {
      const transfer = await repository.lockTransfer(tx, { transferId: params.transferId });
      const approval = transfer === null ? null : await repository.findApproval(tx, { transferId: transfer.id });
      if (
        transfer === null ||
        approval?.userId !== params.userId ||
        approval.approvalType !== TransferApprovalType.PUSH ||
        transfer.status !== 'awaitingApproval' ||
        approval.expiresAt.getTime() <= params.now.getTime()
      ) {
        throw errors.noAccess('This transfer is not waiting for your answer.');
      }
      if (!params.result) {
        return rejectHeldTransfer(tx, settings, {
          transfer,
          reason: 'declined',
          now: params.now,
          actorUserId: params.userId,
          ip: params.ip,
        });
      }
      return approveHeldTransfer(tx, settings, committed, {
        transfer,
        approval,
        now: params.now,
        deviceId: params.deviceId,
        ip: params.ip,
      });
    }),
  );
}

/** GET /device-api/transfer-approvals: what this device's user can still answer. */
export async function openPushApprovals(
  db: Database,
  params: { userId: number; now: Date },
): Promise<TransferPushApproval[]> {
  const rows = await repository.listOpenPushApprovals(db, {
    userId: params.userId,
    pushType: TransferApprovalType.PUSH,
    now: params.now,
    limit: MAX_PUSH_APPROVALS_LISTED,
  });
  return rows.map((row) => pushApprovalOf(row.transfer, row.approval.expiresAt));
}

/** transferApprovalCancel: the payer gives up; the funds are released. Cancelling twice is a no-op. */
export async function cancelHeldTransfer(
  db: Database,
  settings: TransferSettings,
  params: { transferId: number; customerId: number; userId: number; ip: string | null; now: Date },
): Promise<repository.TransferRow> {
  return db.transaction(async (tx) => {
    const { transfer } = await lockOwnHeldTransfer(tx, params);
    if (transfer.status === 'rejected' && transfer.rejectReason === 'cancelled') return transfer;
    if (transfer.status !== 'awaitingApproval') throw endedError(transfer);
    return rejectHeldTransfer(tx, settings, {
      transfer,
      reason: 'cancelled',
      now: params.now,
      actorUserId: params.userId,
      ip: params.ip,
    });
  });
}

export interface ResendResult {
  approval: repository.ApprovalRow;
  resendsLeft: number;
}

/** transferApprovalResend: a new code (the old one stops working) or the push again, within limits. */
export async function resendChallenge(
  db: Database,
  settings: TransferSettings,
  params: { transferId: number; customerId: number; userId: number; language: Language; now: Date },
): Promise<ResendResult> {
  const pending: { delivery: CodeDelivery | null } = { delivery: null };
  const result = await db.transaction(async (tx): Promise<ResendResult> => {
    const { transfer, approval } = await lockOwnHeldTransfer(tx, params);
    if (approval.userId !== params.userId)
      throw errors.noAccess('Only the user who made this transfer can approve it.');
    if (transfer.status !== 'awaitingApproval' || approval.expiresAt.getTime() <= params.now.getTime()) {
      throw endedError(
        transfer.status === 'awaitingApproval'
          ? { ...transfer, status: 'rejected', rejectReason: 'expired' }
          : transfer,
      );
    }
    if (approval.approvalType === TransferApprovalType.OTP) {
      throw errors.invalidParams('Nothing is sent for this approval: use the code in your authenticator app.');
    }
    await assertSendBudget(tx, { userId: approval.userId, now: params.now });
    const remainingSeconds = (approval.expiresAt.getTime() - params.now.getTime()) / 1000;
    if (approval.sendCount > MAX_TRANSFER_APPROVAL_RESENDS) throw errors.rateLimited(remainingSeconds);
    const sinceLastSeconds = (params.now.getTime() - approval.lastSentAt.getTime()) / 1000;
    if (sinceLastSeconds < APPROVAL_RESEND_COOLDOWN_SECONDS) {
      throw errors.rateLimited(APPROVAL_RESEND_COOLDOWN_SECONDS - sinceLastSeconds);
    }
    let codeHash = approval.codeHash;
    if (approval.approvalType === TransferApprovalType.PUSH) {
      await devicesService.pushToActiveDevices(tx, settings.live, {
        userId: approval.userId,
        status: 'pending',
        payload: pushApprovalOf(transfer, approval.expiresAt),
      });
    } else {
      assert.ok(approval.recipient !== null, 'a sent-code approval has a recipient');
      const code = newCode();
      codeHash = codeHashOf(transfer.id, code);
      pending.delivery = {
        channel: approval.approvalType === TransferApprovalType.SMS ? 'sms' : 'email',
        recipient: approval.recipient,
        code,
        amount: `${amountLabelOf(transfer)} ${transfer.fromCurrency}`,
        payee: payeeOf(transfer),
      };
    }
    const updated = await repository.updateApproval(tx, {
      transferId: transfer.id,
      set: { codeHash, sendCount: approval.sendCount + 1, lastSentAt: params.now },
    });
    return { approval: updated, resendsLeft: Math.max(0, MAX_TRANSFER_APPROVAL_RESENDS + 1 - updated.sendCount) };
  });
  if (pending.delivery !== null) await deliverCode(settings, pending.delivery, params.language);
  return result;
}

/**
 * The expiry job (and the sweep that backs it up): rejects the transfer if it is still waiting
 * and its challenge has ended by `now`. Idempotent: a resolved transfer is left alone.
 */
export async function expireChallenge(
  db: Database,
  settings: TransferSettings,
  params: { transferId: number; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const transfer = await repository.lockTransfer(tx, { transferId: params.transferId });
    if (transfer?.status !== 'awaitingApproval') return false;
    const approval = await repository.findApproval(tx, { transferId: transfer.id });
    if (approval === null || approval.expiresAt.getTime() > params.now.getTime()) return false;
    await rejectHeldTransfer(tx, settings, {
      transfer,
      reason: 'expired',
      now: params.now,
      actorUserId: null,
      ip: null,
    });
    return true;
  });
}

const OVERDUE_SWEEP_LIMIT = 100;

/** Rejects transfers whose challenge ended but whose expiry job has not (yet) run. */
export async function expireOverdueChallenges(
  db: Database,
  settings: TransferSettings,
  params: { now: Date },
): Promise<number> {
  const transferIds = await repository.findOverdueApprovals(db, { now: params.now, limit: OVERDUE_SWEEP_LIMIT });
  let expired = 0;
  for (const transferId of transferIds) {
    if (await expireChallenge(db, settings, { transferId, now: params.now })) expired += 1;
  }
  return expired;
}
