import { phoneAdd } from '@app/shared/api/profile';
import type { MethodInput } from '@app/shared/api/method';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { phonesQueryRoot } from './query-roots';

/** Adds a mobile phone; a code is sent to it by SMS. */
export async function addPhone(params: MethodInput<typeof phoneAdd>) {
  return callMethod(phoneAdd, params);
}

export function useAddPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPhone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: phonesQueryRoot }),
  });
}
