import { emailAdd } from '@app/shared/api/profile';
import type { MethodInput } from '@app/shared/api/method';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { emailsQueryRoot } from './query-roots';

/** Adds an e-mail; a code and a link are mailed to it. */
export async function addEmail(params: MethodInput<typeof emailAdd>) {
  return (await callMethod(emailAdd, params)).email;
}

export function useAddEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailsQueryRoot }),
  });
}
