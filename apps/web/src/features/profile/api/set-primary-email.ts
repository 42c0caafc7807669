import { emailSetPrimary } from '@app/shared/api/profile';
import type { MethodInput } from '@app/shared/api/method';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { emailsQueryRoot } from './query-roots';

/** Makes a confirmed e-mail the primary one. */
export async function setPrimaryEmail(params: MethodInput<typeof emailSetPrimary>) {
  return (await callMethod(emailSetPrimary, params)).emails;
}

export function useSetPrimaryEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPrimaryEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailsQueryRoot }),
  });
}
