import type { MethodInput } from '@app/shared/api/method';
import { ipAllowListAdd } from '@app/shared/api/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { ipAllowListQueryKey } from './get-ip-allow-list';

export type AddIpAllowListEntryInput = MethodInput<typeof ipAllowListAdd>;

export function addIpAllowListEntry(input: AddIpAllowListEntryInput) {
  return callMethod(ipAllowListAdd, input);
}

export function useAddIpAllowListEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addIpAllowListEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ipAllowListQueryKey }),
  });
}
