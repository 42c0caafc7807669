import { usernameChangeRequestCreate } from '@app/shared/api/profile';
import type { MethodInput } from '@app/shared/api/method';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { emailsQueryRoot } from './query-roots';

/** Asks to sign in with another e-mail; a code is mailed to it. */
export async function requestUsernameChange(params: MethodInput<typeof usernameChangeRequestCreate>) {
  return (await callMethod(usernameChangeRequestCreate, params)).usernameChangeRequest;
}

export function useRequestUsernameChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestUsernameChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailsQueryRoot }),
  });
}
