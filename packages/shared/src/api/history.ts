import { z } from 'zod';
import { HISTORY_PAGE_SIZE } from '../constants';
import { emailSchema } from '../validation/email';
import { wireAmountSchema } from './accounts';
import { defineMethod } from './method';

/**
 * Main-API methods of the history domain (spec 001 §3 "Transaction history filter", §7 "History").
 * The ledger is the source of truth: completed items are postings on the customer's accounts,
 * processing items are funds held for a movement that has not finished (a payout awaiting
 * settlement or approval), rejected items are holds that were released without moving money.
 */

/** Transaction types (the `transactionTypes` dictionary); screens translate them by code. */
export const TRANSACTION_TYPES = [
  'incomingBank',
  'ownAccounts',
  'p2p',
  'wire',
  'eft',
  'oct',
  'cryptoEft',
  'instantPayment',
  'massPayout',
  'globalPayout',
  'card',
  'invoice',
  'exchange',
  'fee',
  'reversal',
  'other',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const HISTORY_DIRECTIONS = ['all', 'incoming', 'outgoing'] as const;
export type HistoryDirection = (typeof HISTORY_DIRECTIONS)[number];

/** 'all' lists completed and processing items; rejected ones only when asked for. */
export const HISTORY_STATUS_FILTERS = ['all', 'completed', 'processing', 'rejected'] as const;
export type HistoryStatusFilter = (typeof HISTORY_STATUS_FILTERS)[number];

export const HISTORY_ITEM_STATUSES = ['completed', 'processing', 'rejected'] as const;
export type HistoryItemStatus = (typeof HISTORY_ITEM_STATUSES)[number];

/** Counts are exact up to this; above it `isResultsCapped` is true and the count shows as "10000+". */
export const HISTORY_COUNT_LIMIT = 10_000;
/** Page numbers go this far (10 000 items); further back, follow `nextCursor`. */
export const HISTORY_MAX_PAGE_NUMBER = HISTORY_COUNT_LIMIT / HISTORY_PAGE_SIZE;
export const HISTORY_KEYWORD_MAX_LENGTH = 100;
const MAX_CURSOR_LENGTH = 200;

const dateSchema = z.iso.date();
/** A positive filter amount with up to 8 fraction digits ("10", "10.5", "0.00000001"). */
const filterAmountSchema = z
  .string()
  .trim()
  .max(24)
  .regex(/^\d{1,16}(\.\d{1,8})?$/, 'Enter an amount such as 10.50.');

/** Compares two non-negative decimal strings exactly. */
function compareDecimals(a: string, b: string): number {
  const [aInteger = '', aFraction = ''] = a.split('.');
  const [bInteger = '', bFraction = ''] = b.split('.');
  const scale = Math.max(aFraction.length, bFraction.length);
  const aValue = BigInt(aInteger + aFraction.padEnd(scale, '0'));
  const bValue = BigInt(bInteger + bFraction.padEnd(scale, '0'));
  return aValue < bValue ? -1 : aValue > bValue ? 1 : 0;
}

const historyFilterShape = z.object({
  accountId: z.number().int().positive().max(2_147_483_647).optional(),
  /** Matches the description, the counterparty's name or e-mail, the reference and the note. */
  keyword: z.string().trim().min(1).max(HISTORY_KEYWORD_MAX_LENGTH).optional(),
  transactionType: z.enum(TRANSACTION_TYPES).optional(),
  fromDate: dateSchema.optional(),
  toDate: dateSchema.optional(),
  fromAmount: filterAmountSchema.optional(),
  toAmount: filterAmountSchema.optional(),
  transactionDirection: z.enum(HISTORY_DIRECTIONS).default('all'),
  status: z.enum(HISTORY_STATUS_FILTERS).default('all'),
  /** The counterparty's e-mail, exactly. */
  email: emailSchema.optional(),
});

function checkRanges(
  filter: { fromDate?: string; toDate?: string; fromAmount?: string; toAmount?: string },
  context: z.core.$RefinementCtx,
): void {
  if (filter.fromDate !== undefined && filter.toDate !== undefined && filter.fromDate > filter.toDate) {
    context.addIssue({ code: 'custom', path: ['toDate'], message: 'The end date is before the start date.' });
  }
  if (
    filter.fromAmount !== undefined &&
    filter.toAmount !== undefined &&
    compareDecimals(filter.fromAmount, filter.toAmount) > 0
  ) {
    context.addIssue({ code: 'custom', path: ['toAmount'], message: 'The maximum is below the minimum.' });
  }
}

/**
 * The history filter (spec 001 §3). Dates are calendar days in UTC, both inclusive. Amounts bound
 * the item's absolute amount in its account's currency, both inclusive. Empty fields are dropped
 * by the client (spec 000 §5); absent means no restriction.
 */
export const historyFilterSchema = historyFilterShape.superRefine(checkRanges);
export type HistoryFilter = z.output<typeof historyFilterSchema>;
export type HistoryFilterInput = z.input<typeof historyFilterSchema>;

export const historyItemSchema = z.object({
  /** Opaque and stable: "P<posting id>" for a completed item, "H<hold id>" for a held one. */
  id: z.string(),
  /** ISO 8601. */
  date: z.string(),
  accountId: z.number().int(),
  currency: z.string(),
  /** Signed: positive came in, negative went out (held amounts are negative). */
  amount: wireAmountSchema,
  type: z.enum(TRANSACTION_TYPES),
  /** What the platform recorded for the movement (English; screens may show it as is). */
  description: z.string(),
  /** The other party's name, else their e-mail. */
  counterparty: z.string().optional(),
  counterpartyEmail: z.string().optional(),
  status: z.enum(HISTORY_ITEM_STATUSES),
  /** The payment reference the payer or sender gave. */
  reference: z.string().optional(),
  /** The sender's note (P2P, invoices). */
  note: z.string().optional(),
  /** The fee charged with this movement, in the same currency, as a positive amount. */
  fee: wireAmountSchema.optional(),
  /** The transfer this movement belongs to, when it came from the transfers domain. */
  transferId: z.number().int().optional(),
  /** The ledger transaction (completed items), for support. */
  ledgerTransactionId: z.number().int().optional(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const transactionHistory = defineMethod({
  name: 'transactionHistory',
  summary: 'The transaction history of the customer, filtered, newest first, 20 per page.',
  access: 'customer',
  actsForCustomer: true,
  input: historyFilterShape
    .extend({
      pageNumber: z.number().int().min(1).max(HISTORY_MAX_PAGE_NUMBER).default(1),
      /** From a previous answer's `nextCursor`: the page after it (pageNumber is then ignored). */
      cursor: z.string().max(MAX_CURSOR_LENGTH).optional(),
    })
    .superRefine(checkRanges),
  output: z.object({
    transactions: z.array(historyItemSchema),
    /** Items matching the filter (completed and processing for status 'all'), exact up to 10 000. */
    results: z.number().int(),
    /** More than `results` items match. */
    isResultsCapped: z.boolean(),
    /** Rejected items matching the filter otherwise (status aside), up to 10 000. */
    rejectedCount: z.number().int(),
    /** Processing items matching the filter otherwise (status aside), up to 10 000. */
    processingCount: z.number().int(),
    /** A CSV export of this filter can be started (something matches). */
    exportCsv: z.boolean(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    /** Present when more items follow: pass it as `cursor` for the next page. */
    nextCursor: z.string().optional(),
  }),
});

export const transactionTypes = defineMethod({
  name: 'transactionTypes',
  summary: 'The transaction types dictionary (codes for the history filter).',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({}),
  output: z.object({
    transactionTypes: z.array(
      z.object({
        code: z.enum(TRANSACTION_TYPES),
        /** English name, for API users; screens translate by code. */
        name: z.string(),
      }),
    ),
  }),
});

export const HISTORY_EXPORT_STATUSES = ['preparing', 'ready', 'expired'] as const;
export type HistoryExportStatus = (typeof HISTORY_EXPORT_STATUSES)[number];
/** The most rows one CSV export holds; narrow the filter for more. */
export const HISTORY_EXPORT_MAX_ROWS = 100_000;

export const historyExportSchema = z.object({
  /** Opaque, unguessable. */
  exportId: z.string(),
  status: z.enum(HISTORY_EXPORT_STATUSES),
  filter: historyFilterSchema,
  /** ISO 8601: the export holds what was recorded up to this moment. */
  createdAt: z.string(),
  /** ISO 8601: after this the file can no longer be downloaded. */
  expiresAt: z.string(),
  /** Ready exports: the rows the file holds (at most HISTORY_EXPORT_MAX_ROWS). */
  rowCount: z.number().int().optional(),
  /** Ready exports: more rows matched than the file holds. */
  isTruncated: z.boolean().optional(),
  /** The CSV, a bearer-token download (add `?fromCustomerId=` when acting for a customer). */
  url: z.string(),
});
export type HistoryExport = z.infer<typeof historyExportSchema>;

const exportIdSchema = z.uuid();

/** Starts a CSV export of the history matching the filter; poll `historyExportStatus` until ready. */
export const historyExportStart = defineMethod({
  name: 'historyExportStart',
  summary: 'Start a CSV export of the transaction history for a filter.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({ filter: historyFilterSchema.default({ transactionDirection: 'all', status: 'all' }) }),
  output: z.object({ export: historyExportSchema }),
});

export const historyExportStatus = defineMethod({
  name: 'historyExportStatus',
  summary: 'The state of a CSV export.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({ exportId: exportIdSchema }),
  output: z.object({ export: historyExportSchema }),
});

/** E-mails the signed-in user a notice with a link to download a ready export. */
export const historyExportSend = defineMethod({
  name: 'historyExportSend',
  summary: 'E-mail a download link of a ready CSV export to the signed-in user.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({ exportId: exportIdSchema }),
  output: z.object({ sentTo: z.string() }),
});

export function historyExportPath(exportId: string): string {
  return `/files/history-exports/${exportId}.csv`;
}
