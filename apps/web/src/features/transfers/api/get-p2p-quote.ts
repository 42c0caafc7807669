import {
  type FeeResponse,
  transferP2PFee,
  transferP2PLimits,
  transferP2PMaxAmount,
  type TransferLimits,
} from '@app/shared/api/transfers';
import type { MethodOutput } from '@app/shared/api/method';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

/** Fees, maximum amounts and limits of transfers to other customers. */

export type P2PMaxAmountResponse = MethodOutput<typeof transferP2PMaxAmount>;

export interface P2PFeeParams {
  accountId: number;
  amount: string;
  currency: string;
}

export function getP2PFee(params: P2PFeeParams, signal?: AbortSignal): Promise<FeeResponse> {
  return callMethod(transferP2PFee, params, { signal });
}

export function p2pFeeQueryOptions(params: P2PFeeParams) {
  return queryOptions({
    queryKey: ['transfers', 'p2pFee', params] as const,
    queryFn: ({ signal }) => getP2PFee(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Spec 001 §5: for P2P the fee is asked for only for an amount above zero. */
export function useP2PFee(params: P2PFeeParams | undefined) {
  return useQuery({
    ...p2pFeeQueryOptions(params ?? { accountId: 0, amount: '0', currency: '' }),
    enabled: params !== undefined,
  });
}

export function getP2PMaxAmount(accountId: number, signal?: AbortSignal): Promise<P2PMaxAmountResponse> {
  return callMethod(transferP2PMaxAmount, { accountId }, { signal });
}

export function useP2PMaxAmount(accountId: number | undefined) {
  return useQuery({
    queryKey: ['transfers', 'p2pMaxAmount', accountId] as const,
    queryFn: ({ signal }) => getP2PMaxAmount(accountId ?? 0, signal),
    enabled: accountId !== undefined,
    staleTime: 10_000,
  });
}

export async function getP2PLimits(accountId: number, signal?: AbortSignal): Promise<TransferLimits> {
  return (await callMethod(transferP2PLimits, { accountId }, { signal })).limits;
}

export function useP2PLimits(accountId: number | undefined) {
  return useQuery({
    queryKey: ['transfers', 'p2pLimits', accountId] as const,
    queryFn: ({ signal }) => getP2PLimits(accountId ?? 0, signal),
    enabled: accountId !== undefined,
    staleTime: 60_000,
  });
}
