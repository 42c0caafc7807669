import { customerAddressConfirm } from '@app/shared/api/profile';
import type { MethodInput } from '@app/shared/api/method';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { addressesQueryRoot } from './query-roots';

/** Submits a draft address with its proof for review. */
export async function confirmAddress(params: MethodInput<typeof customerAddressConfirm>) {
  return (await callMethod(customerAddressConfirm, params)).address;
}

export function useConfirmAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryRoot }),
  });
}
