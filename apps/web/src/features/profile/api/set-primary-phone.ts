import { phoneSetPrimary } from '@app/shared/api/profile';
import type { MethodInput } from '@app/shared/api/method';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { phonesQueryRoot } from './query-roots';

/** Makes a confirmed phone the primary one. */
export async function setPrimaryPhone(params: MethodInput<typeof phoneSetPrimary>) {
  return (await callMethod(phoneSetPrimary, params)).phones;
}

export function useSetPrimaryPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPrimaryPhone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: phonesQueryRoot }),
  });
}
