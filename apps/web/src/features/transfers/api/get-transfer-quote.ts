import {
  type FeeResponse,
  transferBetweenAccountsFee,
  transferBetweenAccountsLimits,
  transferBetweenAccountsMaxAmount,
  type TransferLimits,
} from '@app/shared/api/transfers';
import type { MethodOutput } from '@app/shared/api/method';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

/** Fees, maximum amounts and limits of transfers between the customer's own accounts. */

export interface OwnAccountsRoute {
  fromAccount: number;
  toAccount: number;
}

export type MaxAmountResponse = MethodOutput<typeof transferBetweenAccountsMaxAmount>;

export function getOwnTransferFee(
  params: OwnAccountsRoute & { toAmount: string; currency: string },
  signal?: AbortSignal,
): Promise<FeeResponse> {
  return callMethod(transferBetweenAccountsFee, params, { signal });
}

export function ownTransferFeeQueryOptions(params: OwnAccountsRoute & { toAmount: string; currency: string }) {
  return queryOptions({
    queryKey: ['transfers', 'ownFee', params] as const,
    queryFn: ({ signal }) => getOwnTransferFee(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Spec 001 §5: the fee is asked for only once there is an amount and a destination. */
export function useOwnTransferFee(params: (OwnAccountsRoute & { toAmount: string; currency: string }) | undefined) {
  return useQuery({
    ...ownTransferFeeQueryOptions(params ?? { fromAccount: 0, toAccount: 0, toAmount: '0', currency: '' }),
    enabled: params !== undefined,
  });
}

export function getOwnTransferMaxAmount(params: OwnAccountsRoute, signal?: AbortSignal): Promise<MaxAmountResponse> {
  return callMethod(transferBetweenAccountsMaxAmount, params, { signal });
}

/** Spec 001 §5: limits and maximum need both the source and the destination. */
export function useOwnTransferMaxAmount(route: OwnAccountsRoute | undefined) {
  return useQuery({
    queryKey: ['transfers', 'ownMaxAmount', route] as const,
    queryFn: ({ signal }) => getOwnTransferMaxAmount(route ?? { fromAccount: 0, toAccount: 0 }, signal),
    enabled: route !== undefined,
    staleTime: 10_000,
  });
}

export async function getOwnTransferLimits(route: OwnAccountsRoute, signal?: AbortSignal): Promise<TransferLimits> {
  return (await callMethod(transferBetweenAccountsLimits, route, { signal })).limits;
}

export function useOwnTransferLimits(route: OwnAccountsRoute | undefined) {
  return useQuery({
    queryKey: ['transfers', 'ownLimits', route] as const,
    queryFn: ({ signal }) => getOwnTransferLimits(route ?? { fromAccount: 0, toAccount: 0 }, signal),
    enabled: route !== undefined,
    staleTime: 60_000,
  });
}
