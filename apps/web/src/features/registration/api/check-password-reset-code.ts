import type { MethodInput, MethodOutput } from '@app/shared/api/method';
import { passwordResetCodeCheck } from '@app/shared/api/registration';
import { useMutation } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type PasswordResetCodeInput = MethodInput<typeof passwordResetCodeCheck>;
export type PasswordResetCodeResult = MethodOutput<typeof passwordResetCodeCheck>;

export function checkPasswordResetCode(input: PasswordResetCodeInput): Promise<PasswordResetCodeResult> {
  return callMethod(passwordResetCodeCheck, input);
}

export function useCheckPasswordResetCode() {
  return useMutation({ mutationFn: checkPasswordResetCode });
}
