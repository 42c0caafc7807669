import { emailResend } from '@app/shared/api/profile';
import type { MethodInput } from '@app/shared/api/method';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { emailsQueryRoot } from './query-roots';

/** Mails a new code to an unconfirmed e-mail. */
export async function resendEmailCode(params: MethodInput<typeof emailResend>) {
  return (await callMethod(emailResend, params)).email;
}

export function useResendEmailCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendEmailCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailsQueryRoot }),
  });
}
