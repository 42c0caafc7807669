import type {
  StandingOrderStatus,
  SubscriptionFrequency,
  TransferKind,
  TransferRejectReason,
  TransferStatus,
} from '@app/shared/api/transfers';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers, users } from './customers';

/**
 * Transfers between a customer's own accounts and to other customers (spec 001 §3 "Transfers").
 * Money itself moves only through the ledger; these tables record what was asked, how it was
 * approved and which ledger hold and transaction carried it. Only modules/transfers writes them.
 */

/**
 * Exchange rates as the value of one unit of each asset in US dollars; a cross rate is the ratio
 * of two values. The rates provider (sandbox or production) writes them; `numeric` keeps them
 * exact and reads back as decimal strings.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    currency: text().primaryKey(),
    valueInUsd: numeric({ precision: 38, scale: 18 }).notNull(),
    /** Which provider wrote the rate, e.g. 'sandbox'. */
    provider: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('exchange_rates_positive_check', sql`${table.valueInUsd} > 0`)],
);

/** Limits per kind of transfer and source currency, in minor units of that currency. */
export const transferLimits = pgTable(
  'transfer_limits',
  {
    kind: text().$type<TransferKind>().notNull(),
    currency: text().notNull(),
    minAmountMinor: bigint({ mode: 'bigint' }).notNull(),
    perTransferMaxMinor: bigint({ mode: 'bigint' }).notNull(),
    dailyMaxMinor: bigint({ mode: 'bigint' }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.currency] }),
    check(
      'transfer_limits_order_check',
      sql`${table.minAmountMinor} > 0 and ${table.minAmountMinor} <= ${table.perTransferMaxMinor} and ${table.perTransferMaxMinor} <= ${table.dailyMaxMinor}`,
    ),
  ],
);

/**
 * What a customer has sent (or holds for approval) per kind, currency and UTC day. The row is the
 * daily limit's gate: one `INSERT … ON CONFLICT DO UPDATE … WHERE used + amount <= limit` checks
 * and counts atomically, locking only this customer's row for the day.
 */
export const transferDailyUsage = pgTable(
  'transfer_daily_usage',
  {
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    kind: text().$type<TransferKind>().notNull(),
    currency: text().notNull(),
    day: date().notNull(),
    usedMinor: bigint({ mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.kind, table.currency, table.day] }),
    check('transfer_daily_usage_used_check', sql`${table.usedMinor} >= 0`),
  ],
);

/**
 * One transfer. Status machine: awaitingApproval → completed | rejected | failed, or straight to
 * completed (no approval needed) or failed (a recurring run that could not be made). Amounts are
 * exact minor units; `exchangeRate` is the rate applied (1 in one currency).
 */
export const transfers = pgTable(
  'transfers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text().$type<TransferKind>().notNull(),
    status: text().$type<TransferStatus>().notNull(),
    rejectReason: text().$type<TransferRejectReason>(),
    payerCustomerId: integer()
      .notNull()
      .references(() => customers.id),
    /** The user who asked for it (and approves it); for a standing order's runs, the user who set it up. */
    payerUserId: integer().references(() => users.id),
    fromAccountId: integer().notNull(),
    fromLedgerAccountId: bigint({ mode: 'number' }).notNull(),
    payeeCustomerId: integer()
      .notNull()
      .references(() => customers.id),
    toAccountId: integer().notNull(),
    toLedgerAccountId: bigint({ mode: 'number' }).notNull(),
    /** P2P: the payee's e-mail as the payer typed it. */
    toEmail: text(),
    /** P2P: the payer user's e-mail, shown to the payee. */
    fromEmail: text(),
    fromAmountMinor: bigint({ mode: 'bigint' }).notNull(),
    fromCurrency: text().notNull(),
    toAmountMinor: bigint({ mode: 'bigint' }).notNull(),
    toCurrency: text().notNull(),
    exchangeRate: text().notNull(),
    /** Charged on top of fromAmount, in fromCurrency. */
    feeMinor: bigint({ mode: 'bigint' }).notNull(),
    note: text(),
    reference: text(),
    /** 0 none, 1 push, 2 sms, 3 otp, 4 e-mail code (spec 001 §4). */
    approvalType: smallint().notNull(),
    /** The ledger hold while awaiting approval. */
    holdId: bigint({ mode: 'number' }),
    /** The ledger transaction that moved the money (one per transfer, FX and fee legs included). */
    ledgerTransactionId: bigint({ mode: 'number' }),
    standingOrderId: integer(),
    /** 1 for the transfer that created the standing order, then 2, 3… */
    runNumber: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('transfers_payer_created_idx').on(table.payerCustomerId, table.createdAt, table.id),
    index('transfers_payee_created_idx').on(table.payeeCustomerId, table.createdAt, table.id),
    // A standing order's run is made once, whatever retries the job sees.
    uniqueIndex('transfers_standing_order_run_key')
      .on(table.standingOrderId, table.runNumber)
      .where(sql`${table.standingOrderId} is not null`),
    check(
      'transfers_amounts_check',
      sql`${table.fromAmountMinor} > 0 and ${table.toAmountMinor} > 0 and ${table.feeMinor} >= 0`,
    ),
    check(
      'transfers_status_check',
      sql`${table.status} in ('awaitingApproval', 'completed', 'rejected', 'failed') and (${table.status} in ('rejected', 'failed')) = (${table.rejectReason} is not null)`,
    ),
  ],
);

/**
 * The strong-customer-authentication challenge of a held transfer: which factor, the code (hashed)
 * when one was sent, attempts and re-sends. Resolved with its transfer.
 */
export const transferApprovals = pgTable(
  'transfer_approvals',
  {
    transferId: integer()
      .primaryKey()
      .references(() => transfers.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    approvalType: smallint().notNull(),
    /** SHA-256 of transferId:code for sent codes (sms, e-mail); null for otp and push. */
    codeHash: text(),
    /** Where the code went (E.164 phone or e-mail), for re-sends; never shown unmasked. */
    recipient: text(),
    sendCount: integer().notNull().default(1),
    lastSentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    failedAttempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** The device that answered a push. */
    answeredByDeviceId: integer(),
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('transfer_approvals_user_pending_idx')
      .on(table.userId, table.expiresAt)
      .where(sql`${table.resolvedAt} is null`),
  ],
);

/**
 * A recurring transfer (spec 001 §3 subscription fields): its first run is the transfer that
 * created it; a durable job makes the following ones. Recurring P2P orders are the customer's
 * pre-approved payments.
 */
export const standingOrders = pgTable(
  'standing_orders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text().$type<TransferKind>().notNull(),
    status: text().$type<StandingOrderStatus>().notNull(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    createdByUserId: integer().references(() => users.id),
    fromAccountId: integer().notNull(),
    toAccountId: integer(),
    toEmail: text(),
    /** The amount of each run, in `currency` (the source's, or the destination's for own accounts). */
    amountMinor: bigint({ mode: 'bigint' }).notNull(),
    currency: text().notNull(),
    /** The currency's asset scale, so amounts of different currencies compare as decimals. */
    assetScale: smallint().notNull(),
    frequency: text().$type<SubscriptionFrequency>().notNull(),
    /** Last day a run may happen (UTC); null: no end date. */
    endDate: date(),
    /** Runs in all, the first included; null: no count. */
    transactionsTotal: integer(),
    isUntilCancelled: boolean().notNull().default(false),
    note: text(),
    reference: text(),
    /** Runs made so far (completed or failed), the first included. */
    runsDone: integer().notNull().default(0),
    /** The first run's time: later runs are whole periods after it, so months do not drift. */
    anchorAt: timestamp({ withTimezone: true }).notNull(),
    nextRunAt: timestamp({ withTimezone: true }),
    firstTransferId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('standing_orders_customer_idx').on(table.customerId, table.createdAt, table.id),
    uniqueIndex('standing_orders_first_transfer_key').on(table.firstTransferId),
    check('standing_orders_amount_check', sql`${table.amountMinor} > 0`),
  ],
);

/** Saved transfers to repeat (spec 001 §3 templateName), one per name per customer. */
export const transferTemplates = pgTable(
  'transfer_templates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    name: text().notNull(),
    kind: text().$type<TransferKind>().notNull(),
    fromAccountId: integer().notNull(),
    toAccountId: integer(),
    toEmail: text(),
    amountMinor: bigint({ mode: 'bigint' }).notNull(),
    currency: text().notNull(),
    note: text(),
    reference: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('transfer_templates_customer_name_key').on(table.customerId, table.name)],
);
