import assert from 'node:assert/strict';
import { assetScaleOf, isCurrency } from '@app/shared/money';
import type { Database } from '../../db/client';
import type { LedgerAccountPurpose, LedgerAccountStatus, LedgerSystemPurpose } from '../../db/schema/ledger';
import {
  applyMovement,
  assertInTransaction,
  MAX_TRANSACTIONS_PER_MOVEMENT,
  requirePositiveAmount,
  type PostedTransaction,
  type PostingDraft,
} from './ledger-engine';
import { ledgerErrors } from './ledger.errors';
import * as repository from './ledger.repository';

/**
 * The ledger (DESIGN.md §5): accounts, double-entry transactions, holds and reversals. Every
 * function takes a `Database`, which may be a transaction of the caller's (an idempotency key, a
 * transfer record); each money-moving function runs in one database transaction of its own or as
 * a savepoint inside the caller's. Amounts are `bigint` minor units at the account's asset scale.
 *
 * Hot accounts: system accounts, and customer accounts opened with `balanceShardCount` (a busy
 * merchant), take the postings that cannot break a rule — credits, and anything on an account
 * without a floor — on one of N shard rows, updated last; see ledger-engine.ts for the lock order.
 */

export {
  createGuardedPlanner,
  type AccountSnapshot,
  type GuardedDraft,
  type GuardedPlanner,
  type GuardedWrite,
  type PostedTransaction,
  type PostingDraft,
} from './ledger-engine';
export { guardedWriteCtes, guardedWriteHolds, guardedWriteParametersOf } from './ledger.repository';
export { LedgerError, type LedgerErrorReason } from './ledger.errors';
export { verifyLedger, type LedgerVerifyReport } from './ledger-verify';
export {
  expireHolds,
  getHold,
  placeHold,
  placeHoldInTransaction,
  postHold,
  postHoldInTransaction,
  voidHold,
  EXPIRE_HOLDS_BATCH_LIMIT,
  MAX_HOLD_TTL_MS,
  type LedgerHold,
} from './ledger-holds';

export interface LedgerAccount {
  id: number;
  customerId: number | null;
  purpose: LedgerAccountPurpose;
  currency: string;
  assetScale: number;
  status: LedgerAccountStatus;
  /** Sum of the account's postings. */
  balanceMinor: bigint;
  /** Sum of the account's pending holds. */
  heldMinor: bigint;
  /** balance − held: what the customer can spend. */
  availableMinor: bigint;
  /** null: no floor (system accounts). */
  minimumBalanceMinor: bigint | null;
  balanceShardCount: number;
  createdAt: Date;
  closedAt: Date | null;
}

/** Shards per system account: enough that 20 pooled connections rarely meet on one. */
export const SYSTEM_ACCOUNT_SHARD_COUNT = 16;
export const MAX_BALANCE_SHARD_COUNT = 64;

function accountOf(row: repository.AccountRow & { shardBalanceMinor: bigint }): LedgerAccount {
  const balanceMinor = row.balanceMinor + row.shardBalanceMinor;
  return {
    id: row.id,
    customerId: row.customerId,
    purpose: row.purpose,
    currency: row.currency,
    assetScale: row.assetScale,
    status: row.status,
    balanceMinor,
    heldMinor: row.heldMinor,
    availableMinor: balanceMinor - row.heldMinor,
    minimumBalanceMinor: row.minimumBalanceMinor,
    balanceShardCount: row.balanceShardCount,
    createdAt: row.createdAt,
    closedAt: row.closedAt,
  };
}

function requireCurrency(currency: string): number {
  assert.ok(isCurrency(currency), `unknown currency ${currency}`);
  return assetScaleOf(currency);
}

/* Accounts */

/**
 * Opens a customer account. The floor defaults to zero (no overdraft). `balanceShardCount` > 0
 * makes it a hot account (a merchant receiving many payments); fixed for the account's life.
 */
export async function openAccount(
  db: Database,
  params: { customerId: number; currency: string; minimumBalanceMinor?: bigint; balanceShardCount?: number },
): Promise<LedgerAccount> {
  const assetScale = requireCurrency(params.currency);
  const balanceShardCount = params.balanceShardCount ?? 0;
  assert.ok(
    Number.isInteger(balanceShardCount) && balanceShardCount >= 0 && balanceShardCount <= MAX_BALANCE_SHARD_COUNT,
    'balanceShardCount out of range',
  );
  const minimumBalanceMinor = params.minimumBalanceMinor ?? 0n;
  assert.ok(minimumBalanceMinor <= 0n, 'a floor above zero would make a new account break it');
  return db.transaction(async (tx) => {
    const row = await repository.insertAccount(tx, {
      customerId: params.customerId,
      purpose: 'customer',
      currency: params.currency,
      assetScale,
      minimumBalanceMinor,
      balanceShardCount,
    });
    await repository.insertBalanceShards(tx, { accountId: row.id, count: balanceShardCount });
    return accountOf({ ...row, shardBalanceMinor: 0n });
  });
}

/** The system account of a purpose and currency, created on first use; safe when many ask at once. */
export async function systemAccount(
  db: Database,
  purpose: LedgerSystemPurpose,
  currency: string,
): Promise<LedgerAccount> {
  const assetScale = requireCurrency(currency);
  const existing = await repository.findSystemAccount(db, { purpose, currency });
  if (existing !== null) return getAccount(db, existing.id);
  return db.transaction(async (tx) => {
    // A concurrent creator makes this insert wait for its commit, then do nothing.
    const created = await repository.insertSystemAccountIfAbsent(tx, {
      purpose,
      currency,
      assetScale,
      balanceShardCount: SYSTEM_ACCOUNT_SHARD_COUNT,
    });
    if (created !== null) {
      await repository.insertBalanceShards(tx, { accountId: created.id, count: SYSTEM_ACCOUNT_SHARD_COUNT });
      return accountOf({ ...created, shardBalanceMinor: 0n });
    }
    const found = await repository.findSystemAccount(tx, { purpose, currency });
    assert.ok(found !== null, `system account ${purpose} ${currency} vanished`);
    return getAccount(tx, found.id);
  });
}

export async function getAccount(db: Database, accountId: number): Promise<LedgerAccount> {
  const [row] = await repository.findAccountsWithShards(db, { accountIds: [accountId] });
  if (row === undefined) throw ledgerErrors.unknownAccount(accountId);
  return accountOf(row);
}

export async function listCustomerAccounts(db: Database, params: { customerId: number }): Promise<LedgerAccount[]> {
  return (await repository.findAccountsWithShards(db, { customerId: params.customerId })).map(accountOf);
}

/** Closes a customer account with a zero balance and no pending holds; closing it again is a no-op. */
export async function closeAccount(db: Database, params: { accountId: number; now?: Date }): Promise<LedgerAccount> {
  return db.transaction(async (tx) => {
    const [row] = await repository.lockAccounts(tx, {
      accountIds: [params.accountId],
      heldIds: [params.accountId],
      debitedIds: [],
    });
    if (row === undefined) throw ledgerErrors.unknownAccount(params.accountId);
    assert.ok(row.purpose === 'customer', 'system accounts are never closed');
    if (row.status === 'closed') return getAccount(tx, row.id);
    // After the row, the shards, in order: a credit in flight either lands first (and the balance
    // is not zero) or finds its shard deleted and fails as a credit to a closed account.
    const shards = await repository.lockBalanceShards(tx, { accountId: row.id });
    const balanceMinor = shards.reduce((sum, shard) => sum + shard.balanceMinor, row.balanceMinor);
    const pendingHolds = await repository.countPendingHoldsTouching(tx, { accountId: row.id });
    if (balanceMinor !== 0n || row.heldMinor !== 0n || pendingHolds > 0) {
      throw ledgerErrors.accountNotEmpty(row.id);
    }
    await repository.deleteBalanceShards(tx, { accountId: row.id });
    await repository.markAccountClosed(tx, { accountId: row.id, balanceMinor, closedAt: params.now ?? new Date() });
    return getAccount(tx, row.id);
  });
}

/* Transactions */

export interface TransactionInput {
  /** Dotted lowerCamelCase: 'transfer.p2p', 'transfer.ownAccounts', 'fee', 'payout.settled'. */
  kind: string;
  description: string;
  metadata?: Record<string, unknown>;
  /** At least two, summing to zero per currency; positive adds to the account's balance. */
  postings: PostingDraft[];
}

export interface TransferInput {
  fromAccountId: number;
  toAccountId: number;
  amountMinor: bigint;
  currency: string;
  kind: string;
  description: string;
  metadata?: Record<string, unknown>;
}

function draftOf(input: TransactionInput) {
  return {
    kind: input.kind,
    description: input.description,
    metadata: input.metadata ?? null,
    reversesTransactionId: null,
    postings: input.postings,
  };
}

function transferDraft(input: TransferInput) {
  requirePositiveAmount(input.amountMinor);
  if (input.fromAccountId === input.toAccountId) {
    throw ledgerErrors.invalidAmount('The source and destination accounts are the same.');
  }
  return draftOf({
    kind: input.kind,
    description: input.description,
    metadata: input.metadata,
    postings: [
      { accountId: input.fromAccountId, amountMinor: -input.amountMinor, currency: input.currency },
      { accountId: input.toAccountId, amountMinor: input.amountMinor, currency: input.currency },
    ],
  });
}

/** Posts one balanced transaction (fees and FX legs included), all or nothing. */
export async function postTransaction(db: Database, input: TransactionInput): Promise<PostedTransaction> {
  return db.transaction((tx) => postTransactionInTransaction(tx, input));
}

/**
 * `postTransaction` in the caller's transaction, without a savepoint: for a caller that rolls its
 * whole transaction back when this throws (a money-moving request under its idempotency key).
 */
export async function postTransactionInTransaction(tx: Database, input: TransactionInput): Promise<PostedTransaction> {
  assertInTransaction(tx);
  const { transactions } = await applyMovement(tx, { heldChanges: [], transactions: [draftOf(input)] });
  const [posted] = transactions;
  assert.ok(posted !== undefined);
  return posted;
}

/** Moves an amount from one account to another of the same currency. */
export async function postTransfer(db: Database, input: TransferInput): Promise<PostedTransaction> {
  const draft = transferDraft(input);
  return db.transaction(async (tx) => {
    const { transactions } = await applyMovement(tx, { heldChanges: [], transactions: [draft] });
    const [posted] = transactions;
    assert.ok(posted !== undefined);
    return posted;
  });
}

/**
 * Many transfers (a mass payout) in one database transaction: all or nothing. They apply in order,
 * as if one after another, so each must be covered by what the ones before it left.
 */
export async function postBatch(
  db: Database,
  params: { transfers: (TransferInput | TransactionInput)[] },
): Promise<PostedTransaction[]> {
  assert.ok(
    params.transfers.length > 0 && params.transfers.length <= MAX_TRANSACTIONS_PER_MOVEMENT,
    `a batch has 1..${MAX_TRANSACTIONS_PER_MOVEMENT} transfers`,
  );
  const drafts = params.transfers.map((input) => ('postings' in input ? draftOf(input) : transferDraft(input)));
  return db.transaction(
    async (tx) => (await applyMovement(tx, { heldChanges: [], transactions: drafts })).transactions,
  );
}

/**
 * Reverses a transaction with a new one of negated postings; a transaction is reversed at most
 * once. The reversal obeys floors like any movement: money a customer has spent cannot be taken back.
 */
export async function reverseTransaction(
  db: Database,
  params: { transactionId: number; description: string; kind?: string; metadata?: Record<string, unknown> },
): Promise<PostedTransaction> {
  return db.transaction(async (tx) => {
    const original = await repository.lockTransaction(tx, { transactionId: params.transactionId });
    if (original === null) throw ledgerErrors.unknownTransaction(params.transactionId);
    if ((await repository.findReversalOf(tx, { transactionId: original.id })) !== null) {
      throw ledgerErrors.alreadyReversed(original.id);
    }
    const postings = await repository.findPostings(tx, { transactionId: original.id });
    const { transactions } = await applyMovement(tx, {
      heldChanges: [],
      transactions: [
        {
          kind: params.kind ?? 'reversal',
          description: params.description,
          metadata: params.metadata ?? null,
          reversesTransactionId: original.id,
          postings: postings.map((posting) => ({
            accountId: posting.accountId,
            amountMinor: -posting.amountMinor,
            currency: posting.currency,
          })),
        },
      ],
    });
    const [posted] = transactions;
    assert.ok(posted !== undefined);
    return posted;
  });
}

export async function getTransaction(db: Database, transactionId: number): Promise<PostedTransaction> {
  const row = await repository.findTransaction(db, { transactionId });
  if (row === null) throw ledgerErrors.unknownTransaction(transactionId);
  const postings = await repository.findPostings(db, { transactionId });
  return {
    id: row.id,
    kind: row.kind,
    description: row.description,
    metadata: row.metadata,
    reversesTransactionId: row.reversesTransactionId,
    createdAt: row.createdAt,
    postings: postings.map((posting) => ({
      accountId: posting.accountId,
      amountMinor: posting.amountMinor,
      currency: posting.currency,
    })),
  };
}
