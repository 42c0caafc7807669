import { ipAllowListModeSet } from '@app/shared/api/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { ipAllowListQueryKey } from './get-ip-allow-list';

export interface SetIpAllowListModeInput {
  enable: boolean;
  /** The customer saw the warning that this blocks the address in use. */
  confirmed: boolean;
}

export function setIpAllowListMode(input: SetIpAllowListModeInput) {
  return callMethod(ipAllowListModeSet, input);
}

/** Spec 001 §4 "Security": turning the mode on refetches the list; turning it off sets mode 0. */
export function useSetIpAllowListMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setIpAllowListMode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ipAllowListQueryKey }),
  });
}
