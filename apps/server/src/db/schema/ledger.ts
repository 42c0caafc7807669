import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';

/**
 * The double-entry ledger (DESIGN.md §5). Money is `bigint` minor units at the account's asset
 * scale. Postings are append-only; a correction is a new reversing transaction. Only the ledger
 * service writes these tables (modules/ledger), each movement in one database transaction.
 */

export type LedgerAccountPurpose = 'customer' | 'fees' | 'fx' | 'clearing' | 'suspense';
export type LedgerSystemPurpose = Exclude<LedgerAccountPurpose, 'customer'>;
export type LedgerAccountStatus = 'open' | 'closed';
export type LedgerHoldStatus = 'pending' | 'posted' | 'voided' | 'expired';

/**
 * An account's balance is `balance_minor` plus the sum of its balance shards (none for most
 * accounts), and always equals the sum of its postings. `held_minor` is the sum of its pending
 * holds. available = balance − held, and never drops below `minimum_balance_minor`; null is no
 * floor (system accounts, which may go negative: clearing is what the outside world owes us).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** null for system accounts. */
    customerId: integer().references(() => customers.id),
    purpose: text().$type<LedgerAccountPurpose>().notNull(),
    currency: text().notNull(),
    assetScale: smallint().notNull(),
    status: text().$type<LedgerAccountStatus>().notNull().default('open'),
    balanceMinor: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    heldMinor: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    minimumBalanceMinor: bigint({ mode: 'bigint' }),
    /**
     * Hot accounts (system accounts, busy merchants) take credits — and, without a floor, debits
     * too — on one of this many shard rows instead of this row, so concurrent payments to them do
     * not queue on one row lock. 0: an ordinary account. Fixed at opening.
     */
    balanceShardCount: smallint().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('ledger_accounts_customer_idx').on(table.customerId),
    // One account per purpose and currency for the system; customers may hold several.
    uniqueIndex('ledger_accounts_system_key')
      .on(table.purpose, table.currency)
      .where(sql`${table.customerId} is null`),
    check('ledger_accounts_owner_check', sql`(${table.purpose} = 'customer') = (${table.customerId} is not null)`),
    check(
      'ledger_accounts_floor_owner_check',
      sql`${table.purpose} <> 'customer' or ${table.minimumBalanceMinor} is not null`,
    ),
    check('ledger_accounts_held_check', sql`${table.heldMinor} >= 0`),
    check('ledger_accounts_shard_count_check', sql`${table.balanceShardCount} between 0 and 64`),
    // The floor as a last line of defence where the whole balance lives on this row.
    check(
      'ledger_accounts_floor_check',
      sql`${table.minimumBalanceMinor} is null or ${table.balanceShardCount} > 0 or ${table.balanceMinor} - ${table.heldMinor} >= ${table.minimumBalanceMinor}`,
    ),
  ],
);

/** Part of a hot account's balance; see `balanceShardCount`. Deleted when the account closes. */
export const ledgerBalanceShards = pgTable(
  'ledger_balance_shards',
  {
    accountId: bigint({ mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    shard: smallint().notNull(),
    balanceMinor: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.shard] })],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What moved the money, dotted lowerCamelCase: 'transfer.p2p', 'hold.posted', 'fee', 'reversal'. */
    kind: text().notNull(),
    description: text().notNull(),
    reversesTransactionId: bigint({ mode: 'number' }).references((): AnyPgColumn => ledgerTransactions.id),
    /** Small references for history and support (ids of the transfer, the card authorization…). */
    metadata: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A transaction is reversed at most once; the reversal's insert is the gate.
    uniqueIndex('ledger_transactions_reverses_key')
      .on(table.reversesTransactionId)
      .where(sql`${table.reversesTransactionId} is not null`),
  ],
);

/** Append-only. `amount_minor` is signed: positive adds to the account's balance. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    /**
     * No foreign key on purpose: its check takes a KEY SHARE lock on the account row for every
     * posting, and on a hot account (fees, clearing, a busy merchant) those locks pile up into
     * MultiXacts (measured: −15 % throughput on one hot account). Accounts are never deleted, the
     * service reads every account it posts to in the same transaction, and ledger:verify reports
     * any posting without its account.
     */
    accountId: bigint({ mode: 'number' }).notNull(),
    amountMinor: bigint({ mode: 'bigint' }).notNull(),
    currency: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Keyset history per account: WHERE account_id = $1 AND (created_at, id) < ($2, $3) ORDER BY created_at DESC, id DESC.
    index('ledger_postings_account_history_idx').on(table.accountId, table.createdAt, table.id),
    index('ledger_postings_transaction_idx').on(table.transactionId),
    check('ledger_postings_amount_check', sql`${table.amountMinor} <> 0`),
  ],
);

/**
 * Funds reserved on an account (two-phase movements): pending until posted (a transaction moves up
 * to the held amount to `to_account_id`, or split as the poster says), voided or expired — each
 * exactly once, gated by `UPDATE … WHERE status = 'pending'`.
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint({ mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Where the money goes when the hold is posted without other instructions. */
    toAccountId: bigint({ mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amountMinor: bigint({ mode: 'bigint' }).notNull(),
    currency: text().notNull(),
    status: text().$type<LedgerHoldStatus>().notNull().default('pending'),
    kind: text().notNull(),
    description: text().notNull(),
    metadata: jsonb().$type<Record<string, unknown>>(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp({ withTimezone: true }),
    postedTransactionId: bigint({ mode: 'number' }).references(() => ledgerTransactions.id),
    postedAmountMinor: bigint({ mode: 'bigint' }),
  },
  (table) => [
    index('ledger_holds_account_idx').on(table.accountId, table.createdAt),
    index('ledger_holds_pending_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'pending'`),
    check('ledger_holds_amount_check', sql`${table.amountMinor} > 0`),
    check(
      'ledger_holds_resolution_check',
      sql`(${table.status} = 'pending') = (${table.resolvedAt} is null) and (${table.status} = 'posted' or ${table.postedTransactionId} is null)`,
    ),
  ],
);
