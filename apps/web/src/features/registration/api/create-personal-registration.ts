import type { MethodInput, MethodOutput } from '@app/shared/api/method';
import { personalRegistrationCreate } from '@app/shared/api/registration';
import { useMutation } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type PersonalRegistrationInput = MethodInput<typeof personalRegistrationCreate>;
export type PersonalRegistrationResult = MethodOutput<typeof personalRegistrationCreate>;

export function createPersonalRegistration(input: PersonalRegistrationInput): Promise<PersonalRegistrationResult> {
  return callMethod(personalRegistrationCreate, input);
}

export function useCreatePersonalRegistration() {
  return useMutation({ mutationFn: createPersonalRegistration });
}
