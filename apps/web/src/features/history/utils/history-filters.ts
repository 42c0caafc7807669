import {
  HISTORY_DIRECTIONS,
  HISTORY_KEYWORD_MAX_LENGTH,
  HISTORY_MAX_PAGE_NUMBER,
  HISTORY_STATUS_FILTERS,
  type HistoryDirection,
  type HistoryFilterInput,
  historyFilterSchema,
  type HistoryStatusFilter,
  TRANSACTION_TYPES,
  type TransactionType,
} from '@app/shared/api/history';
import { isClientEmailAcceptable } from '@app/shared/validation/email';
import { dropEmptyFilterFields } from '@app/shared/validation/wire';

/**
 * The history filter of spec 001 §3 as the screen holds it: strings as typed, kept in the URL so
 * that back navigation and a shared link show the same list. Requests carry only what is set
 * (spec 000 §5: empty filter fields are dropped).
 */
export interface HistoryFilterValues {
  accountId: string;
  keyword: string;
  transactionType: TransactionType | '';
  fromDate: string;
  toDate: string;
  fromAmount: string;
  toAmount: string;
  transactionDirection: HistoryDirection;
  status: HistoryStatusFilter;
  email: string;
}

export type HistoryFilterField = keyof HistoryFilterValues;

export const EMPTY_HISTORY_FILTER: HistoryFilterValues = {
  accountId: '',
  keyword: '',
  transactionType: '',
  fromDate: '',
  toDate: '',
  fromAmount: '',
  toAmount: '',
  transactionDirection: 'all',
  status: 'all',
  email: '',
};

export const HISTORY_FILTER_FIELDS: readonly HistoryFilterField[] = [
  'accountId',
  'keyword',
  'transactionType',
  'fromDate',
  'toDate',
  'fromAmount',
  'toAmount',
  'transactionDirection',
  'status',
  'email',
];

function isHistoryFilterField(value: unknown): value is HistoryFilterField {
  return typeof value === 'string' && (HISTORY_FILTER_FIELDS as readonly string[]).includes(value);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_URL_VALUE_LENGTH = 254;

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.find((item) => item === value) ?? fallback;
}

/** Reads the filter from the URL; anything malformed is ignored rather than sent. */
export function filterFromSearchParams(params: URLSearchParams): HistoryFilterValues {
  const text = (name: string) => (params.get(name) ?? '').slice(0, MAX_URL_VALUE_LENGTH);
  const accountId = text('accountId');
  const date = (name: string) => (ISO_DATE.test(text(name)) ? text(name) : '');
  return {
    accountId: /^\d{1,10}$/.test(accountId) ? accountId : '',
    keyword: text('keyword').slice(0, HISTORY_KEYWORD_MAX_LENGTH),
    transactionType: oneOf<TransactionType | ''>(TRANSACTION_TYPES, params.get('transactionType'), ''),
    fromDate: date('fromDate'),
    toDate: date('toDate'),
    fromAmount: text('fromAmount'),
    toAmount: text('toAmount'),
    transactionDirection: oneOf(HISTORY_DIRECTIONS, params.get('transactionDirection'), 'all'),
    status: oneOf(HISTORY_STATUS_FILTERS, params.get('status'), 'all'),
    email: text('email'),
  };
}

/** The page number in the URL, 1 when absent or out of range. */
export function pageFromSearchParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isSafeInteger(page) && page >= 1 && page <= HISTORY_MAX_PAGE_NUMBER ? page : 1;
}

/** Only what differs from "no filter" goes into the URL; page 1 is implied. */
export function filterToSearchParams(values: HistoryFilterValues, pageNumber = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of HISTORY_FILTER_FIELDS) {
    const value = values[field].trim();
    if (value !== '' && value !== EMPTY_HISTORY_FILTER[field]) params.set(field, value);
  }
  if (pageNumber > 1) params.set('page', String(pageNumber));
  return params;
}

/** The fields that differ from "no filter", in the order the screen lists them. */
export function activeFilterFields(values: HistoryFilterValues): HistoryFilterField[] {
  return HISTORY_FILTER_FIELDS.filter((field) => values[field].trim() !== EMPTY_HISTORY_FILTER[field]);
}

/** Amounts as typed: spaces and a decimal comma forgiven ("1 000,5" → "1000.5"). */
export function normalizeFilterAmount(value: string): string {
  return value.replace(/[\s\u00a0]/g, '').replace(',', '.');
}

/**
 * The request filter: empty fields dropped, the rest trimmed and typed. Direction and status are
 * always sent: they are never empty, and the server's default for each is the same "all".
 */
export function toRequestFilter(values: HistoryFilterValues): HistoryFilterInput {
  const accountId = values.accountId.trim() === '' ? undefined : Number(values.accountId);
  const kept = dropEmptyFilterFields({
    keyword: values.keyword.trim(),
    transactionType: values.transactionType,
    fromDate: values.fromDate.trim(),
    toDate: values.toDate.trim(),
    fromAmount: normalizeFilterAmount(values.fromAmount),
    toAmount: normalizeFilterAmount(values.toAmount),
    email: values.email.trim(),
  });
  return {
    ...(accountId === undefined ? {} : { accountId }),
    ...kept,
    transactionType: kept.transactionType === '' ? undefined : kept.transactionType,
    transactionDirection: values.transactionDirection,
    status: values.status,
  };
}

export type FilterProblem = 'emailFormat' | 'amountFormat' | 'dateFormat' | 'dateOrder' | 'amountOrder';

/**
 * What is wrong with a filter before it is sent: the client's e-mail rule (spec 001 §5: invalid
 * e-mails are not sent), then the shared schema the server applies (formats and ranges).
 */
export function filterProblems(values: HistoryFilterValues): Partial<Record<HistoryFilterField, FilterProblem>> {
  const problems: Partial<Record<HistoryFilterField, FilterProblem>> = {};
  const email = values.email.trim();
  if (email !== '' && !isClientEmailAcceptable(email)) problems.email = 'emailFormat';
  const parsed = historyFilterSchema.safeParse(toRequestFilter({ ...values, email: problems.email ? '' : email }));
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const name = issue.path[0];
    if (!isHistoryFilterField(name)) continue;
    if (problems[name] !== undefined) continue;
    if (issue.code === 'custom') problems[name] = name === 'toDate' ? 'dateOrder' : 'amountOrder';
    else if (name === 'fromAmount' || name === 'toAmount') problems[name] = 'amountFormat';
    else if (name === 'fromDate' || name === 'toDate') problems[name] = 'dateFormat';
    else if (name === 'email') problems[name] = 'emailFormat';
  }
  return problems;
}
