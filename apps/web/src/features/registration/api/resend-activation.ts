import type { MethodInput } from '@app/shared/api/method';
import { accountActivationResend } from '@app/shared/api/registration';
import { useMutation } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type ResendActivationInput = MethodInput<typeof accountActivationResend>;

export function resendActivation(input: ResendActivationInput): Promise<unknown> {
  return callMethod(accountActivationResend, input);
}

export function useResendActivation() {
  return useMutation({ mutationFn: resendActivation });
}
