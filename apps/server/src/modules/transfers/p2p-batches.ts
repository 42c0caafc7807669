import assert from 'node:assert/strict';
import { TransferApprovalType, type TransferResult } from '@app/shared/api/transfers';
import { CLOSED_ACCOUNT_STATUS } from '@app/shared/constants';
import { isCurrency } from '@app/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { isWellFormedKey, requestHashOf, storedResultsOf, type IdempotencyRequest } from '../../platform/idempotency';
import type { LiveEventToPublish } from '../../platform/live-channel';
import * as ledger from '../ledger/ledger.service';
import {
  findP2PContexts,
  writeP2PBatch,
  type P2PBatchWrite,
  usageIdOf,
  type P2PContext,
  type UsageAddition,
} from './p2p-batches.repository';
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
 * in the next batch, which costs two round trips however many it holds:
 *
 *   1. one statement reads, for every transfer, what the single path reads in seven, and what the
 *      write must find unchanged: the ledger accounts, the day's usage, the key (p2p-batches.repository.ts);
 *   2. in memory, each transfer is planned as the single path would plan it, and kept when it
 *      passes every rule on what was read: the limits, the day's usage, the floor of the source
 *      account (ledger.service `createGuardedPlanner`);
 *   3. one statement, atomic on its own, writes every kept transfer: its key with its answer, the
 *      day's usage, the ledger transaction and balances, the transfer row and the payee's e-mail
 *      job, in the global lock order (ledger-engine.ts), and then checks that what was read still
 *      holds (no key used meanwhile, no limit passed, every account open and above its floor); if
 *      anything changed, it raises and writes nothing. The payees' live notices go with it
 *      (NOTIFY is sent at its commit, and never without it).
 *
 * Only the plain case comes here: a transfer the single path (transfers.service.ts `submit`)
 * would post at once, in one currency, to a payee who has an account in it. Anything else, and
 * anything the plan does not keep (a passed limit, insufficient funds, a key already used), is
 * given back and made by the single path, which gives its refusal or its answer: the rules are
 * written once, there. A batch whose statement fails (its check, a deadlock, a dropped
 * connection) gives every transfer back, so a killed process leaves each transfer whole or absent.
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
  /** Batches whose read or write failed (every transfer then went on the single path); each is logged. */
  failures: number;
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
  transfer: repository.NewTransfer;
  key: IdempotencyRequest;
  audience: number[];
}

interface PlannedBatch {
  items: Planned[];
  write: P2PBatchWrite;
}

function keyIdOf(key: IdempotencyRequest): string {
  return `${key.scope} ${key.key}`;
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

export function createP2PBatcher(db: Database, settings: TransferSettings, log: FastifyBaseLogger): P2PBatcher {
  const queue: Waiting[] = [];
  let isWriting = false;
  const stats: P2PBatchStats = { batches: 0, made: 0, failures: 0 };

  /** The fee account of each valid currency of the batch (created on first use, then known). */
  async function feeAccountsOf(batch: Waiting[]): Promise<Map<string, number>> {
    const fees = new Map<string, number>();
    for (const { request } of batch) {
      if (fees.has(request.currency) || !isCurrency(request.currency)) continue;
      fees.set(request.currency, await settings.systemAccounts.idOf(db, 'fees', request.currency));
    }
    return fees;
  }

  /**
   * Reads and plans the batch; the transfers the single path must make are answered null at once.
   * Returns the rest with the one write that makes them. `inFlight` is the write of the batch
   * before, which may not have committed when this one reads: if the read did not see it, what it
   * takes is counted as taken (its debits, its usage, its keys), so two batches never plan the
   * same money; if the read saw it, it is in what was read.
   */
  async function planned(batch: Waiting[], inFlight: P2PBatchWrite | null): Promise<PlannedBatch> {
    const fees = await feeAccountsOf(batch);
    const keyed = batch.map((waiting) => ({
      waiting,
      key: {
        scope: `customer:${waiting.request.actor.customerId}`,
        key: waiting.request.idempotencyKey,
        requestHash: requestHashOf({ method: 'transferP2P', ...waiting.request.hashed }),
      },
    }));
    // One transfer of the batch still writing tells whether this read saw that batch's commit.
    const marker = inFlight?.transfers[0];
    const { contexts, seenTransferIds } = await findP2PContexts(
      db,
      keyed.map(({ waiting: { request }, key }) => ({
        userId: request.actor.session.userId,
        customerId: request.actor.customerId,
        accountId: request.accountId,
        toEmail: request.toEmail,
        currency: request.currency,
        day: dayOf(request.now),
        key,
        // An unknown currency has no fee account; its transfer is not plain (no account is in it).
        feeLedgerAccountId: fees.get(request.currency) ?? 0,
      })),
      marker === undefined ? [] : [marker.id],
    );
    const pending = marker === undefined || seenTransferIds.has(marker.id) ? null : inFlight;
    const pendingDebits = new Map(
      (pending?.ledger.accountChanges ?? [])
        .filter((change) => change.balanceDeltaMinor < 0n)
        .map((change) => [change.accountId, change.balanceDeltaMinor]),
    );
    const pendingUsage = new Map((pending?.usage ?? []).map((item) => [usageIdOf(item.key), item.amountMinor]));
    const keyIds = new Set((pending?.keys ?? []).map(({ request }) => keyIdOf(request)));
    const ledgerAccounts = new Map(
      contexts.flatMap((context) =>
        [...context.ledgerAccounts.values()].map(
          (account) =>
            [
              account.id,
              { ...account, balanceMinor: account.balanceMinor + (pendingDebits.get(account.id) ?? 0n) },
            ] as const,
        ),
      ),
    );
    const planner = ledger.createGuardedPlanner(ledgerAccounts);
    const usage = new Map<string, UsageAddition>();
    const items: Planned[] = [];
    for (const [index, { waiting, key }] of keyed.entries()) {
      const context = contexts[index];
      assert.ok(context !== undefined);
      const plan = plainPlanOf(waiting.request, context);
      const limits =
        plan === null ? null : await settings.limits.limitsOf(db, { kind: 'p2p', currency: plan.from.currency });
      const usageKey: repository.DailyUsageKey = {
        customerId: waiting.request.actor.customerId,
        kind: 'p2p',
        currency: waiting.request.currency,
        day: dayOf(waiting.request.now),
      };
      const usageId = usageIdOf(usageKey);
      const keyId = keyIdOf(key);
      const taken = usage.get(usageId)?.amountMinor ?? 0n;
      const feeAccountId = fees.get(waiting.request.currency);
      if (
        plan === null ||
        limits === null ||
        context.payee === null ||
        feeAccountId === undefined ||
        context.isKeyUsed ||
        keyIds.has(keyId) ||
        plan.fromAmountMinor < limits.minAmountMinor ||
        plan.fromAmountMinor > limits.perTransferMaxMinor ||
        context.usedMinor + (pendingUsage.get(usageId) ?? 0n) + taken + plan.fromAmountMinor > limits.dailyMaxMinor
      ) {
        waiting.resolve(null);
        continue;
      }
      const transfer = {
        ...newTransferOf(plan, {
          id: context.transferId,
          status: 'completed',
          approvalType: TransferApprovalType.NONE,
          now: waiting.request.now,
        }),
        ledgerTransactionId: context.ledgerTransactionId,
      };
      const postings: ledger.PostingDraft[] = [
        {
          accountId: plan.from.ledgerAccountId,
          amountMinor: -(plan.fromAmountMinor + plan.feeMinor),
          currency: plan.from.currency,
        },
        { accountId: plan.to.ledgerAccountId, amountMinor: plan.toAmountMinor, currency: plan.to.currency },
      ];
      if (plan.feeMinor > 0n) {
        postings.push({ accountId: feeAccountId, amountMinor: plan.feeMinor, currency: plan.from.currency });
      }
      const isPlanned = planner.add({
        id: context.ledgerTransactionId,
        kind: LEDGER_KIND.p2p,
        description: ledgerDescriptionOf(transfer),
        metadata: ledgerMetadataOf(transfer),
        postings,
      });
      if (!isPlanned) {
        waiting.resolve(null);
        continue;
      }
      keyIds.add(keyId);
      usage.set(usageId, {
        key: usageKey,
        amountMinor: taken + plan.fromAmountMinor,
        dailyMaxMinor: limits.dailyMaxMinor,
      });
      items.push({ waiting, transfer, key, audience: context.payee.audience });
    }
    return {
      items,
      write: {
        keys: items.map((item) => ({
          request: item.key,
          value: transferResultOf({ ...item.transfer, rejectReason: null }, null),
        })),
        usage: [...usage.values()],
        ledger: planner.write(),
        transfers: items.map((item) => item.transfer),
        jobs: items.map((item) => ({
          queue: NOTIFY_PAYEE_QUEUE,
          payload: { transferId: item.transfer.id },
          maxAttempts: 5,
        })),
        notifications: settings.live.notificationsOf(
          items.flatMap((item): LiveEventToPublish[] => {
            const notice = payeeNoticeOf({ ...item.transfer, rejectReason: null });
            if (notice === null) return [];
            return [{ ...notice, to: { customerId: item.transfer.payeeCustomerId, userIds: item.audience } }];
          }),
        ),
      },
    };
  }

  /** Gives transfers back to the single path after a batch failed; it wrote nothing. */
  function giveBack(waiting: Waiting[], error: unknown): void {
    stats.failures += 1;
    // Correct, but slow if frequent: a write's check fails when a transfer on the single path
    // changed an account or a day's usage between the batch's read and its write.
    log.warn({ err: error, transfers: waiting.length }, 'a P2P batch went back to the single path');
    for (const item of waiting) item.resolve(null);
  }

  /** Writes a planned batch and answers its transfers; never throws. */
  async function written({ items, write }: PlannedBatch): Promise<void> {
    try {
      const { stored } = await writeP2PBatch(db, write);
      const results = storedResultsOf<TransferResult>(
        items.map((item) => item.key),
        stored,
      );
      stats.batches += 1;
      stats.made += items.length;
      for (const [index, item] of items.entries()) {
        const result = results[index];
        assert.ok(result !== undefined);
        item.waiting.resolve(result);
      }
    } catch (error) {
      // Whatever failed (the write's check, a deadlock, a dropped connection), the statement wrote
      // nothing: each transfer goes on the single path, which retries, refuses or reports it. (Had
      // it been written, the single path finds its key and answers what was stored.)
      giveBack(
        items.map((item) => item.waiting),
        error,
      );
    }
  }

  /**
   * The writer: one write at a time, and the next batch read and planned while it runs. (Two
   * writes at once measured no better under the benchmark, 16 clients and 64 payees: two batches
   * often credit one payee, and the second then waits for the first's commit on that row.)
   */
  async function drain(): Promise<void> {
    isWriting = true;
    let writing: { write: P2PBatchWrite; done: Promise<void> } | null = null;
    try {
      while (queue.length > 0 || writing !== null) {
        if (queue.length === 0 && writing !== null) {
          await writing.done;
          writing = null;
          continue;
        }
        const batch = queue.splice(0, MAX_BATCH_SIZE);
        let next: PlannedBatch | null = null;
        try {
          next = await planned(batch, writing?.write ?? null);
        } catch (error) {
          giveBack(batch, error);
        }
        if (writing !== null) await writing.done;
        writing = next === null || next.items.length === 0 ? null : { write: next.write, done: written(next) };
      }
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
