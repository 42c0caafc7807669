import assert from 'node:assert/strict';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  TRANSFER_APPROVAL_TTL_SECONDS,
  TransferApprovalType,
  type TransferPushApproval,
} from '@app/shared/api/transfers';
import type { Language } from '@app/shared/constants';
import { formatAmount } from '@app/shared/money';
import type { Database } from '../../db/client';
import { errors } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import * as authService from '../auth/auth.service';
import * as devicesService from '../auth/devices.service';
import { approvalCodeTextsIn, type Payee } from './approval-code-texts';
import type { TransferSettings } from './transfer-settings';
import * as repository from './transfers.repository';

/**
 * Opening the strong-customer-authentication challenge of a held transfer (spec 001 §4 "Approval
 * of a transaction") and sending its code; how it ends is transfer-approvals.ts. A transfer of a
 * user whose approval mode is above 0 is held, and a challenge opens:
 * - push (1): the user's linked devices are asked live; a device answers through
 *   PUT /device-api/transfer-approvals/{id};
 * - sms (2) / approvalCode (4): a six-digit code goes to the user's phone / login e-mail, naming
 *   the amount and the payee (dynamic linking, PSD2 RTS art. 5), and comes back in transferApprove;
 * - otp (3): a code of the user's authenticator app, each time step accepted once.
 * A mode whose factor the user lacks (no device, phone or authenticator) falls back to the e-mail
 * code, as sign-in does, rather than leaving the transfer unapprovable. The hold lives an hour
 * longer than the challenge, so the ledger's own hold expiry is only a backstop.
 */

export const HOLD_MARGIN_MS = 60 * 60 * 1000;
export const EXPIRE_APPROVAL_QUEUE = 'transfers.expireApproval';
/** Between two sends of a code or push for one transfer. */
export const APPROVAL_RESEND_COOLDOWN_SECONDS = 30;
/** Against SMS pumping and push fatigue: codes and pushes one user is sent for transfers per hour. */
export const MAX_APPROVAL_SENDS_PER_USER_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;

/** Refuses (RL) once the user was sent too many codes or pushes this hour. */
export async function assertSendBudget(db: Database, params: { userId: number; now: Date }): Promise<void> {
  const sent = await repository.countApprovalSendsSince(db, {
    userId: params.userId,
    since: new Date(params.now.getTime() - HOUR_MS),
  });
  if (sent >= MAX_APPROVAL_SENDS_PER_USER_PER_HOUR) throw errors.rateLimited(HOUR_MS / 1000);
}

/** What leaves after the commit: a code by SMS or e-mail. */
export interface CodeDelivery {
  channel: 'sms' | 'email';
  recipient: string;
  code: string;
  amount: string;
  payee: Payee;
}

export interface OpenedChallenge {
  approval: repository.ApprovalRow;
  delivery: CodeDelivery | null;
}

export function codeHashOf(transferId: number, code: string): string {
  return createHash('sha256').update(`${transferId}:${code}`).digest('hex');
}

export function isSameHash(expected: string, presented: string): boolean {
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(presented, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Whom the money goes to, for the code's message to name in its language. */
export function payeeOf(transfer: repository.TransferRow): Payee {
  return transfer.toEmail === null ? { ownAccountId: transfer.toAccountId } : { email: transfer.toEmail };
}

/** Whom the money goes to, as the push approval shows it. */
export function payeeLabelOf(transfer: repository.TransferRow): string {
  return transfer.toEmail ?? `own account #${transfer.toAccountId}`;
}

export function amountLabelOf(transfer: repository.TransferRow): string {
  return formatAmount(transfer.fromAmountMinor + transfer.feeMinor, transfer.fromCurrency);
}

export function pushApprovalOf(transfer: repository.TransferRow, expiresAt: Date): TransferPushApproval {
  return {
    kind: 'transfer',
    id: transfer.id,
    amount: amountLabelOf(transfer),
    currencyCode: transfer.fromCurrency,
    to: payeeLabelOf(transfer),
    expiresAt: expiresAt.toISOString(),
  };
}

export function maskedRecipientOf(
  approval: Pick<repository.ApprovalRow, 'approvalType' | 'recipient'>,
): string | undefined {
  if (approval.recipient === null) return undefined;
  return approval.approvalType === TransferApprovalType.SMS
    ? authService.maskPhone(approval.recipient)
    : authService.maskEmail(approval.recipient);
}

/**
 * The approval type a transfer of this user gets: their mode, or the e-mail code when the mode's
 * factor is missing; 0 when the mode is 0.
 */
export async function effectiveApprovalType(
  db: Database,
  params: { userId: number; mode: number },
): Promise<{ type: number; factors: authService.ApprovalFactors | null }> {
  if (params.mode === TransferApprovalType.NONE) return { type: TransferApprovalType.NONE, factors: null };
  const factors = await authService.approvalFactorsOf(db, { userId: params.userId });
  assert.ok(factors !== null, `user ${params.userId} vanished`);
  switch (params.mode) {
    case TransferApprovalType.PUSH:
      return {
        type:
          (await devicesService.countActiveDevices(db, { userId: params.userId })) > 0
            ? TransferApprovalType.PUSH
            : TransferApprovalType.APPROVAL_CODE,
        factors,
      };
    case TransferApprovalType.SMS:
      return {
        type: factors.smsPhone === null ? TransferApprovalType.APPROVAL_CODE : TransferApprovalType.SMS,
        factors,
      };
    case TransferApprovalType.OTP:
      return { type: factors.hasTotp ? TransferApprovalType.OTP : TransferApprovalType.APPROVAL_CODE, factors };
    default:
      return { type: TransferApprovalType.APPROVAL_CODE, factors };
  }
}

export function challengeTimesOf(now: Date): { expiresAt: Date; holdUntil: Date } {
  const expiresAt = new Date(now.getTime() + TRANSFER_APPROVAL_TTL_SECONDS * 1000);
  return { expiresAt, holdUntil: new Date(expiresAt.getTime() + HOLD_MARGIN_MS) };
}

/** Opens the challenge of a just-held transfer, in its transaction; the code leaves after the commit. */
export async function openChallenge(
  tx: Database,
  settings: TransferSettings,
  params: {
    transfer: repository.TransferRow;
    userId: number;
    type: number;
    factors: authService.ApprovalFactors;
    expiresAt: Date;
    now: Date;
  },
): Promise<OpenedChallenge> {
  const { transfer, type } = params;
  if (type !== TransferApprovalType.OTP) await assertSendBudget(tx, { userId: params.userId, now: params.now });
  const recipient =
    type === TransferApprovalType.SMS
      ? params.factors.smsPhone
      : type === TransferApprovalType.APPROVAL_CODE
        ? params.factors.email
        : null;
  const code = recipient === null ? null : newCode();
  const approval = await repository.insertApproval(tx, {
    transferId: transfer.id,
    userId: params.userId,
    approvalType: type,
    codeHash: code === null ? null : codeHashOf(transfer.id, code),
    recipient,
    lastSentAt: params.now,
    expiresAt: params.expiresAt,
  });
  if (type === TransferApprovalType.PUSH) {
    await devicesService.pushToActiveDevices(tx, settings.live, {
      userId: params.userId,
      status: 'pending',
      payload: pushApprovalOf(transfer, params.expiresAt),
    });
  }
  await enqueueJob(tx, {
    queue: EXPIRE_APPROVAL_QUEUE,
    payload: { transferId: transfer.id },
    runAt: params.expiresAt,
    singletonKey: String(transfer.id),
  });
  return {
    approval,
    delivery:
      code === null || recipient === null
        ? null
        : {
            channel: type === TransferApprovalType.SMS ? 'sms' : 'email',
            recipient,
            code,
            amount: `${amountLabelOf(transfer)} ${transfer.fromCurrency}`,
            payee: payeeOf(transfer),
          },
  };
}

/**
 * Sends a code once its transaction committed, in `language` (the request's that made or re-sent
 * it); a failed send is the user's cue to ask again.
 */
export async function deliverCode(
  settings: TransferSettings,
  delivery: CodeDelivery,
  language: Language,
): Promise<void> {
  const texts = approvalCodeTextsIn(language);
  const facts = {
    brand: authService.brandNameOf(settings.brand),
    code: delivery.code,
    amount: delivery.amount,
    payee: delivery.payee,
    minutes: Math.round(TRANSFER_APPROVAL_TTL_SECONDS / 60),
  };
  const text = texts.message(facts);
  if (delivery.channel === 'sms') {
    await settings.messaging.sms.send({ to: delivery.recipient, text });
    return;
  }
  await settings.messaging.mail.send({
    to: delivery.recipient,
    subject: texts.subject(facts),
    text: `${text}\n\n${texts.notYou}`,
  });
}
