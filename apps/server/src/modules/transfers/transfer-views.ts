import type {
  PreapprovedPayment,
  RecentTransfer,
  TransferDetails,
  TransferResult,
  TransferTemplate,
} from '@app/shared/api/transfers';
import { formatAmount } from '@app/shared/money';
import { maskedRecipientOf } from './approval-challenges';
import type * as standingOrdersRepository from './standing-orders.repository';
import type * as repository from './transfers.repository';

/** Rows → wire shapes. Amounts leave as decimal strings at the currency's scale. */

export function transferResultOf(
  transfer: repository.TransferRow,
  approval: Pick<repository.ApprovalRow, 'approvalType' | 'recipient' | 'expiresAt'> | null,
): TransferResult {
  const isWaiting = transfer.status === 'awaitingApproval' && approval !== null;
  return {
    transactionId: transfer.id,
    status: transfer.status,
    approvalType: transfer.approvalType,
    approvalSentTo: isWaiting ? maskedRecipientOf(approval) : undefined,
    approvalExpiresAt: isWaiting ? approval.expiresAt.toISOString() : undefined,
    fee: formatAmount(transfer.feeMinor, transfer.fromCurrency),
    feeCurrencyCode: transfer.fromCurrency,
    fromAmount: formatAmount(transfer.fromAmountMinor, transfer.fromCurrency),
    fromCurrencyCode: transfer.fromCurrency,
    toAmount: formatAmount(transfer.toAmountMinor, transfer.toCurrency),
    toCurrencyCode: transfer.toCurrency,
    exchangeRate: transfer.exchangeRate,
    subscriptionId: transfer.standingOrderId ?? undefined,
  };
}

/** The payer's view of a transfer for the recent lists. */
export function recentTransferOf(transfer: repository.TransferRow, isDisabled: boolean): RecentTransfer {
  const isP2P = transfer.kind === 'p2p';
  return {
    transactionId: transfer.id,
    type: isP2P ? 'p2p' : 'account',
    permission: isP2P ? '3d' : 'own',
    isDisabled,
    status: transfer.status,
    date: transfer.createdAt.toISOString(),
    fromAccount: transfer.fromAccountId,
    toAccount: isP2P ? undefined : transfer.toAccountId,
    toEmail: transfer.toEmail ?? undefined,
    // What the recipient got: what a repeat sends again.
    amount: formatAmount(transfer.toAmountMinor, transfer.toCurrency),
    currencyCode: transfer.toCurrency,
    note: transfer.note ?? undefined,
    reference: transfer.reference ?? undefined,
  };
}

/**
 * One transfer as the customer may see it: the payer sees everything; the payee of a P2P
 * transfer sees what they received, not the payer's account, fee or approval.
 */
export function transferDetailsOf(transfer: repository.TransferRow, params: { customerId: number }): TransferDetails {
  const isOutgoing = transfer.payerCustomerId === params.customerId;
  const recent = recentTransferOf(transfer, false);
  const common = {
    ...recent,
    toAmount: formatAmount(transfer.toAmountMinor, transfer.toCurrency),
    toCurrencyCode: transfer.toCurrency,
    rejectReason: transfer.rejectReason ?? undefined,
    subscriptionId: transfer.standingOrderId ?? undefined,
    completedAt: transfer.status === 'completed' ? transfer.resolvedAt?.toISOString() : undefined,
  };
  if (isOutgoing) {
    return {
      ...common,
      direction: 'out',
      fromAmount: formatAmount(transfer.fromAmountMinor, transfer.fromCurrency),
      fromCurrencyCode: transfer.fromCurrency,
      exchangeRate: transfer.exchangeRate,
      fee: formatAmount(transfer.feeMinor, transfer.fromCurrency),
      feeCurrencyCode: transfer.fromCurrency,
      approvalType: transfer.approvalType,
      fromEmail: transfer.fromEmail ?? undefined,
    };
  }
  return {
    ...common,
    direction: 'in',
    // The payer's own account stays private; the payee's account is where the money landed.
    fromAccount: undefined,
    toAccount: transfer.toAccountId,
    fromAmount: formatAmount(transfer.toAmountMinor, transfer.toCurrency),
    fromCurrencyCode: transfer.toCurrency,
    exchangeRate: '1',
    fee: formatAmount(0n, transfer.toCurrency),
    feeCurrencyCode: transfer.toCurrency,
    approvalType: 0,
    fromEmail: transfer.fromEmail ?? undefined,
    subscriptionId: undefined,
  };
}

export function templateOf(row: repository.TemplateRow): TransferTemplate {
  return {
    id: row.id,
    name: row.name,
    type: row.kind,
    accountId: row.fromAccountId,
    toEmail: row.toEmail ?? undefined,
    amount: formatAmount(row.amountMinor, row.currency),
    currencyCode: row.currency,
    note: row.note ?? undefined,
    reference: row.reference ?? undefined,
    createdAt: row.createdAt.toISOString(),
  };
}

export function preapprovedPaymentOf(row: standingOrdersRepository.StandingOrderRow): PreapprovedPayment {
  return {
    id: row.id,
    type: row.kind,
    status: row.status,
    fromAccount: row.fromAccountId,
    toAccount: row.toAccountId ?? undefined,
    toEmail: row.toEmail ?? undefined,
    amount: formatAmount(row.amountMinor, row.currency),
    currencyCode: row.currency,
    frequency: row.frequency,
    nextRunAt: row.nextRunAt?.toISOString(),
    endDate: row.endDate ?? undefined,
    transactionsTotal: row.transactionsTotal ?? undefined,
    transactionsDone: row.runsDone,
    reference: row.reference ?? undefined,
    createdAt: row.createdAt.toISOString(),
  };
}
