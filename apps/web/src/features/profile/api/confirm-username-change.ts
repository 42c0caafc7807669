import { usernameChangeConfirm } from '@app/shared/api/profile';
import type { MethodInput } from '@app/shared/api/method';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { emailsQueryRoot } from './query-roots';

/** Confirms the username change with the code mailed to the new e-mail. */
export async function confirmUsernameChange(params: MethodInput<typeof usernameChangeConfirm>) {
  return callMethod(usernameChangeConfirm, params);
}

export function useConfirmUsernameChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmUsernameChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailsQueryRoot }),
  });
}
