import type { MethodInput, MethodOutput } from '@app/shared/api/method';
import { phoneExistsCheck } from '@app/shared/api/registration';
import { callMethod } from '../../../lib/api-client';

export type PhoneExistsInput = MethodInput<typeof phoneExistsCheck>;
export type PhoneExistsResult = MethodOutput<typeof phoneExistsCheck>;

/** Asked when the customer leaves the field; an invalid number answers VF on the phone field. */
export function checkPhoneExists(input: PhoneExistsInput, signal?: AbortSignal): Promise<PhoneExistsResult> {
  return callMethod(phoneExistsCheck, input, { signal });
}
