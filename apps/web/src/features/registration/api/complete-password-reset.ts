import type { MethodInput, MethodOutput } from '@app/shared/api/method';
import { passwordResetComplete } from '@app/shared/api/registration';
import { useMutation } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type PasswordResetCompleteInput = MethodInput<typeof passwordResetComplete>;
export type PasswordResetCompleteResult = MethodOutput<typeof passwordResetComplete>;

export function completePasswordReset(input: PasswordResetCompleteInput): Promise<PasswordResetCompleteResult> {
  return callMethod(passwordResetComplete, input);
}

export function useCompletePasswordReset() {
  return useMutation({ mutationFn: completePasswordReset });
}
