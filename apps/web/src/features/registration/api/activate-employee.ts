import type { MethodInput, MethodOutput } from '@app/shared/api/method';
import { employeeActivate } from '@app/shared/api/registration';
import { useMutation } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type ActivateEmployeeInput = MethodInput<typeof employeeActivate>;
export type ActivateEmployeeResult = MethodOutput<typeof employeeActivate>;

export function activateEmployee(input: ActivateEmployeeInput): Promise<ActivateEmployeeResult> {
  return callMethod(employeeActivate, input);
}

export function useActivateEmployee() {
  return useMutation({ mutationFn: activateEmployee });
}
