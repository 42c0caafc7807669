import assert from 'node:assert/strict';
import { MAX_TRANSFER_TEMPLATES, TransferApprovalType, type TransferResult } from '@app/shared/api/transfers';
import { AccessRight } from '@app/shared/constants';
import type { Database } from '../../db/client';
import { errors } from '../../platform/errors';
import { requestHashOf, withIdempotency } from '../../platform/idempotency';
import type { ActingCall } from '../../platform/main-api';
import * as customersService from '../customers/customers.service';
import {
  challengeTimesOf,
  deliverCode,
  effectiveApprovalType,
  openChallenge,
  type CodeDelivery,
} from './approval-challenges';
import { createStandingOrder, subscriptionOf, type SubscriptionInput } from './standing-orders';
import { executeTransfer, payeeNoticeOf } from './transfer-execution';
import { planOwnAccountsTransfer, planP2PTransfer, type TransferPlan } from './transfer-plans';
import type { Actor, TransferSettings } from './transfer-settings';
import { transferResultOf } from './transfer-views';
import * as repository from './transfers.repository';

/**
 * Transfers between own accounts and to other customers (spec 001 §3, §4, §5, §7): the rules a
 * method calls. A money-moving call runs in one database transaction with its idempotency key:
 * plan (accounts, amounts, rate, fee), limits, the ledger movement or hold, the transfer row, the
 * approval challenge, the standing order, the template and the jobs (the payee's e-mail) all
 * commit together, so a killed process leaves either the whole transfer or nothing of it. The
 * payee's live notice is published just after the commit, outside the money transaction
 * (transfer-execution.ts `payeeNoticeOf`); a process killed in between loses only that notice.
 */

export type { Actor, TransferSettings } from './transfer-settings';
export {
  answerPush,
  approveWithCode,
  cancelHeldTransfer,
  expireChallenge,
  openPushApprovals,
  resendChallenge,
} from './transfer-approvals';
export { cancelStandingOrder, runStandingOrder } from './standing-orders';

/** What a transfer needs to know about the user who sends it. */
export interface Payer {
  /** Their approval mode (spec 001 §4). */
  approvalMode: number;
  /** The e-mail they sign in with: what a payee sees, and what blacklists name. */
  login: string;
}

/**
 * The user as a payer, once it is clear they may move this customer's money: a company user needs
 * full rights (2). Lesser rights (read, or initiate, whose payments need a company approver) do
 * not send money. One read serves the rights, the approval mode and the login.
 */
async function payerOf(db: Database, actor: Actor): Promise<Payer> {
  const info = await customersService.customerInfo(db, {
    session: actor.session,
    customerId: actor.customerId,
    oldWebUrl: undefined,
  });
  if (info.accessRights !== undefined && info.accessRights !== AccessRight.FULL) {
    throw errors.noAccess('Your access to this company does not allow sending money.');
  }
  return { approvalMode: info.transactionApproveMode, login: info.login };
}

interface Submission {
  method: string;
  idempotencyKey: string;
  /** What the hash covers: the request without its key. */
  request: Record<string, unknown>;
  subscription: SubscriptionInput;
  /** The amount each run of a standing order sends, as the customer gave it. */
  recurringAmount: (plan: TransferPlan) => { amountMinor: bigint; currency: string };
  plan: (tx: Database, payer: Payer) => Promise<TransferPlan>;
  templateName?: string;
}

async function submit(
  db: Database,
  settings: TransferSettings,
  actor: Actor,
  submission: Submission,
  now: Date,
): Promise<TransferResult> {
  const pending: { delivery: CodeDelivery | null } = { delivery: null };
  const result = await settings.live.publishAfterCommit(db, (committed) =>
    withIdempotency<TransferResult>(
      db,
      {
        scope: `customer:${actor.customerId}`,
        key: submission.idempotencyKey,
        requestHash: requestHashOf({ method: submission.method, ...submission.request }),
      },
      async (tx) => {
        const userId = actor.session.userId;
        const payer = await payerOf(tx, actor);
        const subscription = subscriptionOf(submission.subscription, now);
        const plan = await submission.plan(tx, payer);
        const { type, factors } = await effectiveApprovalType(tx, { userId, mode: payer.approvalMode });
        const times = type === TransferApprovalType.NONE ? null : challengeTimesOf(now);
        let transfer = await executeTransfer(tx, settings, plan, {
          now,
          holdUntil: times?.holdUntil,
          approvalType: type,
        });
        let approval: repository.ApprovalRow | null = null;
        if (times !== null) {
          assert.ok(factors !== null);
          const opened = await openChallenge(tx, settings, {
            transfer,
            userId,
            type,
            factors,
            expiresAt: times.expiresAt,
            now,
          });
          approval = opened.approval;
          pending.delivery = opened.delivery;
        }
        if (subscription !== null) {
          const recurring = submission.recurringAmount(plan);
          const order = await createStandingOrder(tx, {
            plan,
            subscription,
            firstTransfer: transfer,
            amountMinor: recurring.amountMinor,
            currency: recurring.currency,
            createdByUserId: userId,
            now,
          });
          transfer = { ...transfer, standingOrderId: order.id, runNumber: 1 };
        }
        if (submission.templateName !== undefined) {
          await saveTemplate(tx, { name: submission.templateName, plan });
        }
        // Only the call that made the transfer tells the payee; a replay of the key tells no one.
        const notice = payeeNoticeOf(transfer);
        if (notice !== null) committed.add(notice);
        return transferResultOf(transfer, approval);
      },
    ),
  );
  // Only the call that made the transfer sends its code; a replay of the key sends nothing.
  if (pending.delivery !== null) await deliverCode(settings, pending.delivery, actor.language);
  return result;
}

async function saveTemplate(tx: Database, params: { name: string; plan: TransferPlan }): Promise<void> {
  const { plan } = params;
  if ((await repository.countTemplates(tx, { customerId: plan.payerCustomerId })) >= MAX_TRANSFER_TEMPLATES) {
    throw errors.validation([
      { field: 'templateName', message: `You can keep up to ${MAX_TRANSFER_TEMPLATES} templates. Delete one first.` },
    ]);
  }
  await repository.upsertTemplate(tx, {
    customerId: plan.payerCustomerId,
    name: params.name,
    kind: plan.kind,
    fromAccountId: plan.from.accountId,
    toAccountId: plan.kind === 'account' ? plan.to.accountId : null,
    toEmail: plan.toEmail,
    amountMinor: plan.toAmountMinor,
    currency: plan.to.currency,
    note: plan.note,
    reference: plan.reference,
  });
}

export interface OwnAccountsTransferInput extends SubscriptionInput {
  fromAccount: number;
  toAccount: number;
  toAmount: string;
  currency?: string;
  idempotencyKey: string;
}

/** transferBetweenAccounts */
export function submitOwnAccountsTransfer(
  db: Database,
  settings: TransferSettings,
  actor: Actor,
  input: OwnAccountsTransferInput,
  now: Date = new Date(),
): Promise<TransferResult> {
  const { idempotencyKey, ...request } = input;
  return submit(
    db,
    settings,
    actor,
    {
      method: 'transferBetweenAccounts',
      idempotencyKey,
      request,
      subscription: input,
      recurringAmount: (plan) => {
        const currency = input.currency ?? plan.from.currency;
        return {
          currency,
          amountMinor: currency === plan.from.currency ? plan.fromAmountMinor : plan.toAmountMinor,
        };
      },
      plan: (tx) =>
        planOwnAccountsTransfer(tx, {
          customerId: actor.customerId,
          userId: actor.session.userId,
          fromAccountId: input.fromAccount,
          toAccountId: input.toAccount,
          toAmount: input.toAmount,
          currency: input.currency,
        }),
    },
    now,
  );
}

export interface P2PTransferInput extends SubscriptionInput {
  accountId: number;
  amount: string;
  currency: string;
  toEmail: string;
  note?: string;
  reference?: string;
  templateName?: string;
  idempotencyKey: string;
}

/** A transfer made once, not a standing order's first run (a bad subscription is the single path's to refuse). */
function isOneOff(input: SubscriptionInput, now: Date): boolean {
  try {
    return subscriptionOf(input, now) === null;
  } catch {
    return false;
  }
}

/**
 * transferP2P. `actor.customerId` may be provisional (`acting.isProvisional`): the batch write
 * checks the call acts for it, and anything else confirms it first.
 */
export async function submitP2PTransfer(
  db: Database,
  settings: TransferSettings,
  provisionalActor: Actor,
  acting: ActingCall,
  input: P2PTransferInput,
  now: Date = new Date(),
): Promise<TransferResult> {
  const { idempotencyKey, ...request } = input;
  const batches = settings.p2pBatches;
  if (batches !== null && input.templateName === undefined && isOneOff(input, now)) {
    // The plain case goes in the next batch of the group commit; it answers null for anything else.
    const batched = await batches.submit({
      actor: provisionalActor,
      acting: { fromCustomerId: acting.fromCustomerId, checksTerms: acting.checksTerms },
      accountId: input.accountId,
      amount: input.amount,
      currency: input.currency,
      toEmail: input.toEmail,
      note: input.note,
      reference: input.reference,
      idempotencyKey,
      hashed: request,
      now,
    });
    if (batched !== null) return batched;
  }
  const customerId = await acting.confirm();
  if (customerId === null) throw errors.noAccess('Choose the customer to act for first.');
  const actor = { ...provisionalActor, customerId };
  return submit(
    db,
    settings,
    actor,
    {
      method: 'transferP2P',
      idempotencyKey,
      request,
      subscription: input,
      recurringAmount: (plan) => ({ amountMinor: plan.toAmountMinor, currency: plan.to.currency }),
      templateName: input.templateName,
      plan: (tx, payer) =>
        planP2PTransfer(tx, {
          customerId: actor.customerId,
          userId: actor.session.userId,
          fromEmail: payer.login,
          fromAccountId: input.accountId,
          amount: input.amount,
          currency: input.currency,
          toEmail: input.toEmail,
          note: input.note,
          reference: input.reference,
        }),
    },
    now,
  );
}

export { maxAmount, ownAccountsFee, p2pFee, transferLimits } from './transfer-quotes';
export {
  checkPayee,
  deleteTemplate,
  listPreapprovedPayments,
  listTemplates,
  recentP2PPayees,
  recentTransfers,
  transferDetails,
} from './transfer-queries';
export { preapprovedPaymentOf, transferResultOf } from './transfer-views';
