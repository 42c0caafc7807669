import type {
  HistoryFilter,
  HistoryItem,
  HistoryItemStatus,
  HistoryStatusFilter,
  TransactionType,
} from '@app/shared/api/history';
import { HISTORY_COUNT_LIMIT, TRANSACTION_TYPES } from '@app/shared/api/history';
import { HISTORY_PAGE_SIZE } from '@app/shared/constants';
import { assetScaleOf, formatAmount } from '@app/shared/money';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { LedgerHoldStatus } from '../../db/schema/ledger';
import { errors } from '../../platform/errors';
import * as accountsService from '../accounts/accounts.service';
import * as repository from './history.repository';
import { kindFilterOf, TRANSACTION_TYPE_NAMES, transactionTypeOf } from './transaction-types';

/**
 * The transaction history (spec 001 §3, §7): what the ledger recorded on the customer's accounts,
 * filtered. Only the customer's own accounts are ever put in a query's scope, so nothing of another
 * customer can appear, whatever the filter says.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface HistoryScope {
  /** The accounts in scope by ledger account id. */
  accountsByLedgerId: Map<number, accountsService.CustomerAccount>;
  query: repository.HistoryQuery;
}

/** A decimal bound → minor units at a scale: a lower bound rounds up, an upper bound down. */
export function minorBoundOf(value: string, scale: number, rounding: 'up' | 'down'): bigint {
  const [integerDigits = '0', fractionDigits = ''] = value.split('.');
  const kept = fractionDigits.slice(0, scale).padEnd(scale, '0');
  const minor = BigInt(integerDigits + kept);
  return rounding === 'up' && /[1-9]/.test(fractionDigits.slice(scale)) ? minor + 1n : minor;
}

/** LIKE wildcards in what the customer typed are literal characters. */
function likePatternOf(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const SOURCES_BY_STATUS: Record<HistoryStatusFilter, { includesPostings: boolean; holdStatuses: LedgerHoldStatus[] }> =
  {
    all: { includesPostings: true, holdStatuses: ['pending'] },
    completed: { includesPostings: true, holdStatuses: [] },
    processing: { includesPostings: false, holdStatuses: ['pending'] },
    rejected: { includesPostings: false, holdStatuses: ['voided', 'expired'] },
  };

/**
 * The filter as a query over the customer's accounts (or the one asked for: ENOA when it is not
 * theirs). Amount bounds are per account, in its currency's minor units; an account whose
 * currency cannot hold an amount between the bounds drops out of the scope.
 */
export async function historyScopeOf(
  db: Database,
  params: { customerId: number; filter: HistoryFilter },
): Promise<HistoryScope> {
  const { filter } = params;
  const accounts =
    filter.accountId === undefined
      ? await accountsService.listCustomerAccounts(db, { customerId: params.customerId })
      : [
          await accountsService.requireCustomerAccount(db, {
            customerId: params.customerId,
            accountId: filter.accountId,
          }),
        ];
  const scopes: repository.AccountScope[] = [];
  for (const account of accounts) {
    const scale = assetScaleOf(account.currency);
    const minAmountMinor = filter.fromAmount === undefined ? undefined : minorBoundOf(filter.fromAmount, scale, 'up');
    const maxAmountMinor = filter.toAmount === undefined ? undefined : minorBoundOf(filter.toAmount, scale, 'down');
    if (minAmountMinor !== undefined && maxAmountMinor !== undefined && minAmountMinor > maxAmountMinor) continue;
    scopes.push({ ledgerAccountId: account.ledgerAccountId, minAmountMinor, maxAmountMinor });
  }
  const sources = SOURCES_BY_STATUS[filter.status];
  return {
    accountsByLedgerId: new Map(accounts.map((account) => [account.ledgerAccountId, account])),
    query: {
      accounts: scopes,
      includesPostings: sources.includesPostings,
      holdStatuses: sources.holdStatuses,
      fromInclusive: filter.fromDate === undefined ? undefined : new Date(`${filter.fromDate}T00:00:00Z`),
      toExclusive:
        filter.toDate === undefined ? undefined : new Date(new Date(`${filter.toDate}T00:00:00Z`).getTime() + DAY_MS),
      direction: filter.transactionDirection,
      kinds: filter.transactionType === undefined ? undefined : kindFilterOf(filter.transactionType),
      keywordPattern: filter.keyword === undefined ? undefined : likePatternOf(filter.keyword),
      counterpartyEmail: filter.email,
    },
  };
}

/* Cursors: opaque to clients, checked when they come back */

const cursorSchema = z.tuple([
  z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  z.union([z.literal(0), z.literal(1)]),
  z.string().regex(/^\d{1,19}$/),
]);

export function encodeCursor(row: Pick<repository.HistoryRow, 'createdAt' | 'source' | 'id'>): string {
  return Buffer.from(JSON.stringify([row.createdAt, row.source, row.id])).toString('base64url');
}

export function decodeCursor(cursor: string): repository.HistoryCursor {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const parsed = cursorSchema.safeParse(decoded);
  if (!parsed.success) {
    throw errors.validation([{ field: 'cursor', message: 'This page link is not valid; start from the first page.' }]);
  }
  const [at, source, id] = parsed.data;
  return { at, source, id };
}

/* Items */

function textOf(value: unknown, maxLength = 500): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.slice(0, maxLength) : undefined;
}

/** The same rule as the SQL filter (history.repository counterpartyField): the side that is not ours. */
function counterpartyOf(metadata: Record<string, unknown>, isOutgoing: boolean): { name?: string; email?: string } {
  return {
    name: textOf(isOutgoing ? metadata.toName : metadata.fromName, 200) ?? textOf(metadata.counterpartyName, 200),
    email: textOf(isOutgoing ? metadata.toEmail : metadata.fromEmail, 254) ?? textOf(metadata.counterpartyEmail, 254),
  };
}

function positiveIdOf(value: unknown): number | undefined {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** A positive decimal fee; a zero fee is no fee. */
function feeOf(value: unknown): string | undefined {
  return typeof value === 'string' && /^\d+\.\d{2,8}$/.test(value) && /[1-9]/.test(value) ? value : undefined;
}

function statusOf(row: repository.HistoryRow): HistoryItemStatus {
  if (row.source === 0) return 'completed';
  return row.holdStatus === 'pending' ? 'processing' : 'rejected';
}

export function historyItemOf(row: repository.HistoryRow, scope: HistoryScope): HistoryItem {
  const account = scope.accountsByLedgerId.get(Number(row.ledgerAccountId));
  // The query only reads accounts in scope; a row from elsewhere would be a leak, so it is a bug.
  if (account === undefined) throw new Error(`history row ${row.id} is not on an account in scope`);
  const amountMinor = BigInt(row.amountMinor);
  const metadata = row.metadata ?? {};
  const isOutgoing = amountMinor < 0n;
  const counterparty = counterpartyOf(metadata, isOutgoing);
  return {
    id: `${row.source === 0 ? 'P' : 'H'}${row.id}`,
    date: row.createdAt,
    accountId: account.accountId,
    currency: row.currency,
    amount: formatAmount(amountMinor, row.currency),
    type: transactionTypeOf(row.kind),
    description: row.description,
    counterparty: counterparty.name ?? counterparty.email,
    counterpartyEmail: counterparty.email,
    status: statusOf(row),
    reference: textOf(metadata.reference, 200),
    note: textOf(metadata.note, 500),
    // The fee is the payer's: shown on the side that paid it, in that side's currency.
    fee: isOutgoing && metadata.feeCurrency === row.currency ? feeOf(metadata.fee) : undefined,
    transferId: positiveIdOf(metadata.transferId),
    ledgerTransactionId: row.source === 0 ? positiveIdOf(row.transactionId) : undefined,
  };
}

export interface HistoryPage {
  transactions: HistoryItem[];
  results: number;
  isResultsCapped: boolean;
  rejectedCount: number;
  processingCount: number;
  exportCsv: boolean;
  pageNumber: number;
  pageSize: number;
  nextCursor?: string;
}

/** transactionHistory: one page (by number, or after a cursor) and the bounded counts. */
export async function transactionHistory(
  db: Database,
  params: { customerId: number; filter: HistoryFilter; pageNumber: number; cursor?: string },
): Promise<HistoryPage> {
  const after = params.cursor === undefined ? undefined : decodeCursor(params.cursor);
  const scope = await historyScopeOf(db, { customerId: params.customerId, filter: params.filter });
  const offset = after === undefined ? (params.pageNumber - 1) * HISTORY_PAGE_SIZE : 0;
  const rows = await repository.findHistoryRows(
    db,
    { ...scope.query, after },
    { offset, limit: HISTORY_PAGE_SIZE + 1 },
  );
  const pageRows = rows.slice(0, HISTORY_PAGE_SIZE);
  const lastRow = pageRows.at(-1);
  const results = await repository.countHistoryRows(db, scope.query, HISTORY_COUNT_LIMIT);
  const processingCount = await repository.countHistoryRows(
    db,
    { ...scope.query, ...SOURCES_BY_STATUS.processing },
    HISTORY_COUNT_LIMIT,
  );
  const rejectedCount = await repository.countHistoryRows(
    db,
    { ...scope.query, ...SOURCES_BY_STATUS.rejected },
    HISTORY_COUNT_LIMIT,
  );
  return {
    transactions: pageRows.map((row) => historyItemOf(row, scope)),
    results: Math.min(results, HISTORY_COUNT_LIMIT),
    isResultsCapped: results > HISTORY_COUNT_LIMIT,
    rejectedCount: Math.min(rejectedCount, HISTORY_COUNT_LIMIT),
    processingCount: Math.min(processingCount, HISTORY_COUNT_LIMIT),
    exportCsv: results > 0,
    pageNumber: params.pageNumber,
    pageSize: HISTORY_PAGE_SIZE,
    nextCursor: rows.length > HISTORY_PAGE_SIZE && lastRow !== undefined ? encodeCursor(lastRow) : undefined,
  };
}

export function transactionTypeList(): { code: TransactionType; name: string }[] {
  return TRANSACTION_TYPES.map((code) => ({ code, name: TRANSACTION_TYPE_NAMES[code] }));
}
