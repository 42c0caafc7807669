import { ipAllowListDelete } from '@app/shared/api/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { ipAllowListQueryKey } from './get-ip-allow-list';

export interface DeleteIpAllowListEntryInput {
  id: number;
  /** The customer saw the warning that this blocks the address in use. */
  confirmed: boolean;
}

export async function deleteIpAllowListEntry(input: DeleteIpAllowListEntryInput): Promise<void> {
  await callMethod(ipAllowListDelete, input);
}

export function useDeleteIpAllowListEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIpAllowListEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ipAllowListQueryKey }),
  });
}
