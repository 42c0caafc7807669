import { z } from 'zod';
import { ACCOUNT_SUB_TYPES, PAYMENT_ACCOUNT_CURRENCIES, WALLET_CURRENCIES } from '../accounts';
import { STATEMENT_EXPORT_PAGE_SIZE } from '../constants';
import { defineMethod } from './method';

/**
 * Main-API methods of the accounts domain (spec 001 §3 "Account", §7 "Accounts and cards").
 * Amounts are decimal strings in the account's currency with 2 to 8 fraction digits; ids are numbers.
 */

const ID_MAX = 2_147_483_647;
const idSchema = z.number().int().positive().max(ID_MAX);

/** A wire amount: signed, at least two fraction digits ("12.30", "-0.05", "0.00012345"). */
export const wireAmountSchema = z.string().regex(/^-?\d+\.\d{2,8}$/);

export const accountSchema = z.object({
  accountId: z.number().int(),
  /** Account type id: 1001 payment, 4001 prepayment, 4002 receiving, 2006–2080 card products. */
  type: z.number().int(),
  /** Card accounts only. */
  subType: z.enum(ACCOUNT_SUB_TYPES).optional(),
  /** 1 active, 11 closed; a card account carries its card status (spec 001 §4). */
  accountStatusId: z.number().int(),
  /** ISO 4217 code, or the asset code of a crypto wallet (BTC, ETH, USDT). */
  currencyCode: z.string(),
  /** The sum of the account's postings. */
  balance: wireAmountSchema,
  /** The floor available money may not go below: "0.00", or negative where credit is allowed. */
  accountBalanceMin: wireAmountSchema,
  /** Money reserved by pending holds (payouts awaiting settlement or approval, card authorizations). */
  pendingAmount: wireAmountSchema,
  /** balance − pendingAmount: what can be spent now (never below accountBalanceMin). */
  availableBalance: wireAmountSchema,
  /** Sub-accounts and debit cards: the account that settles this one. */
  settlementAccountId: z.number().int().optional(),
  customerId: z.number().int(),
  /** Card accounts only. */
  cardIsVirtual: z.boolean().optional(),
  /** Card accounts only: the name the customer gave the card. */
  cardAliasName: z.string().optional(),
  cardExpiryMonth: z.number().int().min(1).max(12).optional(),
  cardExpiryYear: z.number().int().optional(),
  cardReissuedStatusId: z.number().int().optional(),
  /** The name the customer gave the account, else the type's English name (screens translate by `type`). */
  name: z.string(),
  /** True when `name` is the customer's own. */
  isCustomName: z.boolean(),
  /** Crypto wallets only: the deposit address (sandbox addresses are labelled as such by the UI). */
  walletAddress: z.string().optional(),
  /** ISO 8601: when the account was opened (statements start with its month). */
  createdAt: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

/** The accounts the customer holds, open and closed, oldest first. */
export const balanceInquiry = defineMethod({
  name: 'balanceInquiry',
  summary: 'The accounts of the customer (open and closed) with balance, pending and available amounts.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({}),
  output: z.object({ accounts: z.object({ account: z.array(accountSchema) }) }),
});

/**
 * Opens a payment account (type 1001) in the currency. Idempotent by nature: when an open payment
 * account in that currency exists it is returned and `isCreated` is false.
 */
export const accountAddCurrency = defineMethod({
  name: 'accountAddCurrency',
  summary: 'Open a payment account in a currency (or get the one that exists).',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({ currencyCode: z.enum(PAYMENT_ACCOUNT_CURRENCIES) }),
  output: z.object({ account: accountSchema, isCreated: z.boolean() }),
});

/**
 * Creates a crypto wallet (a payment account in the asset) with a deposit address, or returns the
 * customer's open wallet in that asset. Addresses come from the sandbox custody adapter.
 */
export const walletCreate = defineMethod({
  name: 'walletCreate',
  summary: 'Create a crypto wallet and get its deposit address (or get the existing one).',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({ currencyCode: z.enum(WALLET_CURRENCIES) }),
  output: z.object({ account: accountSchema, address: z.string(), isSandbox: z.boolean(), isCreated: z.boolean() }),
});

export const FUNDING_RAILS = ['fasterPayments', 'sepa', 'ach', 'eft', 'auBankTransfer', 'roBankTransfer'] as const;
export type FundingRail = (typeof FUNDING_RAILS)[number];

/**
 * How to fund an account by bank transfer: the bank details of the brand's pooled account for the
 * currency's rail, and the customer's funding reference, which the payer must quote so the money
 * reaches this customer. Which detail fields are present depends on the rail:
 * - fasterPayments (GBP): sortCode, accountNumber
 * - sepa (EUR): iban, bic
 * - ach (USD): routingNumber, accountNumber, accountType
 * - eft (CAD): institutionNumber, transitNumber, accountNumber
 * - auBankTransfer (AUD): bsbCode, accountNumber
 * - roBankTransfer (RON): iban, bic
 */
export const paymentInstructionSchema = z.object({
  instructionId: z.number().int(),
  accountId: z.number().int(),
  currencyCode: z.string(),
  rail: z.enum(FUNDING_RAILS),
  /** True while the details are the sandbox bank's: nothing sent to them moves real money. */
  isSandbox: z.boolean(),
  /** The account holder the payer enters: the brand's institution, which credits the customer by reference. */
  beneficiaryName: z.string(),
  bankName: z.string(),
  bankAddress: z.string(),
  /** ISO 3166 alpha-2 country of the bank. */
  bankCountryCode: z.string(),
  accountNumber: z.string().optional(),
  sortCode: z.string().optional(),
  iban: z.string().optional(),
  bic: z.string().optional(),
  routingNumber: z.string().optional(),
  /** ACH account type of the receiving account. */
  accountType: z.enum(['checking', 'savings']).optional(),
  institutionNumber: z.string().optional(),
  transitNumber: z.string().optional(),
  bsbCode: z.string().optional(),
  /** The customer's funding reference: the payer must quote it exactly, or the money cannot be matched. */
  reference: z.string(),
  /** The customer has opened these details before (paymentInstructionViewed). */
  isViewed: z.boolean(),
});
export type PaymentInstruction = z.infer<typeof paymentInstructionSchema>;

export const paymentInstructionsList = defineMethod({
  name: 'paymentInstructionsList',
  summary: 'How to fund each account (or one account) by bank transfer.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({ accountId: idSchema.optional() }),
  output: z.object({ paymentInstructions: z.object({ paymentInstruction: z.array(paymentInstructionSchema) }) }),
});

export const paymentInstructionViewed = defineMethod({
  name: 'paymentInstructionViewed',
  summary: 'Mark payment instructions as viewed by the customer.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({ instructionId: idSchema }),
  output: z.object({ instructionId: z.number().int(), isViewed: z.boolean() }),
});

export const STATEMENT_SOURCES = ['monthly'] as const;
export const MAX_STATEMENT_PAGE_SIZE = 120;

export const statementExportSchema = z.object({
  accountId: z.number().int(),
  /** The first day of the month, YYYY-MM-DD. */
  dateFrom: z.string(),
  year: z.number().int(),
  /** 1–12. */
  month: z.number().int().min(1).max(12),
  /** The PDF, a bearer-token download: GET this path (add `?fromCustomerId=` when acting for a customer). */
  url: z.string(),
});
export type StatementExport = z.infer<typeof statementExportSchema>;

/**
 * Monthly statements of an account, newest first: every calendar month (UTC) from the one the
 * account was opened in to the current one (which covers the month so far).
 */
export const statementExportList = defineMethod({
  name: 'statementExportList',
  summary: 'Monthly statements available for an account, newest first.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({
    accountId: idSchema,
    source: z.enum(STATEMENT_SOURCES).default('monthly'),
    pageNumber: z.number().int().min(1).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(MAX_STATEMENT_PAGE_SIZE).default(STATEMENT_EXPORT_PAGE_SIZE),
  }),
  output: z.object({ total: z.number().int(), exports: z.array(statementExportSchema) }),
});

/** REST downloads of the accounts domain (bearer token; `?fromCustomerId=` as on the main API). */
export function accountConfirmationLetterPath(accountId: number): string {
  return `/files/accounts/${accountId}/confirmation-letter.pdf`;
}

export function statementPath(accountId: number, year: number, month: number): string {
  return `/files/statements/${accountId}/${year}-${String(month).padStart(2, '0')}.pdf`;
}
