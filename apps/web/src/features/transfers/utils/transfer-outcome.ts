import type { TransferDetails, TransferRejectReason, TransferResult } from '@app/shared/api/transfers';

/** A transfer's result as the result popup shows it: the call's answer, and why it was rejected. */
export type TransferOutcome = TransferResult & { rejectReason?: TransferRejectReason };

/** The answer of a held transfer after its approval ended, from what the transfer looks like now. */
export function outcomeFromDetails(held: TransferResult, details: TransferDetails): TransferOutcome {
  return {
    ...held,
    status: details.status,
    fromAmount: details.fromAmount,
    fromCurrencyCode: details.fromCurrencyCode,
    toAmount: details.toAmount,
    toCurrencyCode: details.toCurrencyCode,
    exchangeRate: details.exchangeRate,
    fee: details.fee,
    feeCurrencyCode: details.feeCurrencyCode,
    rejectReason: details.rejectReason,
  };
}
