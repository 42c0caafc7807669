import type { MethodInput, MethodOutput } from '@app/shared/api/method';
import { emailExistsCheck } from '@app/shared/api/registration';
import { callMethod } from '../../../lib/api-client';

export type EmailExistsInput = MethodInput<typeof emailExistsCheck>;
export type EmailExistsResult = MethodOutput<typeof emailExistsCheck>;

/** Asked when the customer leaves the field; the answer only shapes a hint, so it is not cached. */
export function checkEmailExists(input: EmailExistsInput, signal?: AbortSignal): Promise<EmailExistsResult> {
  return callMethod(emailExistsCheck, input, { signal });
}
