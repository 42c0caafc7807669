import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { ledgerAccounts, ledgerTransactions } from './ledger';

export type AccountSubType = 'PREPAID' | 'DEBIT';

/**
 * A customer's account as the product shows it (spec 001 §3 "Account"): its type, status and
 * name. The money lives in the ledger account it points at; balances are read from there, never
 * stored twice. Only the accounts module writes this table.
 */
export const accounts = pgTable(
  'accounts',
  {
    /** The public `accountId`. */
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    /** Spec 001 §3 account type ids: 1001 payment, 4001 prepayment, 4002 receiving, 2006–2080 cards. */
    typeId: smallint().notNull(),
    subType: text().$type<AccountSubType>(),
    currency: text().notNull(),
    /** 1 active, 11 closed (spec 001 §9). */
    statusId: smallint().notNull().default(1),
    ledgerAccountId: bigint({ mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    /** The card or wallet name the customer chose; null shows the type's name. */
    aliasName: text(),
    /** Crypto wallets only: the deposit address. */
    walletAddress: text(),
    /** Sub-accounts: the account that settles this one (spec 001 §3 settlementAccountId). */
    settlementAccountId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('accounts_customer_idx').on(table.customerId),
    uniqueIndex('accounts_ledger_account_key').on(table.ledgerAccountId),
    // One open account per customer, type and currency: "add currency" twice gives one account.
    uniqueIndex('accounts_open_type_currency_key')
      .on(table.customerId, table.typeId, table.currency)
      .where(sql`${table.statusId} <> 11`),
  ],
);

/**
 * The customer's funding reference: quoted by whoever pays the customer by bank transfer, it is
 * how money arriving on the brand's pooled bank accounts finds its customer. One per customer,
 * random (not derived from the id) and with check digits, so a mistyped one matches nobody.
 */
export const customerFundingReferences = pgTable('customer_funding_references', {
  customerId: integer()
    .primaryKey()
    .references(() => customers.id),
  reference: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Payment instructions of an account (how to fund it by the rail of its currency). The bank
 * details themselves are configuration of the rail; a row records that the account has them and
 * whether the customer has seen them (spec 001 §7 "mark instruction viewed").
 */
export const paymentInstructions = pgTable(
  'payment_instructions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id),
    rail: text().notNull(),
    viewedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payment_instructions_account_rail_key').on(table.accountId, table.rail)],
);

export type IncomingTransferStatus = 'received' | 'settled' | 'suspense' | 'returned';

/**
 * A bank transfer that arrived on a pooled account of ours (money in). Recorded when the rail
 * reports it, settled later by a job: posted from the rail's clearing account to the customer
 * whose funding reference it quotes, to suspense when the reference matches no one, or returned
 * to the payer (nothing is posted) when the rail fails it or the customer holds no account in
 * its currency. `ledgerTransactionId` is set exactly when money was posted.
 */
export const incomingTransfers = pgTable(
  'incoming_transfers',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The adapter that reported it ('sandbox' here; a production rail adapter names itself). */
    rail: text().notNull(),
    /** The rail's id of the payment: a report delivered twice is recorded once. */
    railReference: text().notNull(),
    /** The reference as the payer typed it. */
    reference: text().notNull(),
    payerName: text().notNull(),
    amountMinor: bigint({ mode: 'bigint' }).notNull(),
    currency: text().notNull(),
    status: text().$type<IncomingTransferStatus>().notNull().default('received'),
    /** Sandbox only: the rail will fail this payment instead of settling it. */
    isFailureSimulated: boolean().notNull().default(false),
    /** Why it was returned or held in suspense. */
    resolutionReason: text(),
    customerId: integer().references(() => customers.id),
    accountId: integer().references(() => accounts.id),
    ledgerTransactionId: bigint({ mode: 'number' }).references(() => ledgerTransactions.id),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The rail settles it from this moment. */
    settleAt: timestamp({ withTimezone: true }).notNull(),
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('incoming_transfers_rail_reference_key').on(table.rail, table.railReference),
    index('incoming_transfers_account_idx').on(table.accountId, table.receivedAt),
    index('incoming_transfers_received_idx').on(table.receivedAt),
    check('incoming_transfers_amount_check', sql`${table.amountMinor} > 0`),
    check(
      'incoming_transfers_posting_check',
      sql`(${table.status} in ('settled', 'suspense')) = (${table.ledgerTransactionId} is not null)`,
    ),
  ],
);
