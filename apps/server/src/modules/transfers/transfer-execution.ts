import assert from 'node:assert/strict';
import { FUNDS_RECEIVED_NOTIFICATION } from '@app/shared/accounts';
import { formatAmount } from '@app/shared/money';
import type { Database } from '../../db/client';
import { errors } from '../../platform/errors';
import { enqueueJob, type EnqueueJob } from '../../platform/jobs';
import type { LiveEventToPublish } from '../../platform/live-channel';
import * as ledger from '../ledger/ledger.service';
import { isConversion, type TransferPlan } from './transfer-plans';
import type { TransferSettings } from './transfer-settings';
import * as repository from './transfers.repository';

/**
 * Where money moves. Every function here runs inside the caller's database transaction (the one
 * that also holds the idempotency key), so the transfer row, its ledger movement, its limit usage
 * and its jobs commit together or not at all.
 *
 * Postings of one transfer, always in one ledger transaction:
 *   source −(amount + fee) · destination +amount · fees +fee                  (one currency)
 *   source −(from + fee) · fx +from · fees +fee · fx −to · destination +to      (converting)
 * A transfer held for approval reserves `from + fee` on the source; approving posts the hold to
 * the destination and the fees account — or, when converting, to the FX account, with the FX
 * account's leg in the other currency as extra postings of the same ledger transaction.
 *
 * The money path is also the hot path, so it is written for round trips: the limits and system
 * account ids come from memory, the daily usage and the transfer's id come in one statement, the
 * ledger works in the caller's transaction without savepoints, and the transfer row is written
 * once, after its movement, with the movement's id. The payee's live notice leaves after the
 * commit (`payeeNoticeOf`); their e-mail is a job enqueued in the transaction.
 */

export const NOTIFY_PAYEE_QUEUE = 'transfers.notifyPayee';

/** The UTC day a moment falls on, as daily limits count it. */
export function dayOf(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

export const LEDGER_KIND = { account: 'transfer.ownAccounts', p2p: 'transfer.p2p' } as const;

/** What the ledger records of a transfer: known before its row is written. */
type TransferFacts = Pick<
  repository.TransferRow,
  | 'id'
  | 'kind'
  | 'fromAccountId'
  | 'toAccountId'
  | 'feeMinor'
  | 'fromCurrency'
  | 'toCurrency'
  | 'exchangeRate'
  | 'toEmail'
  | 'fromEmail'
  | 'note'
  | 'reference'
  | 'standingOrderId'
>;

/** What history shows about the movement (spec 001 §3); small: the ledger caps metadata at 2 KB. */
export function ledgerMetadataOf(transfer: TransferFacts): Record<string, unknown> {
  const metadata: Record<string, unknown> = {
    transferId: transfer.id,
    transferKind: transfer.kind,
    fromAccountId: transfer.fromAccountId,
    toAccountId: transfer.toAccountId,
    fee: formatAmount(transfer.feeMinor, transfer.fromCurrency),
    feeCurrency: transfer.fromCurrency,
  };
  if (transfer.fromCurrency !== transfer.toCurrency) metadata.exchangeRate = transfer.exchangeRate;
  if (transfer.toEmail !== null) metadata.toEmail = transfer.toEmail;
  if (transfer.fromEmail !== null) metadata.fromEmail = transfer.fromEmail;
  if (transfer.note !== null) metadata.note = transfer.note;
  if (transfer.reference !== null) metadata.reference = transfer.reference;
  if (transfer.standingOrderId !== null) metadata.standingOrderId = transfer.standingOrderId;
  return metadata;
}

export function ledgerDescriptionOf(
  transfer: Pick<TransferFacts, 'kind' | 'toEmail' | 'fromAccountId' | 'toAccountId'>,
): string {
  return transfer.kind === 'p2p'
    ? `Transfer to ${transfer.toEmail ?? 'another customer'}`
    : `Transfer between own accounts #${transfer.fromAccountId} → #${transfer.toAccountId}`;
}

interface SystemAccounts {
  feesFrom: number;
  fxFrom: number;
  fxTo: number;
}

async function systemAccountsOf(
  db: Database,
  settings: TransferSettings,
  transfer: Pick<repository.TransferRow, 'fromCurrency' | 'toCurrency'>,
): Promise<SystemAccounts> {
  const { systemAccounts } = settings;
  return {
    feesFrom: await systemAccounts.idOf(db, 'fees', transfer.fromCurrency),
    fxFrom: await systemAccounts.idOf(db, 'fx', transfer.fromCurrency),
    fxTo: await systemAccounts.idOf(db, 'fx', transfer.toCurrency),
  };
}

type MovedAmounts = Pick<
  repository.TransferRow,
  | 'fromLedgerAccountId'
  | 'toLedgerAccountId'
  | 'fromAmountMinor'
  | 'toAmountMinor'
  | 'feeMinor'
  | 'fromCurrency'
  | 'toCurrency'
>;

function postingsOf(transfer: MovedAmounts, system: SystemAccounts): ledger.PostingDraft[] {
  const isFx = transfer.fromCurrency !== transfer.toCurrency;
  const postings: ledger.PostingDraft[] = [
    {
      accountId: transfer.fromLedgerAccountId,
      amountMinor: -(transfer.fromAmountMinor + transfer.feeMinor),
      currency: transfer.fromCurrency,
    },
  ];
  if (isFx) {
    postings.push(
      { accountId: system.fxFrom, amountMinor: transfer.fromAmountMinor, currency: transfer.fromCurrency },
      { accountId: system.fxTo, amountMinor: -transfer.toAmountMinor, currency: transfer.toCurrency },
    );
  }
  postings.push({
    accountId: transfer.toLedgerAccountId,
    amountMinor: transfer.toAmountMinor,
    currency: transfer.toCurrency,
  });
  if (transfer.feeMinor > 0n) {
    postings.push({ accountId: system.feesFrom, amountMinor: transfer.feeMinor, currency: transfer.fromCurrency });
  }
  return postings;
}

/**
 * Checks the per-transfer limits and counts the amount against the day's; returns the id the
 * transfer will have. Refusals are VF on `amount`, like insufficient funds: whatever the input
 * field was called, it is the amount that does not fit.
 */
async function applyLimits(
  db: Database,
  settings: TransferSettings,
  plan: TransferPlan,
  params: { now: Date },
): Promise<number> {
  const currency = plan.from.currency;
  const limits = await settings.limits.limitsOf(db, { kind: plan.kind, currency });
  if (plan.fromAmountMinor < limits.minAmountMinor) {
    const smallest = formatAmount(limits.minAmountMinor, currency);
    throw errors.validation([{ field: 'amount', message: `The smallest amount is ${smallest} ${currency}.` }]);
  }
  if (plan.fromAmountMinor > limits.perTransferMaxMinor) {
    const most = formatAmount(limits.perTransferMaxMinor, currency);
    throw errors.validation([
      { field: 'amount', message: `The most you can send in one transfer is ${most} ${currency}.` },
    ]);
  }
  const claimed = await repository.claimDailyUsage(db, {
    customerId: plan.payerCustomerId,
    kind: plan.kind,
    currency,
    day: dayOf(params.now),
    amountMinor: plan.fromAmountMinor,
    dailyMaxMinor: limits.dailyMaxMinor,
  });
  if (claimed === null) {
    const dailyLimit = formatAmount(limits.dailyMaxMinor, currency);
    throw errors.validation([
      { field: 'amount', message: `This would pass your daily limit of ${dailyLimit} ${currency}.` },
    ]);
  }
  return claimed.transferId;
}

export interface ExecuteOptions {
  now: Date;
  /** Held for approval until this time; absent: posted at once. */
  holdUntil?: Date;
  approvalType: number;
  standingOrder?: { orderId: number; runNumber: number };
}

/** The row of a transfer about to be written: the plan, and no hold or ledger transaction yet. */
export function newTransferOf(
  plan: TransferPlan,
  params: {
    id: number;
    status: 'awaitingApproval' | 'completed';
    approvalType: number;
    now: Date;
    standingOrder?: { orderId: number; runNumber: number };
  },
): repository.NewTransfer {
  return {
    id: params.id,
    kind: plan.kind,
    status: params.status,
    payerCustomerId: plan.payerCustomerId,
    payerUserId: plan.payerUserId,
    fromAccountId: plan.from.accountId,
    fromLedgerAccountId: plan.from.ledgerAccountId,
    payeeCustomerId: plan.payeeCustomerId,
    toAccountId: plan.to.accountId,
    toLedgerAccountId: plan.to.ledgerAccountId,
    toEmail: plan.toEmail,
    fromEmail: plan.fromEmail,
    fromAmountMinor: plan.fromAmountMinor,
    fromCurrency: plan.from.currency,
    toAmountMinor: plan.toAmountMinor,
    toCurrency: plan.to.currency,
    exchangeRate: plan.exchangeRate,
    feeMinor: plan.feeMinor,
    note: plan.note,
    reference: plan.reference,
    approvalType: params.approvalType,
    holdId: null,
    ledgerTransactionId: null,
    standingOrderId: params.standingOrder?.orderId ?? null,
    runNumber: params.standingOrder?.runNumber ?? null,
    createdAt: params.now,
    resolvedAt: params.status === 'completed' ? params.now : null,
  };
}

/**
 * Records the transfer and moves (or holds) its money, in the caller's transaction, which must roll
 * back when this throws: insufficient funds, a closed account or a passed limit throw their
 * catalogue errors (the ledger works without savepoints of its own). A completed P2P transfer's
 * e-mail to the payee is enqueued here; its live notice is the caller's to publish after the
 * commit (`payeeNoticeOf`).
 */
export async function executeTransfer(
  tx: Database,
  settings: TransferSettings,
  plan: TransferPlan,
  options: ExecuteOptions,
): Promise<repository.TransferRow> {
  const transferId = await applyLimits(tx, settings, plan, options);
  const isHeld = options.holdUntil !== undefined;
  const transfer = newTransferOf(plan, {
    id: transferId,
    status: isHeld ? 'awaitingApproval' : 'completed',
    approvalType: options.approvalType,
    now: options.now,
    standingOrder: options.standingOrder,
  });
  const system = await systemAccountsOf(tx, settings, transfer);
  if (options.holdUntil !== undefined) {
    const hold = await ledger.placeHoldInTransaction(tx, {
      accountId: transfer.fromLedgerAccountId,
      // Converting: the hold posts to the FX account, which pays out the other currency.
      toAccountId: isConversion(plan) ? system.fxFrom : transfer.toLedgerAccountId,
      amountMinor: transfer.fromAmountMinor + transfer.feeMinor,
      currency: transfer.fromCurrency,
      expiresAt: options.holdUntil,
      kind: LEDGER_KIND[transfer.kind],
      description: ledgerDescriptionOf(transfer),
      metadata: ledgerMetadataOf(transfer),
      now: options.now,
    });
    return repository.insertNewTransfer(tx, { ...transfer, holdId: hold.id });
  }
  const posted = await ledger.postTransactionInTransaction(tx, {
    kind: LEDGER_KIND[transfer.kind],
    description: ledgerDescriptionOf(transfer),
    metadata: ledgerMetadataOf(transfer),
    postings: postingsOf(transfer, system),
  });
  // The payee's e-mail is enqueued by the same statement that writes the transfer.
  return repository.insertNewTransfer(tx, { ...transfer, ledgerTransactionId: posted.id }, payeeMailOf(transfer));
}

/**
 * Posts the hold of an approved transfer — with the FX account's payout in the other currency as
 * extra postings when converting, so the whole transfer is one ledger transaction — and marks it
 * completed. Throws the ledger's error when the hold cannot post (expired, destination closed);
 * the caller runs this in a savepoint and rejects the transfer instead, and publishes the payee's
 * notice (`payeeNoticeOf`) once its transaction committed.
 */
export async function settleHeldTransfer(
  tx: Database,
  settings: TransferSettings,
  transfer: repository.TransferRow,
  now: Date,
): Promise<repository.TransferRow> {
  assert.ok(transfer.status === 'awaitingApproval' && transfer.holdId !== null, 'only a held transfer settles');
  const system = await systemAccountsOf(tx, settings, transfer);
  const isFx = transfer.fromCurrency !== transfer.toCurrency;
  const credits = [
    isFx
      ? { accountId: system.fxFrom, amountMinor: transfer.fromAmountMinor }
      : { accountId: transfer.toLedgerAccountId, amountMinor: transfer.toAmountMinor },
  ];
  if (transfer.feeMinor > 0n) credits.push({ accountId: system.feesFrom, amountMinor: transfer.feeMinor });
  const { transaction } = await ledger.postHoldInTransaction(tx, {
    holdId: transfer.holdId,
    credits,
    extraPostings: isFx
      ? [
          { accountId: system.fxTo, amountMinor: -transfer.toAmountMinor, currency: transfer.toCurrency },
          { accountId: transfer.toLedgerAccountId, amountMinor: transfer.toAmountMinor, currency: transfer.toCurrency },
        ]
      : [],
    metadata: ledgerMetadataOf(transfer),
    now,
  });
  const completed = await repository.updateTransfer(tx, {
    transferId: transfer.id,
    set: { status: 'completed', ledgerTransactionId: transaction.id, resolvedAt: now },
  });
  const mail = payeeMailOf(completed);
  if (mail !== undefined) await enqueueJob(tx, mail);
  return completed;
}

/**
 * Gives back what a rejected transfer reserved: the hold (if the ledger's expiry sweep has not
 * already released it) and its share of the daily limit.
 */
export async function releaseTransfer(tx: Database, transfer: repository.TransferRow, now: Date): Promise<void> {
  if (transfer.holdId !== null) {
    try {
      await ledger.voidHold(tx, { holdId: transfer.holdId, now });
    } catch (error) {
      // The ledger's expiry sweep got there first: the funds are already back.
      if (!(error instanceof ledger.LedgerError && error.reason === 'holdNotPending')) throw error;
      const hold = await ledger.getHold(tx, transfer.holdId);
      assert.ok(hold.status !== 'posted', `the hold of rejected transfer ${transfer.id} was posted`);
    }
  }
  await repository.releaseDailyUsage(tx, {
    customerId: transfer.payerCustomerId,
    kind: transfer.kind,
    currency: transfer.fromCurrency,
    day: dayOf(transfer.createdAt),
    amountMinor: transfer.fromAmountMinor,
  });
}

/** The job that e-mails the payee of a P2P transfer about money received, once it committed. */
function payeeMailOf(transfer: Pick<repository.TransferRow, 'id' | 'kind'>): EnqueueJob | undefined {
  if (transfer.kind !== 'p2p') return undefined;
  return { queue: NOTIFY_PAYEE_QUEUE, payload: { transferId: transfer.id }, maxAttempts: 5 };
}

/**
 * What the payee hears live of money that reached them: a `fundsReceived` notification (spec 000
 * §4), the event the web refreshes balances and history on, as the incoming rail sends it. For a
 * completed P2P transfer (made now, approved, or run by a standing order) and for a standing
 * order's run between the customer's own accounts, which happens while they may be looking; null
 * for anything else (a transfer the customer just made between their own accounts answers them
 * directly). Published with `publishAfterCommit`, outside the money transaction
 * (platform/live-channel.ts says why and what that gives up).
 */
export function payeeNoticeOf(transfer: repository.TransferRow): LiveEventToPublish | null {
  if (transfer.status !== 'completed') return null;
  if (transfer.kind !== 'p2p' && transfer.standingOrderId === null) return null;
  const amount = formatAmount(transfer.toAmountMinor, transfer.toCurrency);
  return {
    to: { customerId: transfer.payeeCustomerId },
    type: 'notification',
    status: 'success',
    payload: {
      notificationType: FUNDS_RECEIVED_NOTIFICATION,
      transactionId: transfer.id,
      accountId: transfer.toAccountId,
      amount,
      currency: transfer.toCurrency,
      currencyCode: transfer.toCurrency,
      from: transfer.fromEmail ?? undefined,
    },
  };
}
