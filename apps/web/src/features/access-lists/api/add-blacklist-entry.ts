import { blacklistAdd } from '@app/shared/api/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { blacklistQueryKey } from './get-blacklist';

export interface AddBlacklistEntryInput {
  email: string;
  blockType: number;
}

export function addBlacklistEntry(input: AddBlacklistEntryInput) {
  return callMethod(blacklistAdd, input);
}

export function useAddBlacklistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBlacklistEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blacklistQueryKey }),
  });
}
