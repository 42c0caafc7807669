import { phoneReplace } from '@app/shared/api/profile';
import type { MethodInput } from '@app/shared/api/method';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { phonesQueryRoot } from './query-roots';

/** Replaces a confirmed phone; the new number takes over once its code is confirmed. */
export async function replacePhone(params: MethodInput<typeof phoneReplace>) {
  return callMethod(phoneReplace, params);
}

export function useReplacePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replacePhone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: phonesQueryRoot }),
  });
}
