import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { FUNDING_CURRENCIES, FUNDS_RECEIVED_NOTIFICATION } from '@app/shared/accounts';
import { formatAmount, MAX_AMOUNT_MINOR } from '@app/shared/money';
import type { Database } from '../../db/client';
import type { IncomingTransferStatus } from '../../db/schema/accounts';
import { errors } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import type { LiveChannel } from '../../platform/live-channel';
import * as ledger from '../ledger/ledger.service';
import { customerOfRemittance, findFundingAccount } from './accounts.service';
import * as repository from './incoming-transfers.repository';

/**
 * Money in (DESIGN.md §1, §5): a bank transfer reported by an incoming rail is recorded as
 * received, then settled by a job once the rail settles it — a few seconds later on the sandbox
 * rail. Settling posts one ledger transaction, kind 'incoming.bank', from the rail's clearing
 * account (what the outside world owes us) to the customer's account, and tells the customer live.
 *
 * What cannot be credited is decided here, once, at settlement:
 * - the remittance text quotes no issued funding reference → the money is posted to the suspense
 *   account ('incoming.suspense'), not returned: a mistyped reference is almost always a customer's
 *   own money, and operations match it by the payer's name and amount instead of bouncing it;
 * - the customer holds no open payment or receiving account in the currency, or the rail fails the
 *   payment (the sandbox can be told to) → returned to the payer; nothing is posted.
 */

export const SANDBOX_RAIL = 'sandbox';
/** How long the sandbox rail takes to settle a reported transfer. */
export const SANDBOX_SETTLEMENT_DELAY_MS = 3_000;
export const SETTLE_INCOMING_TRANSFER_QUEUE = 'accounts.settleIncomingTransfer';
export const MAX_PAYER_NAME_LENGTH = 140;
/** SEPA remittance information is 140 characters; no rail carries more. */
export const MAX_REMITTANCE_LENGTH = 140;
const MAX_RAIL_REFERENCE_LENGTH = 64;

export type IncomingReturnReason = 'railFailure' | 'noAccountInCurrency';
export type IncomingSuspenseReason = 'unknownReference';

export interface IncomingTransfer {
  id: number;
  rail: string;
  railReference: string;
  reference: string;
  payerName: string;
  amountMinor: bigint;
  currency: string;
  status: IncomingTransferStatus;
  resolutionReason: string | null;
  customerId: number | null;
  accountId: number | null;
  ledgerTransactionId: number | null;
  receivedAt: Date;
  settleAt: Date;
  resolvedAt: Date | null;
}

function incomingTransferOf(row: repository.IncomingTransferRow): IncomingTransfer {
  return {
    id: row.id,
    rail: row.rail,
    railReference: row.railReference,
    reference: row.reference,
    payerName: row.payerName,
    amountMinor: row.amountMinor,
    currency: row.currency,
    status: row.status,
    resolutionReason: row.resolutionReason,
    customerId: row.customerId,
    accountId: row.accountId,
    ledgerTransactionId: row.ledgerTransactionId,
    receivedAt: row.receivedAt,
    settleAt: row.settleAt,
    resolvedAt: row.resolvedAt,
  };
}

export interface IncomingTransferReport {
  rail: string;
  /** The rail's id of the payment; generated when the rail gives none (the sandbox form). */
  railReference?: string;
  /** The remittance text as the payer typed it; it should quote a funding reference. */
  reference: string;
  payerName: string;
  amountMinor: bigint;
  currency: string;
  /** Sandbox: the rail fails the payment at settlement. */
  isFailureSimulated?: boolean;
  /** When the rail settles it; default: the sandbox delay from now. */
  settleAt?: Date;
  now?: Date;
}

function validateReport(report: IncomingTransferReport): { payerName: string; reference: string } {
  const payerName = report.payerName.trim();
  const reference = report.reference.trim();
  const problems: { field: string; message: string }[] = [];
  if (payerName.length === 0 || payerName.length > MAX_PAYER_NAME_LENGTH) {
    problems.push({
      field: 'payerName',
      message: `Enter the payer's name (up to ${MAX_PAYER_NAME_LENGTH} characters).`,
    });
  }
  if (reference.length === 0 || reference.length > MAX_REMITTANCE_LENGTH) {
    problems.push({ field: 'reference', message: `Enter the reference (up to ${MAX_REMITTANCE_LENGTH} characters).` });
  }
  if (!FUNDING_CURRENCIES.includes(report.currency)) {
    problems.push({ field: 'currency', message: 'Bank transfers arrive in USD, EUR, GBP, CAD, AUD or RON.' });
  }
  if (report.amountMinor <= 0n || report.amountMinor > MAX_AMOUNT_MINOR) {
    problems.push({ field: 'amount', message: 'The amount must be greater than zero and not too large.' });
  }
  if (report.railReference !== undefined && !/^[\x21-\x7e]{1,64}$/.test(report.railReference)) {
    problems.push({ field: 'railReference', message: `Up to ${MAX_RAIL_REFERENCE_LENGTH} printable characters.` });
  }
  if (problems.length > 0) throw errors.validation(problems);
  return { payerName, reference };
}

/**
 * Records a transfer the rail reports and schedules its settlement. A report delivered again with
 * the same rail reference answers with the first record (`isDuplicate`), and with different
 * details is refused: the rail never changes a payment it reported.
 */
export async function receiveIncomingTransfer(
  db: Database,
  report: IncomingTransferReport,
): Promise<{ transfer: IncomingTransfer; isDuplicate: boolean }> {
  const { payerName, reference } = validateReport(report);
  const now = report.now ?? new Date();
  const railReference = report.railReference ?? `SBX-${randomUUID()}`;
  const settleAt = report.settleAt ?? new Date(now.getTime() + SANDBOX_SETTLEMENT_DELAY_MS);
  return db.transaction(async (tx) => {
    const match = await customerOfRemittance(tx, { remittanceText: reference });
    const row = await repository.insertIncomingTransfer(tx, {
      rail: report.rail,
      railReference,
      reference,
      payerName,
      amountMinor: report.amountMinor,
      currency: report.currency,
      isFailureSimulated: report.isFailureSimulated ?? false,
      customerId: match?.customerId ?? null,
      receivedAt: now,
      settleAt,
    });
    if (row === null) {
      const existing = await repository.findByRailReference(tx, { rail: report.rail, railReference });
      assert.ok(existing !== null, 'a conflicting incoming transfer is not visible');
      const isSame =
        existing.amountMinor === report.amountMinor &&
        existing.currency === report.currency &&
        existing.reference === reference &&
        existing.payerName === payerName;
      if (!isSame) {
        throw errors.validation([
          { field: 'railReference', message: 'This payment was reported before with other details.' },
        ]);
      }
      return { transfer: incomingTransferOf(existing), isDuplicate: true };
    }
    await enqueueJob(tx, {
      queue: SETTLE_INCOMING_TRANSFER_QUEUE,
      payload: { incomingTransferId: row.id },
      runAt: settleAt,
      singletonKey: `incoming:${row.id}`,
    });
    return { transfer: incomingTransferOf(row), isDuplicate: false };
  });
}

/**
 * Settles a received transfer exactly once (the job may run twice: the row lock and the status
 * gate make the second run a no-op that returns the outcome). `live`, when given, tells the
 * customer in the same transaction, so the event goes out only if the money was booked.
 */
export async function settleIncomingTransfer(
  db: Database,
  params: { incomingTransferId: number; now?: Date; live?: LiveChannel },
): Promise<IncomingTransfer> {
  const now = params.now ?? new Date();
  return db.transaction(async (tx) => {
    const row = await repository.lockIncomingTransfer(tx, { id: params.incomingTransferId });
    if (row === null) throw new Error(`incoming transfer ${params.incomingTransferId} does not exist`);
    if (row.status !== 'received') return incomingTransferOf(row);

    const returned = async (reason: IncomingReturnReason) =>
      incomingTransferOf(
        await repository.resolveIncomingTransfer(tx, {
          id: row.id,
          status: 'returned',
          reason,
          accountId: null,
          ledgerTransactionId: null,
          now,
        }),
      );
    if (row.isFailureSimulated) return returned('railFailure');

    const clearing = await ledger.systemAccount(tx, 'clearing', row.currency);
    const metadata = { incomingTransferId: row.id, counterpartyName: row.payerName, reference: row.reference };
    if (row.customerId === null) {
      const suspense = await ledger.systemAccount(tx, 'suspense', row.currency);
      const posted = await ledger.postTransfer(tx, {
        fromAccountId: clearing.id,
        toAccountId: suspense.id,
        amountMinor: row.amountMinor,
        currency: row.currency,
        kind: 'incoming.suspense',
        description: 'Bank transfer with no matching reference',
        metadata,
      });
      const reason: IncomingSuspenseReason = 'unknownReference';
      return incomingTransferOf(
        await repository.resolveIncomingTransfer(tx, {
          id: row.id,
          status: 'suspense',
          reason,
          accountId: null,
          ledgerTransactionId: posted.id,
          now,
        }),
      );
    }

    const account = await findFundingAccount(tx, { customerId: row.customerId, currency: row.currency });
    if (account === null) return returned('noAccountInCurrency');
    const posted = await ledger.postTransfer(tx, {
      fromAccountId: clearing.id,
      toAccountId: account.ledgerAccountId,
      amountMinor: row.amountMinor,
      currency: row.currency,
      kind: 'incoming.bank',
      description: `Bank transfer from ${row.payerName}`,
      metadata,
    });
    const settled = await repository.resolveIncomingTransfer(tx, {
      id: row.id,
      status: 'settled',
      reason: null,
      accountId: account.accountId,
      ledgerTransactionId: posted.id,
      now,
    });
    await params.live?.publish(tx, {
      to: { customerId: row.customerId },
      type: 'notification',
      status: 'success',
      payload: {
        notificationType: FUNDS_RECEIVED_NOTIFICATION,
        accountId: account.accountId,
        amount: formatAmount(row.amountMinor, row.currency),
        currency: row.currency,
        incomingTransferId: row.id,
      },
    });
    return incomingTransferOf(settled);
  });
}

export async function getIncomingTransfer(db: Database, params: { id: number }): Promise<IncomingTransfer | null> {
  const row = await repository.findIncomingTransfer(db, params);
  return row === null ? null : incomingTransferOf(row);
}

export async function listRecentIncomingTransfers(
  db: Database,
  params: { limit: number },
): Promise<IncomingTransfer[]> {
  return (await repository.findRecentIncomingTransfers(db, params)).map(incomingTransferOf);
}

export async function hasIncomingTransfers(db: Database, params: { accountId: number }): Promise<boolean> {
  return repository.hasIncomingTransfers(db, params);
}
