import { checkPassword, PASSWORD_PROBLEM_TEXT, personalInputsOf } from '@app/shared/validation/password';
import { errors } from '../../platform/errors';
import { hashPassword } from '../auth/auth.service';

/**
 * A password a customer chooses (registration, invitation, reset) must pass the shared rule, with the
 * customer's own e-mail, names and brand as the words a targeted guesser tries first.
 */
export async function assertAcceptablePassword(
  password: string,
  personalWords: readonly (string | null | undefined)[],
  field = 'password',
): Promise<void> {
  const check = await checkPassword(password, personalInputsOf(personalWords.map((word) => word ?? undefined)));
  if (check.problem !== undefined) {
    throw errors.validation([{ field, message: PASSWORD_PROBLEM_TEXT[check.problem] }]);
  }
}

export function hashNewPassword(password: string): Promise<string> {
  return hashPassword(password);
}
