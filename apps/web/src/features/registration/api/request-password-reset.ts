import type { MethodInput, MethodOutput } from '@app/shared/api/method';
import { passwordResetRequest } from '@app/shared/api/registration';
import { useMutation } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type PasswordResetRequestInput = MethodInput<typeof passwordResetRequest>;
export type PasswordResetRequestResult = MethodOutput<typeof passwordResetRequest>;

export function requestPasswordReset(input: PasswordResetRequestInput): Promise<PasswordResetRequestResult> {
  return callMethod(passwordResetRequest, input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
