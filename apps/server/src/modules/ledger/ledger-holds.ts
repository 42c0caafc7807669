import assert from 'node:assert/strict';
import type { Database } from '../../db/client';
import type { LedgerHoldStatus } from '../../db/schema/ledger';
import {
  applyMovement,
  assertDescriptive,
  assertInTransaction,
  requirePositiveAmount,
  type PostedTransaction,
  type PostingDraft,
} from './ledger-engine';
import { ledgerErrors } from './ledger.errors';
import * as repository from './ledger.repository';

/**
 * Holds (two-phase movements, DESIGN.md §5): funds reserved on an account, then posted, voided or
 * expired exactly once. The once-only gate is the hold row itself: `UPDATE … WHERE status =
 * 'pending' RETURNING`; a concurrent resolver waits on the row and then finds it resolved. Lock
 * order: hold row, then accounts (ledger-engine.ts). Exported through ledger.service.ts.
 */

export const MAX_HOLD_TTL_MS = 90 * 24 * 60 * 60 * 1000;
export const EXPIRE_HOLDS_BATCH_LIMIT = 500;

export interface LedgerHold {
  id: number;
  accountId: number;
  toAccountId: number;
  amountMinor: bigint;
  currency: string;
  status: LedgerHoldStatus;
  kind: string;
  description: string;
  expiresAt: Date;
  createdAt: Date;
  resolvedAt: Date | null;
  postedTransactionId: number | null;
  postedAmountMinor: bigint | null;
}

function holdOf(row: repository.HoldRow): LedgerHold {
  return {
    id: row.id,
    accountId: row.accountId,
    toAccountId: row.toAccountId,
    amountMinor: row.amountMinor,
    currency: row.currency,
    status: row.status,
    kind: row.kind,
    description: row.description,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
    resolvedAt: row.resolvedAt,
    postedTransactionId: row.postedTransactionId,
    postedAmountMinor: row.postedAmountMinor,
  };
}

export interface PlaceHoldInput {
  accountId: number;
  toAccountId: number;
  amountMinor: bigint;
  currency: string;
  expiresAt: Date;
  kind: string;
  description: string;
  metadata?: Record<string, unknown>;
  now?: Date;
}

/**
 * Reserves an amount on an account until `expiresAt`: available falls by the amount, the balance
 * stays. Posting moves up to the amount to `toAccountId` (or as the poster splits it).
 */
export async function placeHold(db: Database, params: PlaceHoldInput): Promise<LedgerHold> {
  return db.transaction((tx) => placeHoldInTransaction(tx, params));
}

/** `placeHold` in the caller's transaction, without a savepoint (see `assertInTransaction`). */
export async function placeHoldInTransaction(tx: Database, params: PlaceHoldInput): Promise<LedgerHold> {
  assertInTransaction(tx);
  requirePositiveAmount(params.amountMinor);
  assertDescriptive({ kind: params.kind, description: params.description, metadata: params.metadata ?? null });
  const now = params.now ?? new Date();
  const ttlMs = params.expiresAt.getTime() - now.getTime();
  assert.ok(ttlMs > 0 && ttlMs <= MAX_HOLD_TTL_MS, 'a hold expires within 90 days from now');
  if (params.accountId === params.toAccountId) {
    throw ledgerErrors.invalidAmount('The source and destination accounts are the same.');
  }
  // The destination is only checked, not locked: it is credited when the hold posts.
  const [destination] = await repository.findAccounts(tx, { accountIds: [params.toAccountId] });
  if (destination === undefined) throw ledgerErrors.unknownAccount(params.toAccountId);
  if (destination.status !== 'open') throw ledgerErrors.closedAccount(params.toAccountId);
  if (destination.currency !== params.currency) {
    throw ledgerErrors.currencyMismatch(params.toAccountId, destination.currency);
  }
  await applyMovement(tx, {
    heldChanges: [{ accountId: params.accountId, heldDeltaMinor: params.amountMinor, currency: params.currency }],
    transactions: [],
  });
  const row = await repository.insertHold(tx, {
    accountId: params.accountId,
    toAccountId: params.toAccountId,
    amountMinor: params.amountMinor,
    currency: params.currency,
    kind: params.kind,
    description: params.description,
    metadata: params.metadata ?? null,
    expiresAt: params.expiresAt,
  });
  return holdOf(row);
}

async function lostHoldRace(db: Database, holdId: number): Promise<never> {
  const hold = await repository.findHold(db, { holdId });
  if (hold === null) throw ledgerErrors.unknownHold(holdId);
  // Still pending here means its time ran out and the expiry job has not swept it yet.
  throw ledgerErrors.holdNotPending(holdId, hold.status === 'pending' ? 'expired' : hold.status);
}

export interface PostHoldInput {
  holdId: number;
  /** Less than the hold: the rest is released. */
  amountMinor?: bigint;
  /** Where the posted amount goes, in the hold's currency; the hold's destination when absent. */
  credits?: { accountId: number; amountMinor: bigint }[];
  /**
   * More legs of the same ledger transaction, balanced per currency together with the hold's:
   * e.g. the FX account paying out the other currency of a converting transfer, so one approved
   * transfer is one transaction. They may not touch the held account.
   */
  extraPostings?: PostingDraft[];
  kind?: string;
  description?: string;
  metadata?: Record<string, unknown>;
  now?: Date;
}

/**
 * Posts a pending, unexpired hold exactly once: its amount (or less: the rest is released) leaves
 * the held account, to `toAccountId` or split across `credits` (e.g. a payout and its fee), with
 * any `extraPostings` in the same ledger transaction.
 */
export async function postHold(
  db: Database,
  params: PostHoldInput,
): Promise<{ hold: LedgerHold; transaction: PostedTransaction }> {
  return db.transaction((tx) => postHoldInTransaction(tx, params));
}

/** `postHold` in the caller's transaction, without a savepoint (see `assertInTransaction`). */
export async function postHoldInTransaction(
  tx: Database,
  params: PostHoldInput,
): Promise<{ hold: LedgerHold; transaction: PostedTransaction }> {
  assertInTransaction(tx);
  const now = params.now ?? new Date();
  const hold = await repository.resolvePendingHold(tx, {
    holdId: params.holdId,
    status: 'posted',
    now,
    unexpiredOnly: true,
  });
  if (hold === null) return lostHoldRace(tx, params.holdId);
  const amountMinor = params.amountMinor ?? hold.amountMinor;
  requirePositiveAmount(amountMinor);
  if (amountMinor > hold.amountMinor) throw ledgerErrors.invalidAmount('The amount is more than was reserved.');
  const credits = params.credits ?? [{ accountId: hold.toAccountId, amountMinor }];
  if (
    credits.reduce((sum, credit) => sum + credit.amountMinor, 0n) !== amountMinor ||
    credits.some((credit) => credit.amountMinor <= 0n || credit.accountId === hold.accountId)
  ) {
    throw ledgerErrors.invalidAmount('The credits must be positive, to other accounts, and add up to the amount.');
  }
  const extraPostings = params.extraPostings ?? [];
  // The held account moves by the hold alone: anything else on it would bypass the reservation.
  assert.ok(
    extraPostings.every((posting) => posting.accountId !== hold.accountId),
    'extra postings of a hold may not touch the held account',
  );
  const { transactions } = await applyMovement(tx, {
    heldChanges: [{ accountId: hold.accountId, heldDeltaMinor: -hold.amountMinor, currency: hold.currency }],
    transactions: [
      {
        kind: params.kind ?? hold.kind,
        description: params.description ?? hold.description,
        metadata: params.metadata ?? { holdId: hold.id },
        reversesTransactionId: null,
        postings: [
          { accountId: hold.accountId, amountMinor: -amountMinor, currency: hold.currency },
          ...credits.map((credit) => ({ ...credit, currency: hold.currency })),
          ...extraPostings,
        ],
      },
    ],
  });
  const [transaction] = transactions;
  assert.ok(transaction !== undefined);
  await repository.recordHoldPosting(tx, {
    holdId: hold.id,
    transactionId: transaction.id,
    postedAmountMinor: amountMinor,
  });
  return {
    hold: holdOf({ ...hold, postedTransactionId: transaction.id, postedAmountMinor: amountMinor }),
    transaction,
  };
}

/** Releases a pending hold exactly once (also one past its expiry the sweep has not reached). */
export async function voidHold(db: Database, params: { holdId: number; now?: Date }): Promise<LedgerHold> {
  const now = params.now ?? new Date();
  return db.transaction(async (tx) => {
    const hold = await repository.resolvePendingHold(tx, {
      holdId: params.holdId,
      status: 'voided',
      now,
      unexpiredOnly: false,
    });
    if (hold === null) return lostHoldRace(tx, params.holdId);
    await applyMovement(tx, {
      heldChanges: [{ accountId: hold.accountId, heldDeltaMinor: -hold.amountMinor, currency: hold.currency }],
      transactions: [],
    });
    return holdOf(hold);
  });
}

/**
 * Expires pending holds whose time has come, up to `limit` per call; returns how many. Idempotent
 * and safe from several processes at once: each takes the holds no one else has locked.
 */
export async function expireHolds(db: Database, params: { now: Date; limit?: number }): Promise<number> {
  const limit = Math.min(params.limit ?? EXPIRE_HOLDS_BATCH_LIMIT, EXPIRE_HOLDS_BATCH_LIMIT);
  return db.transaction(async (tx) => {
    const holds = await repository.lockExpiredHolds(tx, { now: params.now, limit });
    if (holds.length === 0) return 0;
    await applyMovement(tx, {
      heldChanges: holds.map((hold) => ({
        accountId: hold.accountId,
        heldDeltaMinor: -hold.amountMinor,
        currency: hold.currency,
      })),
      transactions: [],
    });
    const expired = await repository.markHoldsExpired(tx, { holdIds: holds.map((hold) => hold.id), now: params.now });
    assert.equal(expired, holds.length, 'a locked pending hold changed under its lock');
    return expired;
  });
}

export async function getHold(db: Database, holdId: number): Promise<LedgerHold> {
  const row = await repository.findHold(db, { holdId });
  if (row === null) throw ledgerErrors.unknownHold(holdId);
  return holdOf(row);
}
