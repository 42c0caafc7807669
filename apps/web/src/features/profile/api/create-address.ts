import { customerAddressCreate } from '@app/shared/api/profile';
import type { MethodInput } from '@app/shared/api/method';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { addressesQueryRoot } from './query-roots';

/** Starts a new address: a draft until its proof is uploaded and it is confirmed. */
export async function createAddress(params: MethodInput<typeof customerAddressCreate>) {
  return (await callMethod(customerAddressCreate, params)).address;
}

export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryRoot }),
  });
}
