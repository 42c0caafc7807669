import assert from 'node:assert/strict';
import type { SubscriptionFrequency, TransferKind, TransferRejectReason } from '@app/shared/api/transfers';
import { assetScaleOf, formatAmount } from '@app/shared/money';
import type { Database } from '../../db/client';
import { AppError, errors } from '../../platform/errors';
import { requestHashOf, withIdempotency } from '../../platform/idempotency';
import { enqueueJob } from '../../platform/jobs';
import * as ledger from '../ledger/ledger.service';
import { dayOf, executeTransfer, payeeNoticeOf } from './transfer-execution';
import { planOwnAccountsTransfer, planP2PTransfer, type TransferPlan } from './transfer-plans';
import type { TransferSettings } from './transfer-settings';
import * as repository from './standing-orders.repository';
import * as transfersRepository from './transfers.repository';

/**
 * Recurring transfers (spec 001 §3 subscription fields): a standing order whose first run is the
 * transfer that created it. Each later run is a durable job at its time, made once: the job runs
 * under the idempotency key `standingOrder:<id>` / `run-<n>`, and inside it the order row is locked
 * and the run number checked, so a job that runs twice (at-least-once delivery) or late pays at
 * most once; the unique (order, run) index on transfers is the last line.
 *
 * Runs are pre-approved: the customer approved the order with its first transfer. A run that
 * cannot be made (insufficient funds, a limit) is recorded as a failed transfer and the order goes
 * on; one whose accounts or payee are gone ends the order (cancelled).
 */

export const RUN_STANDING_ORDER_QUEUE = 'transfers.runStandingOrder';

export interface Subscription {
  frequency: SubscriptionFrequency;
  /** YYYY-MM-DD, inclusive. */
  endDate: string | null;
  transactionsTotal: number | null;
  isUntilCancelled: boolean;
  reference: string | null;
}

export interface SubscriptionInput {
  subscriptionFrequency?: SubscriptionFrequency;
  subscriptionEndDate?: string;
  subscriptionTransactions?: number;
  subscriptionUserCancel?: boolean;
  subscriptionReference?: string;
}

const MONTHS_OF: Partial<Record<SubscriptionFrequency, number>> = { monthly: 1, quarterly: 3, yearly: 12 };
const DAYS_OF: Partial<Record<SubscriptionFrequency, number>> = { daily: 1, weekly: 7, biweekly: 14 };
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When run `index` (0 is the first) falls: whole periods after the first, so a monthly order of
 * 31 January runs on 29 February, 31 March, 30 April… and never drifts to the 28th.
 */
export function runTimeOf(anchor: Date, frequency: SubscriptionFrequency, index: number): Date {
  const days = DAYS_OF[frequency];
  if (days !== undefined) return new Date(anchor.getTime() + index * days * DAY_MS);
  const months = MONTHS_OF[frequency];
  assert.ok(months !== undefined, `unknown frequency ${frequency}`);
  const target = new Date(anchor.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(anchor.getUTCMonth() + index * months);
  const daysInMonth = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(anchor.getUTCDate(), daysInMonth));
  return target;
}

/** The subscription fields of a transfer as a schedule, or null when the transfer is one-off; VF when incomplete. */
export function subscriptionOf(input: SubscriptionInput, now: Date): Subscription | null {
  const hasAny =
    input.subscriptionFrequency !== undefined ||
    input.subscriptionEndDate !== undefined ||
    input.subscriptionTransactions !== undefined ||
    input.subscriptionUserCancel === true;
  if (!hasAny) return null;
  const frequency = input.subscriptionFrequency;
  if (frequency === undefined) {
    throw errors.validation([{ field: 'subscriptionFrequency', message: 'Choose how often the transfer repeats.' }]);
  }
  const isUntilCancelled = input.subscriptionUserCancel === true;
  if (input.subscriptionEndDate === undefined && input.subscriptionTransactions === undefined && !isUntilCancelled) {
    throw errors.validation([
      {
        field: 'subscriptionEndDate',
        message: 'Choose an end date, a number of transfers, or to repeat until you cancel.',
      },
    ]);
  }
  if (input.subscriptionEndDate !== undefined) {
    const secondRun = dayOf(runTimeOf(now, frequency, 1));
    if (input.subscriptionEndDate < secondRun) {
      throw errors.validation([
        {
          field: 'subscriptionEndDate',
          message: `The end date must be on or after the second transfer, ${secondRun}.`,
        },
      ]);
    }
  }
  return {
    frequency,
    endDate: input.subscriptionEndDate ?? null,
    transactionsTotal: input.subscriptionTransactions ?? null,
    isUntilCancelled,
    reference:
      input.subscriptionReference === undefined || input.subscriptionReference === ''
        ? null
        : input.subscriptionReference,
  };
}

/** Whether the order has made its last run: the count reached, or the next run past the end date. */
function hasEnded(order: repository.StandingOrderRow, nextRunAt: Date): boolean {
  if (order.transactionsTotal !== null && order.runsDone >= order.transactionsTotal) return true;
  return order.endDate !== null && dayOf(nextRunAt) > order.endDate;
}

/** After run `runsDone`: schedule the next one, or end the order. */
async function scheduleNextRun(
  tx: Database,
  order: repository.StandingOrderRow,
  now: Date,
): Promise<repository.StandingOrderRow> {
  const nextRunAt = runTimeOf(order.anchorAt, order.frequency, order.runsDone);
  if (hasEnded(order, nextRunAt)) {
    return repository.updateStandingOrder(tx, {
      orderId: order.id,
      set: { status: 'completed', nextRunAt: null, endedAt: now },
    });
  }
  const runNumber = order.runsDone + 1;
  await enqueueJob(tx, {
    queue: RUN_STANDING_ORDER_QUEUE,
    payload: { standingOrderId: order.id, runNumber },
    runAt: nextRunAt,
    singletonKey: `${order.id}:${runNumber}`,
  });
  return repository.updateStandingOrder(tx, { orderId: order.id, set: { nextRunAt } });
}

/**
 * Creates the order of a just-made transfer (its first run). Active at once when the transfer
 * completed; waiting for the transfer's approval otherwise.
 */
export async function createStandingOrder(
  tx: Database,
  params: {
    plan: TransferPlan;
    subscription: Subscription;
    firstTransfer: transfersRepository.TransferRow;
    /** The amount each run sends, as the customer gave it. */
    amountMinor: bigint;
    currency: string;
    createdByUserId: number | null;
    now: Date;
  },
): Promise<repository.StandingOrderRow> {
  const { plan, subscription, firstTransfer, now } = params;
  const isActive = firstTransfer.status === 'completed';
  const order = await repository.insertStandingOrder(tx, {
    kind: plan.kind,
    status: isActive ? 'active' : 'awaitingApproval',
    customerId: plan.payerCustomerId,
    createdByUserId: params.createdByUserId,
    fromAccountId: plan.from.accountId,
    toAccountId: plan.kind === 'account' ? plan.to.accountId : null,
    toEmail: plan.toEmail,
    amountMinor: params.amountMinor,
    currency: params.currency,
    assetScale: assetScaleOf(params.currency),
    frequency: subscription.frequency,
    endDate: subscription.endDate,
    transactionsTotal: subscription.transactionsTotal,
    isUntilCancelled: subscription.isUntilCancelled,
    note: plan.note,
    reference: subscription.reference ?? plan.reference,
    runsDone: isActive ? 1 : 0,
    anchorAt: now,
    firstTransferId: firstTransfer.id,
    createdAt: now,
  });
  await transfersRepository.updateTransfer(tx, {
    transferId: firstTransfer.id,
    set: { standingOrderId: order.id, runNumber: 1 },
  });
  return isActive ? scheduleNextRun(tx, order, now) : order;
}

/** The first transfer was approved: the order starts. */
export async function activateStandingOrderOf(
  tx: Database,
  params: { firstTransferId: number; now: Date },
): Promise<void> {
  const order = await repository.lockStandingOrderByFirstTransfer(tx, params);
  if (order?.status !== 'awaitingApproval') return;
  const active = await repository.updateStandingOrder(tx, {
    orderId: order.id,
    set: { status: 'active', runsDone: 1 },
  });
  await scheduleNextRun(tx, active, params.now);
}

/** The first transfer was rejected: the order never starts. */
export async function cancelStandingOrderOf(
  tx: Database,
  params: { firstTransferId: number; now: Date },
): Promise<void> {
  const order = await repository.lockStandingOrderByFirstTransfer(tx, params);
  if (order?.status !== 'awaitingApproval') return;
  await repository.updateStandingOrder(tx, {
    orderId: order.id,
    set: { status: 'cancelled', nextRunAt: null, endedAt: params.now },
  });
}

/** preapprovedPaymentCancel: no further runs (a run in progress finishes first: it holds the row). */
export async function cancelStandingOrder(
  db: Database,
  params: { orderId: number; customerId: number; now: Date },
): Promise<repository.StandingOrderRow> {
  return db.transaction(async (tx) => {
    const order = await repository.lockStandingOrderOfCustomer(tx, params);
    if (order === null) throw errors.noAccess('This pre-approved payment is not available.');
    if (order.status === 'completed' || order.status === 'cancelled') return order;
    return repository.updateStandingOrder(tx, {
      orderId: order.id,
      set: { status: 'cancelled', nextRunAt: null, endedAt: params.now },
    });
  });
}

async function planRun(tx: Database, order: repository.StandingOrderRow): Promise<TransferPlan> {
  const amount = formatAmount(order.amountMinor, order.currency);
  const kind: TransferKind = order.kind;
  switch (kind) {
    case 'account':
      assert.ok(order.toAccountId !== null, 'an own-accounts order has a destination');
      return planOwnAccountsTransfer(tx, {
        customerId: order.customerId,
        userId: order.createdByUserId,
        fromAccountId: order.fromAccountId,
        toAccountId: order.toAccountId,
        toAmount: amount,
        currency: order.currency,
      });
    case 'p2p':
      assert.ok(order.toEmail !== null, 'a P2P order has a payee');
      return planP2PTransfer(tx, {
        customerId: order.customerId,
        userId: order.createdByUserId,
        fromAccountId: order.fromAccountId,
        amount,
        currency: order.currency,
        toEmail: order.toEmail,
        note: order.note ?? undefined,
        reference: order.reference ?? undefined,
      });
  }
}

function failureReasonOf(error: AppError): TransferRejectReason {
  if (error instanceof ledger.LedgerError) {
    if (error.reason === 'insufficientFunds') return 'insufficientFunds';
    if (error.reason === 'closedAccount') return 'payeeUnavailable';
  }
  return 'limitExceeded';
}

export type RunOutcome =
  { status: 'skipped' } | { status: 'completed' | 'failed'; transferId: number } | { status: 'cancelled' };

/** Makes run `runNumber` of the order, once, at `now`. */
export async function runStandingOrder(
  db: Database,
  settings: TransferSettings,
  params: { orderId: number; runNumber: number; now: Date },
): Promise<RunOutcome> {
  const { orderId, runNumber, now } = params;
  return settings.live.publishAfterCommit(db, (committed) =>
    withIdempotency<RunOutcome>(
      db,
      {
        scope: `standingOrder:${orderId}`,
        key: `run-${runNumber}`,
        requestHash: requestHashOf({ orderId, runNumber }),
      },
      async (tx): Promise<RunOutcome> => {
        const order = await repository.lockStandingOrder(tx, { orderId });
        if (order?.status !== 'active' || order.runsDone + 1 !== runNumber) return { status: 'skipped' };
        let plan: TransferPlan;
        try {
          plan = await tx.transaction((savepoint) => planRun(savepoint, order));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          // An account closed, the payee left or blocked the payer: this order can never run again.
          await repository.updateStandingOrder(tx, {
            orderId: order.id,
            set: { status: 'cancelled', nextRunAt: null, endedAt: now },
          });
          await settings.live.publish(tx, {
            to: { customerId: order.customerId },
            type: 'info',
            status: 'warning',
            payload: { subscriptionId: order.id, status: 'cancelled' },
          });
          return { status: 'cancelled' };
        }
        let outcome: RunOutcome;
        try {
          const transfer = await tx.transaction((savepoint) =>
            executeTransfer(savepoint, settings, plan, {
              now,
              approvalType: 0,
              standingOrder: { orderId: order.id, runNumber },
            }),
          );
          const notice = payeeNoticeOf(transfer);
          if (notice !== null) committed.add(notice);
          outcome = { status: 'completed', transferId: transfer.id };
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const failed = await transfersRepository.insertTransfer(tx, {
            kind: plan.kind,
            status: 'failed',
            rejectReason: failureReasonOf(error),
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
            approvalType: 0,
            standingOrderId: order.id,
            runNumber,
            createdAt: now,
            resolvedAt: now,
          });
          await settings.live.publish(tx, {
            to: { customerId: order.customerId },
            type: 'info',
            status: 'warning',
            payload: { subscriptionId: order.id, transactionId: failed.id, status: 'failed' },
          });
          outcome = { status: 'failed', transferId: failed.id };
        }
        const advanced = await repository.updateStandingOrder(tx, { orderId: order.id, set: { runsDone: runNumber } });
        await scheduleNextRun(tx, advanced, now);
        return outcome;
      },
    ),
  );
}
