import { customerAddressDelete } from '@app/shared/api/profile';
import type { MethodInput } from '@app/shared/api/method';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { addressesQueryRoot } from './query-roots';

/** Deletes a draft, or a place of business in use. */
export async function deleteAddress(params: MethodInput<typeof customerAddressDelete>) {
  return (await callMethod(customerAddressDelete, params)).addressId;
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryRoot }),
  });
}
