import { statementExportList } from '@app/shared/api/accounts';
import type { MethodOutput } from '@app/shared/api/method';
import { STATEMENT_EXPORT_PAGE_SIZE } from '@app/shared/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type StatementsResponse = MethodOutput<typeof statementExportList>;

export interface StatementsParams {
  accountId: number;
  pageNumber: number;
}

/** Monthly statements of an account, newest first, 12 a page (spec 001 §7, §9). */
export function getStatements(params: StatementsParams, signal?: AbortSignal): Promise<StatementsResponse> {
  return callMethod(
    statementExportList,
    {
      accountId: params.accountId,
      source: 'monthly',
      pageNumber: params.pageNumber,
      pageSize: STATEMENT_EXPORT_PAGE_SIZE,
    },
    { signal },
  );
}

export function statementsQueryOptions(params: StatementsParams) {
  return queryOptions({
    queryKey: ['history', 'statements', params] as const,
    queryFn: ({ signal }) => getStatements(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useStatements(params: StatementsParams | undefined) {
  return useQuery({
    ...statementsQueryOptions(params ?? { accountId: 0, pageNumber: 1 }),
    enabled: params !== undefined,
  });
}
