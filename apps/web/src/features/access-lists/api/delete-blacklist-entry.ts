import { blacklistDelete } from '@app/shared/api/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { blacklistQueryKey } from './get-blacklist';

export async function deleteBlacklistEntry(email: string): Promise<void> {
  await callMethod(blacklistDelete, { email });
}

export function useDeleteBlacklistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlacklistEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blacklistQueryKey }),
  });
}
