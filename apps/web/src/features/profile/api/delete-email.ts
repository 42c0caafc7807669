import { emailDelete } from '@app/shared/api/profile';
import type { MethodInput } from '@app/shared/api/method';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { emailsQueryRoot } from './query-roots';

/** Deletes an e-mail other than the primary one. */
export async function deleteEmail(params: MethodInput<typeof emailDelete>) {
  return (await callMethod(emailDelete, params)).emailId;
}

export function useDeleteEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailsQueryRoot }),
  });
}
