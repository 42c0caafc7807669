import { customerDocumentsGet } from '@app/shared/api/documents';
import type { MethodOutput } from '@app/shared/api/method';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type CustomerDocuments = MethodOutput<typeof customerDocumentsGet>;

export const documentsQueryKey = ['documents', 'list'] as const;

export function documentsQueryOptions() {
  return queryOptions({
    queryKey: documentsQueryKey,
    queryFn: ({ signal }) => callMethod(customerDocumentsGet, {}, { signal }),
    staleTime: 30_000,
  });
}

export function useDocuments() {
  return useQuery(documentsQueryOptions());
}
