import { phoneConfirm } from '@app/shared/api/profile';
import type { MethodInput } from '@app/shared/api/method';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { phonesQueryRoot } from './query-roots';

/** Confirms a phone with the SMS code and the PKCE verifier (or reqId and approval code). */
export async function confirmPhone(params: MethodInput<typeof phoneConfirm>) {
  return (await callMethod(phoneConfirm, params)).phone;
}

export function useConfirmPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPhone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: phonesQueryRoot }),
  });
}
