import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { accountsQueryKey } from '../../features/accounts/api/get-accounts';
import { historyQueryRoot } from '../../features/history/api/get-transaction-history';

/**
 * After money moves (a transfer sent, approved or cancelled), balances and history are stale; the
 * transfer screens cannot know the other features' queries, so the app refreshes them.
 */
export function useRefreshMoney(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
    void queryClient.invalidateQueries({ queryKey: historyQueryRoot });
  }, [queryClient]);
}
