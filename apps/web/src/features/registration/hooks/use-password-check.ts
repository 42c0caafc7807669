import {
  checkPassword,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  personalInputsOf,
  preloadPasswordRule,
  type PasswordCheck,
  type PasswordProblem,
} from '@app/shared/validation/password';
import { useDeferredValue, useEffect, useState } from 'react';

/**
 * The shared password rule in the forms. The rule loads zxcvbn's dictionaries on first use (a large
 * download), so a screen starts loading it when a password field gets focus.
 */
export function loadPasswordRule(): Promise<void> {
  return preloadPasswordRule();
}

/** The rule with the customer's own words (e-mail, names, brand), awaited: for submit. */
export function checkPasswordNow(password: string, personalWords: readonly (string | undefined)[]) {
  return checkPassword(password, personalInputsOf(personalWords));
}

/** The translation key and options of a problem (the length problems name the limit). */
export function passwordProblemText(problem: PasswordProblem): {
  key: `passwordStrength.problems.${PasswordProblem}`;
  count?: number;
} {
  const key = `passwordStrength.problems.${problem}` as const;
  if (problem === 'tooShort') return { key, count: MIN_PASSWORD_LENGTH };
  if (problem === 'tooLong') return { key, count: MAX_PASSWORD_LENGTH };
  return { key };
}

/**
 * The rule applied while the customer types, for the strength meter and the hint under the field:
 * null while the field is empty or before the first answer. Checks run on a deferred value, so typing
 * stays responsive; an answer for an older value is replaced as soon as the newer one is checked.
 */
export function usePasswordCheck(
  password: string,
  personalWords: readonly (string | undefined)[],
): PasswordCheck | null {
  const deferredPassword = useDeferredValue(password);
  const wordsKey = personalWords.map((word) => word ?? '').join('\u0000');
  const [check, setCheck] = useState<PasswordCheck | null>(null);

  useEffect(() => {
    if (deferredPassword === '') return;
    let isCurrent = true;
    checkPassword(deferredPassword, personalInputsOf(wordsKey.split('\u0000'))).then(
      (result) => {
        if (isCurrent) setCheck(result);
      },
      // Offline or a failed chunk: the server still applies the rule on submit.
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [deferredPassword, wordsKey]);

  return password === '' ? null : check;
}
