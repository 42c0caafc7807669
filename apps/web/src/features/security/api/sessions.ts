import { sessionEnd, sessionEndOthers, sessionList } from '@app/shared/api/security-settings';
import type { MethodOutput } from '@app/shared/api/method';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { securityQueryRoot } from './security-settings';

export type SessionsResponse = MethodOutput<typeof sessionList>;

const sessionsQueryKey = [...securityQueryRoot, 'sessions'] as const;

export function sessionsQueryOptions() {
  return queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => callMethod(sessionList, {}, { signal }),
    staleTime: 10_000,
  });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: string) => {
      await callMethod(sessionEnd, { sessionId });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callMethod(sessionEndOthers, {})).endedCount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
