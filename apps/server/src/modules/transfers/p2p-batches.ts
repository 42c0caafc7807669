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
  drawP2PIds,
  findP2PContexts,
  writeP2PBatch,
  type P2PBatchWrite,
  type P2PBatchWritten,
  type PlannedSides,
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
 * process has one writer, with up to two batch writes on their way; the transfers that arrive
 * meanwhile wait and go together in the next batch, which costs one round trip however many it
 * holds:
 *
 *   1. in memory, each transfer is planned as the single path would plan it, on what the writer
 *      knows of its payer, payee, accounts and day's usage from its last read and the writes since,
 *      and kept when it passes every rule on that: the limits, the day's usage, the floor of the
 *      source account (ledger.service `createGuardedPlanner`);
 *   2. one statement, atomic on its own, writes every kept transfer: its key with its answer, the
 *      day's usage, the ledger transaction and balances, the transfer row and the payee's e-mail
 *      job, in the global lock order (ledger-engine.ts), and then checks that what the plan assumed
 *      still holds (no key used, no limit passed, every account open and above its floor, payer and
 *      payee as they were read, no blacklist between them); if anything changed, it raises and
 *      writes nothing. It returns the balances and usage it wrote, which the next plan is made on.
 *      The payees' live notices go with it (NOTIFY is sent at its commit, and never without it).
 *
 * When the writer does not know something a transfer needs, or its plan leaves one out (which may
 * be because money arrived by another path since), the batch is read first, in one statement
 * (p2p-batches.repository.ts), and planned on what was read.
 *
 * Only the plain case comes here: a transfer the single path (transfers.service.ts `submit`)
 * would post at once, in one currency, to a payee who has an account in it. Anything else, and
 * anything the plan on a read does not keep (a passed limit, insufficient funds, a key already
 * used), is given back and made by the single path, which gives its refusal or its answer: the
 * rules are written once, there. A batch whose statement fails (its check, a deadlock, a dropped
 * connection) gives every transfer back, and the writer forgets what it knew; so a killed process
 * leaves each transfer whole or absent, and a stale memory costs time, never money.
 */

/** The most transfers in one batch: the statements stay small and a batch stays a few ms. */
export const MAX_BATCH_SIZE = 64;
/**
 * Batch writes on their way at once. A write's round trip is mostly not the statement (about a
 * third of it under the transfers benchmark): with a second on its way, the next batch need not
 * wait for the whole of it. Measured (bench/transfers-profile.ts, interleaved runs): 1455 and
 * 1400 transfers/s with one, 1699 and 1794 with two; three did no better than two.
 */
const MAX_WRITES_IN_FLIGHT = 2;

export interface P2PBatchRequest {
  /** `actor.customerId` may be provisional: the write checks the call acts for it (`acting`). */
  actor: Actor;
  /** The call's envelope as the dispatcher asked it (platform/main-api.ts `ActingCall`). */
  acting: { fromCustomerId: number | null; checksTerms: boolean };
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
  /** Batches planned on a read, not on what the writer knew. */
  reads: number;
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
  sides: PlannedSides;
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

/** Past this many remembered senders, payees or keys, the writer forgets everything and reads afresh. */
const MAX_KNOWN = 10_000;
/**
 * Ids of new transfers and their ledger transactions are drawn for this many batches ahead while
 * batches follow each other within `IDS_KEPT_MS`; ids drawn longer ago are dropped, so a transfer's
 * number stays close to the order transfers are made in, and a quiet writer draws only what it needs.
 */
const IDS_AHEAD = 16;
const IDS_KEPT_MS = 1_000;

/**
 * What the writer learnt from its last read and its writes since: the plan of the next batch is
 * made on it without a read. It may be out of date (another path spent money, an account closed,
 * rights changed); the write then finds it out, writes nothing and the batch goes on the single
 * path, and the writer forgets everything. Where it may be out of date the other way (money arrived
 * by another path), a transfer the plan leaves out sends the batch back to a read.
 */
interface Known {
  /** By `${userId} ${customerId} ${accountId}` */
  senders: Map<string, Pick<P2PContext, 'payer' | 'from' | 'senderFingerprint'>>;
  /** By `${toEmail} ${currency}`, the e-mail lower-case */
  payees: Map<string, Pick<P2PContext, 'payee' | 'to' | 'payeeFingerprint'>>;
  /** `${customerId} ${toEmail}` of payer and payee the last read found blocked */
  blocked: Set<string>;
  ledgerAccounts: Map<number, ledger.AccountSnapshot>;
  /** By `usageIdOf` */
  usage: Map<string, bigint>;
  /** The keys written lately, by `keyIdOf` */
  keys: Set<string>;
}

/** A write on its way, and whether what it returned is in `Known` yet. */
interface InFlight {
  write: P2PBatchWrite;
  done: Promise<void>;
  isKnown: boolean;
}

interface Keyed {
  waiting: Waiting;
  key: IdempotencyRequest;
  usageKey: repository.DailyUsageKey;
  feeLedgerAccountId: number | undefined;
}

const senderIdOf = (request: P2PBatchRequest) =>
  `${request.actor.session.userId} ${request.actor.customerId} ${request.accountId}`;
const payeeIdOf = (request: P2PBatchRequest) => `${request.toEmail.toLowerCase()} ${request.currency}`;
const pairIdOf = (request: P2PBatchRequest) => `${request.actor.customerId} ${request.toEmail.toLowerCase()}`;

/** What a batcher needs of the transfers domain's settings. */
export type P2PBatchSettings = Pick<TransferSettings, 'systemAccounts' | 'limits'> & {
  live: Pick<TransferSettings['live'], 'notificationsOf'>;
};

export interface P2PBatcherOptions {
  /** How a planned batch is written: `writeP2PBatch`, unless a test holds writes back to order them. */
  writeBatch?: (db: Database, write: P2PBatchWrite) => Promise<P2PBatchWritten>;
}

export function createP2PBatcher(
  db: Database,
  settings: P2PBatchSettings,
  log: FastifyBaseLogger,
  options: P2PBatcherOptions = {},
): P2PBatcher {
  const writeBatch = options.writeBatch ?? writeP2PBatch;
  const queue: Waiting[] = [];
  let isWriting = false;
  const stats: P2PBatchStats = { batches: 0, made: 0, failures: 0, reads: 0 };
  const known: Known = {
    senders: new Map(),
    payees: new Map(),
    blocked: new Set(),
    ledgerAccounts: new Map(),
    usage: new Map(),
    keys: new Set(),
  };
  const ids: { transferId: number; ledgerTransactionId: number }[] = [];
  let idsDrawnAtMs = Number.NEGATIVE_INFINITY;

  function forgetAll(): void {
    known.senders.clear();
    known.payees.clear();
    known.blocked.clear();
    known.ledgerAccounts.clear();
    known.usage.clear();
    known.keys.clear();
  }

  /** The fee account of each valid currency of the batch (created on first use, then known). */
  async function feeAccountsOf(batch: Waiting[]): Promise<Map<string, number>> {
    const fees = new Map<string, number>();
    for (const { request } of batch) {
      if (fees.has(request.currency) || !isCurrency(request.currency)) continue;
      fees.set(request.currency, await settings.systemAccounts.idOf(db, 'fees', request.currency));
    }
    return fees;
  }

  /** Each transfer's context as known, or null when something it needs is not known. */
  function knownContextsOf(keyed: Keyed[]): P2PContext[] | null {
    const contexts: P2PContext[] = [];
    for (const { waiting, key, usageKey, feeLedgerAccountId } of keyed) {
      const sender = known.senders.get(senderIdOf(waiting.request));
      const payee = known.payees.get(payeeIdOf(waiting.request));
      const usedMinor = known.usage.get(usageIdOf(usageKey));
      if (sender === undefined || payee === undefined || usedMinor === undefined) return null;
      const ledgerAccounts = new Map<number, ledger.AccountSnapshot>();
      for (const id of [sender.from?.ledgerAccountId, payee.to?.ledgerAccountId, feeLedgerAccountId]) {
        if (id === undefined) continue;
        const account = known.ledgerAccounts.get(id);
        if (account === undefined) return null;
        ledgerAccounts.set(id, account);
      }
      contexts.push({
        ...sender,
        ...payee,
        isBlocked: known.blocked.has(pairIdOf(waiting.request)),
        ledgerAccounts,
        usedMinor,
        isKeyUsed: known.keys.has(keyIdOf(key)),
      });
    }
    return contexts;
  }

  /** Reads the batch's contexts, and remembers what was read. */
  async function readContextsOf(keyed: Keyed[]): Promise<P2PContext[]> {
    stats.reads += 1;
    const contexts = await findP2PContexts(
      db,
      keyed.map(({ waiting: { request }, key, usageKey, feeLedgerAccountId }) => ({
        userId: request.actor.session.userId,
        customerId: request.actor.customerId,
        accountId: request.accountId,
        toEmail: request.toEmail,
        currency: request.currency,
        day: usageKey.day,
        key,
        // An unknown currency has no fee account; its transfer is not plain (no account is in it).
        feeLedgerAccountId: feeLedgerAccountId ?? 0,
      })),
    );
    // What is known grows here (a write adds no sender, payee, account or day it was not planned on).
    const sizes = [known.senders.size, known.payees.size, known.ledgerAccounts.size, known.usage.size];
    if (sizes.some((size) => size > MAX_KNOWN)) forgetAll();
    for (const [index, { waiting, usageKey }] of keyed.entries()) {
      const context = contexts[index];
      assert.ok(context !== undefined);
      const { request } = waiting;
      known.senders.set(senderIdOf(request), {
        payer: context.payer,
        from: context.from,
        senderFingerprint: context.senderFingerprint,
      });
      known.payees.set(payeeIdOf(request), {
        payee: context.payee,
        to: context.to,
        payeeFingerprint: context.payeeFingerprint,
      });
      if (context.isBlocked) known.blocked.add(pairIdOf(request));
      else known.blocked.delete(pairIdOf(request));
      for (const [id, account] of context.ledgerAccounts) known.ledgerAccounts.set(id, account);
      known.usage.set(usageIdOf(usageKey), context.usedMinor);
    }
    return contexts;
  }

  /**
   * Plans the batch on its contexts; `pending` are writes the contexts do not include yet, whose
   * debits, usage and keys count as taken, so that two batches never plan the same money. Ids are
   * given to the planned transfers in the order of `ids`.
   */
  async function planOf(
    keyed: Keyed[],
    contexts: P2PContext[],
    pending: readonly P2PBatchWrite[],
  ): Promise<PlannedBatch & { leftOut: Waiting[] }> {
    const pendingDebits = new Map<number, bigint>();
    const pendingUsage = new Map<string, bigint>();
    const keyIds = new Set<string>();
    for (const write of pending) {
      for (const change of write.ledger.accountChanges) {
        if (change.balanceDeltaMinor >= 0n) continue;
        pendingDebits.set(change.accountId, (pendingDebits.get(change.accountId) ?? 0n) + change.balanceDeltaMinor);
      }
      for (const item of write.usage) {
        const usageId = usageIdOf(item.key);
        pendingUsage.set(usageId, (pendingUsage.get(usageId) ?? 0n) + item.amountMinor);
      }
      for (const { request } of write.keys) keyIds.add(keyIdOf(request));
    }
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
    const leftOut: Waiting[] = [];
    for (const [index, { waiting, key, usageKey, feeLedgerAccountId }] of keyed.entries()) {
      const context = contexts[index];
      const drawn = ids[items.length];
      assert.ok(context !== undefined && drawn !== undefined);
      const plan = plainPlanOf(waiting.request, context);
      const limits =
        plan === null ? null : await settings.limits.limitsOf(db, { kind: 'p2p', currency: plan.from.currency });
      const usageId = usageIdOf(usageKey);
      const keyId = keyIdOf(key);
      const taken = usage.get(usageId)?.amountMinor ?? 0n;
      if (
        plan === null ||
        limits === null ||
        context.payee === null ||
        feeLedgerAccountId === undefined ||
        context.isKeyUsed ||
        keyIds.has(keyId) ||
        plan.fromAmountMinor < limits.minAmountMinor ||
        plan.fromAmountMinor > limits.perTransferMaxMinor ||
        context.usedMinor + (pendingUsage.get(usageId) ?? 0n) + taken + plan.fromAmountMinor > limits.dailyMaxMinor
      ) {
        leftOut.push(waiting);
        continue;
      }
      const transfer = {
        ...newTransferOf(plan, {
          id: drawn.transferId,
          status: 'completed',
          approvalType: TransferApprovalType.NONE,
          now: waiting.request.now,
        }),
        ledgerTransactionId: drawn.ledgerTransactionId,
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
        postings.push({ accountId: feeLedgerAccountId, amountMinor: plan.feeMinor, currency: plan.from.currency });
      }
      const isPlanned = planner.add({
        id: drawn.ledgerTransactionId,
        kind: LEDGER_KIND.p2p,
        description: ledgerDescriptionOf(transfer),
        metadata: ledgerMetadataOf(transfer),
        postings,
      });
      if (!isPlanned) {
        leftOut.push(waiting);
        continue;
      }
      keyIds.add(keyId);
      usage.set(usageId, {
        key: usageKey,
        amountMinor: taken + plan.fromAmountMinor,
        dailyMaxMinor: limits.dailyMaxMinor,
      });
      items.push({
        waiting,
        transfer,
        key,
        audience: context.payee.audience,
        sides: {
          userId: waiting.request.actor.session.userId,
          isAdmin: waiting.request.actor.session.isAdmin,
          fromCustomerId: waiting.request.acting.fromCustomerId,
          checksTerms: waiting.request.acting.checksTerms,
          customerId: waiting.request.actor.customerId,
          accountId: waiting.request.accountId,
          toEmail: waiting.request.toEmail,
          currency: waiting.request.currency,
          senderFingerprint: context.senderFingerprint,
          payeeFingerprint: context.payeeFingerprint,
        },
      });
    }
    return {
      items,
      leftOut,
      write: {
        sides: items.map((item) => item.sides),
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

  /**
   * Plans the batch; the transfers the single path must make are answered null at once. Returns
   * the rest with the one write that makes them.
   *
   * First on what is known, with the writes in flight (which may not have committed) counted as
   * taken until what they returned is known: no round trip. If that leaves any transfer out, or
   * something is not known, the batch is read once the writes in flight are done (so the read
   * sees them) and planned on what was read; what that plan leaves out goes on the single path.
   */
  async function planned(batch: Waiting[], writing: readonly InFlight[]): Promise<PlannedBatch> {
    const fees = await feeAccountsOf(batch);
    const sinceDrawnMs = Date.now() - idsDrawnAtMs;
    if (sinceDrawnMs > IDS_KEPT_MS) ids.length = 0;
    if (ids.length < batch.length) {
      const count = sinceDrawnMs > IDS_KEPT_MS ? batch.length : batch.length * IDS_AHEAD;
      ids.push(...(await drawP2PIds(db, count)));
      idsDrawnAtMs = Date.now();
    }
    const keyed = batch.map((waiting): Keyed => ({
      waiting,
      key: {
        scope: `customer:${waiting.request.actor.customerId}`,
        key: waiting.request.idempotencyKey,
        requestHash: requestHashOf({ method: 'transferP2P', ...waiting.request.hashed }),
      },
      usageKey: {
        customerId: waiting.request.actor.customerId,
        kind: 'p2p',
        currency: waiting.request.currency,
        day: dayOf(waiting.request.now),
      },
      feeLedgerAccountId: fees.get(waiting.request.currency),
    }));
    // Synchronous from here to `planOf`'s first await: a write's `isKnown` is true of the contexts taken.
    const knownContexts = knownContextsOf(keyed);
    if (knownContexts !== null) {
      const pending = writing.filter((inFlight) => !inFlight.isKnown).map((inFlight) => inFlight.write);
      const plan = await planOf(keyed, knownContexts, pending);
      if (plan.leftOut.length === 0) return taken(plan);
    }
    await Promise.all(writing.map((inFlight) => inFlight.done));
    const plan = await planOf(keyed, await readContextsOf(keyed), []);
    for (const waiting of plan.leftOut) waiting.resolve(null);
    return taken(plan);
  }

  /** The plan as it goes: its ids are used. */
  function taken(plan: PlannedBatch): PlannedBatch {
    ids.splice(0, plan.items.length);
    return plan;
  }

  /** Gives transfers back to the single path after a batch failed; it wrote nothing. */
  function giveBack(waiting: Waiting[], error: unknown): void {
    stats.failures += 1;
    // Correct, but slow if frequent: a write's check fails when another path changed something
    // the plan was made on (an account's balance or status, a day's usage, a payer's or payee's
    // side) since the writer read or wrote it.
    log.warn({ err: error, transfers: waiting.length }, 'a P2P batch went back to the single path');
    for (const item of waiting) item.resolve(null);
  }

  /**
   * Starts writing a planned batch; the write learns what it returned and answers its transfers,
   * never throwing. Writes learn in the order their answers arrive, which is the order they
   * committed in whenever they changed a row in common (the later one waited for the earlier's
   * commit): what is known of an account two writes changed is what the later one returned.
   */
  function started({ items, write }: PlannedBatch): InFlight {
    const inFlight: InFlight = {
      write,
      isKnown: false,
      done: writeBatch(db, write).then(
        (written) => {
          for (const account of written.accounts) known.ledgerAccounts.set(account.id, account);
          for (const item of written.usage) known.usage.set(usageIdOf(item.key), item.usedMinor);
          // Only recent keys matter (a client replays a key when an answer did not reach it).
          if (known.keys.size > MAX_KNOWN) known.keys.clear();
          for (const item of items) known.keys.add(keyIdOf(item.key));
          inFlight.isKnown = true;
          const results = storedResultsOf<TransferResult>(
            items.map((item) => item.key),
            written.stored,
          );
          stats.batches += 1;
          stats.made += items.length;
          for (const [index, item] of items.entries()) {
            const result = results[index];
            assert.ok(result !== undefined);
            item.waiting.resolve(result);
          }
        },
        (failure: unknown) => {
          // Whatever failed (the write's check, a deadlock, a dropped connection), the statement
          // wrote nothing: each transfer goes on the single path, which retries, refuses or reports
          // it. (Had it been written, the single path finds its key and answers what was stored.)
          // What the writer knew was wrong somewhere: it reads afresh.
          forgetAll();
          inFlight.isKnown = true;
          giveBack(
            items.map((item) => item.waiting),
            failure,
          );
        },
      ),
    };
    return inFlight;
  }

  /**
   * The writer: up to `MAX_WRITES_IN_FLIGHT` writes at once, and the next batch planned while they
   * run, counting theirs as taken. Two writes that change one account row meet at its lock, and
   * the later waits for the earlier's commit; the rest of their work overlaps.
   */
  async function drain(): Promise<void> {
    isWriting = true;
    const writing: InFlight[] = [];
    const forgetDone = () => {
      for (let index = writing.length - 1; index >= 0; index -= 1) {
        if (writing[index]?.isKnown === true) writing.splice(index, 1);
      }
    };
    try {
      while (queue.length > 0 || writing.length > 0) {
        forgetDone();
        if (queue.length === 0) {
          // The transfers that arrive meanwhile make the next batch. (Writing them at once, in a
          // second write, measured slower: more and smaller batches.)
          if (writing.length > 0) await Promise.race(writing.map((inFlight) => inFlight.done));
          continue;
        }
        const batch = queue.splice(0, MAX_BATCH_SIZE);
        let next: PlannedBatch | null = null;
        try {
          next = await planned(batch, writing);
        } catch (error) {
          forgetAll();
          giveBack(batch, error);
        }
        forgetDone();
        while (writing.length >= MAX_WRITES_IN_FLIGHT) {
          await Promise.race(writing.map((inFlight) => inFlight.done));
          forgetDone();
        }
        if (next !== null && next.items.length > 0) writing.push(started(next));
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
