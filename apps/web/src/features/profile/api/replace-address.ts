import { customerAddressReplace } from '@app/shared/api/profile';
import type { MethodInput } from '@app/shared/api/method';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { addressesQueryRoot } from './query-roots';

/** Starts the replacement of an address in use (a draft that retires it once confirmed). */
export async function replaceAddress(params: MethodInput<typeof customerAddressReplace>) {
  return (await callMethod(customerAddressReplace, params)).address;
}

export function useReplaceAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryRoot }),
  });
}
