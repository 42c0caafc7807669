import assert from 'node:assert/strict';
import { TransferApprovalType, type TransferResult } from '@app/shared/api/transfers';
import { CLOSED_ACCOUNT_STATUS } from '@app/shared/constants';
import type { Database } from '../../db/client';
import {
  claimKeys,
  isWellFormedKey,
  requestHashOf,
  settleKeys,
  type IdempotencyRequest,
} from '../../platform/idempotency';
import type { LiveEventToPublish } from '../../platform/live-channel';
import * as ledger from '../ledger/ledger.service';
import { findP2PContexts, type P2PContext } from './p2p-batches.repository';
import {
  dayOf,
  LEDGER_KIND,
  ledgerDescriptionOf,
  ledgerMetadataOf,
  newTransferOf,
  NOTIFY_PAYEE_QUEUE,
  payeeNoticeOf,
} from './transfer-execution';
import { parseAmountField, type TransferPlan } from './transfer-plans';
import { feeOf } from './transfer-pricing';
import type { Actor, TransferSettings } from './transfer-settings';
import { transferResultOf } from './transfer-views';
import * as repository from './transfers.repository';

/**
 * Group commit of P2P transfers (DESIGN.md §5: "batch transfers through a single writer"). A
 * process has one writer; the transfers that arrive while it writes wait for it and go together
 * in the next batch, which costs about what one transfer costs alone:
 *
 *   1. one statement reads, for every transfer, what the single path reads in seven
 *      (p2p-batches.repository.ts);
 *   2. one database transaction claims the idempotency keys, locks the day's usage rows and draws
 *      the transfer ids, locks and reads the accounts, writes every ledger transaction, writes the
 *      transfers with their payees' e-mail jobs and the usage, and stores each key's answer: six
 *      statements for the batch, each in the global lock order (keys → usage → accounts → shards);
 *   3. after the commit, the payees' live notices leave in one NOTIFY.
 *
 * Only the plain case comes here: a transfer the single path (transfers.service.ts `submit`)
 * would post at once, in one currency, to a payee who has an account in it. Anything else, and
 * anything the batch finds it cannot post (a passed limit, insufficient funds, a key already
 * used), is given back and made by the single path, which gives its refusal or its answer: the
 * rules are written once, there. A batch whose transaction fails gives every transfer back, so a
 * killed process or a dropped connection leaves each transfer whole or absent, as before.
 */

/** The most transfers in one batch: the statements stay small and a batch stays a few ms. */
export const MAX_BATCH_SIZE = 64;

export interface P2PBatchRequest {
  actor: Actor;
  accountId: number;
  amount: string;
  currency: string;
  toEmail: string;
  note: string | undefined;
  reference: string | undefined;
  idempotencyKey: string;
  /** The request the key's hash covers, as the single path hashes it. */
  hashed: Record<string, unknown>;
  now: Date;
}

export interface P2PBatchStats {
  /** Batches committed, and the transfers they made. */
  batches: number;
  made: number;
  /** Batches whose transaction failed (every transfer then went on the single path), and why the last did. */
  failures: number;
  lastFailure: unknown;
}

export interface P2PBatcher {
  /** The transfer's answer, or null when the single path must make it. */
  submit(request: P2PBatchRequest): Promise<TransferResult | null>;
  /** What the batches did since start-up: for tests and the benchmark. */
  stats(): Readonly<P2PBatchStats>;
}

interface Waiting {
  request: P2PBatchRequest;
  resolve(result: TransferResult | null): void;
}

interface Planned {
  waiting: Waiting;
  plan: TransferPlan;
  key: IdempotencyRequest;
  audience: number[];
}

/** The plan the single path would make, or null where it would refuse, convert, hold or open an account. */
function plainPlanOf(request: P2PBatchRequest, context: P2PContext): TransferPlan | null {
  const { payer, from, payee, to } = context;
  if (payer === null || payer.approvalMode !== TransferApprovalType.NONE) return null;
  if (from === null || from.statusId === CLOSED_ACCOUNT_STATUS || from.currency !== request.currency) return null;
  if (payee === null || payee.customerId === request.actor.customerId || context.isBlocked) return null;
  if (to === null) return null;
  let amountMinor: bigint;
  try {
    amountMinor = parseAmountField(request.amount, request.currency, 'amount');
  } catch {
    return null;
  }
  return {
    kind: 'p2p',
    payerCustomerId: request.actor.customerId,
    payerUserId: request.actor.session.userId,
    from,
    to,
    payeeCustomerId: payee.customerId,
    toEmail: payee.email,
    fromEmail: payer.login,
    fromAmountMinor: amountMinor,
    toAmountMinor: amountMinor,
    exchangeRate: '1',
    feeMinor: feeOf({ kind: 'p2p', fromAmountMinor: amountMinor, isConversion: false }),
    note: request.note === undefined || request.note === '' ? null : request.note,
    reference: request.reference === undefined || request.reference === '' ? null : request.reference,
  };
}

export function createP2PBatcher(db: Database, settings: TransferSettings): P2PBatcher {
  const queue: Waiting[] = [];
  let isWriting = false;
  const stats: P2PBatchStats = { batches: 0, made: 0, failures: 0, lastFailure: undefined };

  /** Plans the batch; the transfers the single path must make are answered null at once. */
  async function planned(batch: Waiting[]): Promise<Planned[]> {
    const contexts = await findP2PContexts(
      db,
      batch.map(({ request }) => ({
        userId: request.actor.session.userId,
        customerId: request.actor.customerId,
        accountId: request.accountId,
        toEmail: request.toEmail,
        currency: request.currency,
      })),
    );
    const result: Planned[] = [];
    for (const [index, waiting] of batch.entries()) {
      const context = contexts[index];
      assert.ok(context !== undefined);
      const plan = plainPlanOf(waiting.request, context);
      const limits =
        plan === null ? null : await settings.limits.limitsOf(db, { kind: 'p2p', currency: plan.from.currency });
      if (
        plan === null ||
        limits === null ||
        context.payee === null ||
        plan.fromAmountMinor < limits.minAmountMinor ||
        plan.fromAmountMinor > limits.perTransferMaxMinor
      ) {
        waiting.resolve(null);
        continue;
      }
      result.push({
        waiting,
        plan,
        audience: context.payee.audience,
        key: {
          scope: `customer:${waiting.request.actor.customerId}`,
          key: waiting.request.idempotencyKey,
          requestHash: requestHashOf({ method: 'transferP2P', ...waiting.request.hashed }),
        },
      });
    }
    return result;
  }

  /** Writes what it can of the batch in one transaction; returns the transfers it made, by item. */
  async function written(
    items: Planned[],
  ): Promise<Map<Planned, { transfer: repository.TransferRow; result: TransferResult }>> {
    return db.transaction(async (tx) => {
      const made = new Map<Planned, { transfer: repository.TransferRow; result: TransferResult }>();
      const isClaimed = await claimKeys(
        tx,
        items.map((item) => item.key),
      );
      const claimed = items.filter((_, index) => isClaimed[index] === true);
      const usageKeyOf = (item: Planned): repository.DailyUsageKey => ({
        customerId: item.plan.payerCustomerId,
        kind: 'p2p',
        currency: item.plan.from.currency,
        day: dayOf(item.waiting.request.now),
      });
      if (claimed.length === 0) return made;
      const usage = await repository.lockDailyUsage(tx, {
        keys: claimed.map(usageKeyOf),
        transferCount: claimed.length,
      });
      const taken = new Map<string, bigint>();
      const withinLimits: Planned[] = [];
      for (const item of claimed) {
        const key = usageKeyOf(item);
        const id = `${key.customerId} ${key.currency} ${key.day}`;
        const limits = await settings.limits.limitsOf(tx, { kind: 'p2p', currency: key.currency });
        const used = usage.usedMinor(key) + (taken.get(id) ?? 0n) + item.plan.fromAmountMinor;
        if (used > limits.dailyMaxMinor) continue;
        taken.set(id, (taken.get(id) ?? 0n) + item.plan.fromAmountMinor);
        withinLimits.push(item);
      }
      const drafts: ledger.TransactionInput[] = [];
      const transfers: repository.NewTransfer[] = [];
      for (const [index, item] of withinLimits.entries()) {
        const { plan } = item;
        const id = usage.transferIds[index];
        assert.ok(id !== undefined);
        const transfer = newTransferOf(plan, {
          id,
          status: 'completed',
          approvalType: TransferApprovalType.NONE,
          now: item.waiting.request.now,
        });
        transfers.push(transfer);
        const postings: ledger.PostingDraft[] = [
          {
            accountId: plan.from.ledgerAccountId,
            amountMinor: -(plan.fromAmountMinor + plan.feeMinor),
            currency: plan.from.currency,
          },
          { accountId: plan.to.ledgerAccountId, amountMinor: plan.toAmountMinor, currency: plan.to.currency },
        ];
        if (plan.feeMinor > 0n) {
          postings.push({
            accountId: await settings.systemAccounts.idOf(tx, 'fees', plan.from.currency),
            amountMinor: plan.feeMinor,
            currency: plan.from.currency,
          });
        }
        drafts.push({
          kind: LEDGER_KIND.p2p,
          description: ledgerDescriptionOf(transfer),
          metadata: ledgerMetadataOf(transfer),
          postings,
        });
      }
      const outcomes = drafts.length === 0 ? [] : await ledger.postEachInTransaction(tx, drafts);
      const posted: { item: Planned; transfer: repository.TransferRow }[] = [];
      for (const [index, outcome] of outcomes.entries()) {
        const item = withinLimits[index];
        const transfer = transfers[index];
        assert.ok(item !== undefined && transfer !== undefined);
        if ('posted' in outcome) {
          posted.push({
            item,
            transfer: { ...transfer, ledgerTransactionId: outcome.posted.id, rejectReason: null },
          });
        }
      }
      const rows = await repository.insertNewTransfers(tx, {
        transfers: posted.map(({ transfer }) => transfer),
        jobs: posted.map(({ transfer }) => ({
          queue: NOTIFY_PAYEE_QUEUE,
          payload: { transferId: transfer.id },
          maxAttempts: 5,
        })),
        usage: posted.map(({ item }) => ({ key: usageKeyOf(item), amountMinor: item.plan.fromAmountMinor })),
      });
      const isPosted = new Set(posted.map(({ item }) => item));
      const results = await settleKeys(tx, {
        results: posted.map(({ item, transfer }) => ({ request: item.key, value: transferResultOf(transfer, null) })),
        released: claimed.filter((item) => !isPosted.has(item)).map((item) => item.key),
      });
      for (const [index, { item }] of posted.entries()) {
        const transfer = rows[index];
        const result = results[index];
        assert.ok(transfer !== undefined && result !== undefined);
        made.set(item, { transfer, result });
      }
      return made;
    });
  }

  async function writeBatch(batch: Waiting[]): Promise<void> {
    try {
      const items = await planned(batch);
      if (items.length === 0) return;
      const made = await written(items);
      stats.batches += 1;
      stats.made += made.size;
      const notices: LiveEventToPublish[] = [];
      for (const item of items) {
        const { transfer, result } = made.get(item) ?? {};
        if (transfer === undefined || result === undefined) {
          item.waiting.resolve(null);
          continue;
        }
        item.waiting.resolve(result);
        const notice = payeeNoticeOf(transfer);
        if (notice !== null)
          notices.push({ ...notice, to: { customerId: transfer.payeeCustomerId, userIds: item.audience } });
      }
      // A notice lost here costs the payee a live refresh, never money (as after the single path's commit).
      await Promise.all(notices.map((notice) => settings.live.publish(db, notice).catch(() => undefined)));
    } catch (error) {
      // Whatever failed (a deadlock, a dropped connection), the transaction rolled back whole:
      // each transfer goes on the single path, which retries, refuses or reports it on its own.
      stats.failures += 1;
      stats.lastFailure = error;
      for (const waiting of batch) waiting.resolve(null);
    }
  }

  async function drain(): Promise<void> {
    isWriting = true;
    try {
      while (queue.length > 0) await writeBatch(queue.splice(0, MAX_BATCH_SIZE));
    } finally {
      isWriting = false;
    }
  }

  return {
    stats: () => ({ ...stats }),
    submit(request) {
      if (!isWellFormedKey(request.idempotencyKey)) return Promise.resolve(null);
      return new Promise<TransferResult | null>((resolve) => {
        queue.push({ request, resolve });
        if (!isWriting) void drain();
      });
    },
  };
}
