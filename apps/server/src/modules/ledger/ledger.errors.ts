import { ResponseCode } from '@app/shared/errors';
import type { LedgerHoldStatus } from '../../db/schema/ledger';
import { AppError } from '../../platform/errors';

/**
 * Expected failures of the ledger, as catalogue codes (DESIGN.md §4) plus a `reason` callers can
 * switch on. No new catalogue code was needed: a refused amount is a field error (VF, 400) — the
 * web shows validation errors, and spec 001's transfer answer carries the failing `field` — and an
 * unknown or foreign object is "no access" (ENOA), so an id reveals nothing. The fields name the
 * ledger's own parameters; a method whose inputs are named otherwise maps them.
 *
 * Anything else a ledger function throws is a bug: a failed `assert` or a database error.
 */
export type LedgerErrorReason =
  | 'insufficientFunds'
  | 'currencyMismatch'
  | 'invalidAmount'
  | 'unknownAccount'
  | 'closedAccount'
  | 'accountNotEmpty'
  | 'unknownHold'
  | 'holdNotPending'
  | 'unknownTransaction'
  | 'alreadyReversed';

export class LedgerError extends AppError {
  readonly reason: LedgerErrorReason;
  /** The account, hold or transaction the failure is about, when there is one. */
  readonly subjectId: number | undefined;

  constructor(
    reason: LedgerErrorReason,
    code: ConstructorParameters<typeof AppError>[0],
    description: string,
    options: { field?: string; subjectId?: number } = {},
  ) {
    super(
      code,
      description,
      options.field === undefined ? {} : { validationErrors: [{ field: options.field, message: description }] },
    );
    this.name = 'LedgerError';
    this.reason = reason;
    this.subjectId = options.subjectId;
  }
}

const holdStatusText: Record<Exclude<LedgerHoldStatus, 'pending'>, string> = {
  posted: 'This payment was already completed.',
  voided: 'This payment was already cancelled.',
  expired: 'This payment reservation has expired.',
};

export const ledgerErrors = {
  insufficientFunds: (accountId: number) =>
    new LedgerError('insufficientFunds', ResponseCode.VERIFY_ERROR, 'Insufficient funds.', {
      field: 'amount',
      subjectId: accountId,
    }),
  currencyMismatch: (accountId: number, expected: string) =>
    new LedgerError('currencyMismatch', ResponseCode.VERIFY_ERROR, `The account holds ${expected}.`, {
      field: 'currency',
      subjectId: accountId,
    }),
  invalidAmount: (message: string) =>
    new LedgerError('invalidAmount', ResponseCode.VERIFY_ERROR, message, { field: 'amount' }),
  unknownAccount: (accountId: number) =>
    new LedgerError('unknownAccount', ResponseCode.NO_ACCESS, 'Account not found.', { subjectId: accountId }),
  closedAccount: (accountId: number) =>
    new LedgerError('closedAccount', ResponseCode.CLOSED_ACCOUNT, 'This account is closed.', {
      subjectId: accountId,
    }),
  accountNotEmpty: (accountId: number) =>
    new LedgerError(
      'accountNotEmpty',
      ResponseCode.VERIFY_ERROR,
      'An account can be closed only with a zero balance and no pending payments.',
      { field: 'accountId', subjectId: accountId },
    ),
  unknownHold: (holdId: number) =>
    new LedgerError('unknownHold', ResponseCode.NO_ACCESS, 'Payment not found.', { subjectId: holdId }),
  holdNotPending: (holdId: number, status: Exclude<LedgerHoldStatus, 'pending'>) =>
    new LedgerError('holdNotPending', ResponseCode.VERIFY_ERROR, holdStatusText[status], {
      field: 'holdId',
      subjectId: holdId,
    }),
  unknownTransaction: (transactionId: number) =>
    new LedgerError('unknownTransaction', ResponseCode.NO_ACCESS, 'Transaction not found.', {
      subjectId: transactionId,
    }),
  alreadyReversed: (transactionId: number) =>
    new LedgerError('alreadyReversed', ResponseCode.VERIFY_ERROR, 'This transaction was already reversed.', {
      field: 'transactionId',
      subjectId: transactionId,
    }),
};
