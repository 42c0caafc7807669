import { adminAuditLog } from '@app/shared/api/admin';
import type { MethodInput, MethodOutput } from '@app/shared/api/method';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type AuditLogParams = MethodInput<typeof adminAuditLog>;
export type AuditLogResponse = MethodOutput<typeof adminAuditLog>;

export function getAuditLog(params: AuditLogParams, signal?: AbortSignal): Promise<AuditLogResponse> {
  return callMethod(adminAuditLog, params, { signal });
}

export function auditLogQueryOptions(params: AuditLogParams) {
  return queryOptions({
    queryKey: ['admin', 'auditLog', params] as const,
    queryFn: ({ signal }) => getAuditLog(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useAuditLog(params: AuditLogParams) {
  return useQuery(auditLogQueryOptions(params));
}
