import type { MethodInput, MethodOutput } from '@app/shared/api/method';
import { accountActivate } from '@app/shared/api/registration';
import { useMutation } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type ActivateAccountInput = MethodInput<typeof accountActivate>;
export type ActivateAccountResult = MethodOutput<typeof accountActivate>;

export function activateAccount(input: ActivateAccountInput): Promise<ActivateAccountResult> {
  return callMethod(accountActivate, input);
}

export function useActivateAccount() {
  return useMutation({ mutationFn: activateAccount });
}
