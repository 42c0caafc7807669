import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * The password rule, the same on the server (which enforces it) and in the web app (which shows it
 * while the customer types): at least 12 characters, and not guessable according to zxcvbn, which
 * knows the ~30,000 most common breached passwords, keyboard walks, repeats, sequences, dates and
 * l33t variants of all of them, and the customer's own e-mail and names (NIST SP 800-63B §5.1.1.2).
 */
export const MIN_PASSWORD_LENGTH = 12;
/** Long passphrases are welcome; past this the hash input is only a denial-of-service lever. */
export const MAX_PASSWORD_LENGTH = 128;
/**
 * zxcvbn scores 0–4; 3 means about 10^8–10^10 guesses, "safely unguessable" against an online
 * attack and costly offline against argon2id.
 */
export const MIN_PASSWORD_SCORE = 3;

/**
 * Why a password is refused, as a key the web app translates:
 * - common: a breached or very common password, or a close variant of one;
 * - personalInfo: built from the customer's e-mail or names;
 * - keyboardPattern, repeatOrSequence, datesOrYears: the patterns guessers try first;
 * - easyToGuess: guessable for another reason.
 */
export type PasswordProblem =
  | 'tooShort'
  | 'tooLong'
  | 'common'
  | 'personalInfo'
  | 'keyboardPattern'
  | 'repeatOrSequence'
  | 'datesOrYears'
  | 'easyToGuess';

export interface PasswordCheck {
  isAcceptable: boolean;
  /** The first problem found; absent when the password is acceptable. */
  problem?: PasswordProblem;
  /** zxcvbn's score 0–4 (0 for a password refused on length), for a strength meter. */
  score: number;
}

/** zxcvbn reports its warning as a translation key when no translations are loaded, as here. */
const PROBLEM_OF_WARNING: Readonly<Record<string, PasswordProblem>> = {
  topTen: 'common',
  topHundred: 'common',
  common: 'common',
  similarToCommon: 'common',
  pwned: 'common',
  userInputs: 'personalInfo',
  straightRow: 'keyboardPattern',
  keyPattern: 'keyboardPattern',
  simpleRepeat: 'repeatOrSequence',
  extendedRepeat: 'repeatOrSequence',
  sequences: 'repeatOrSequence',
  recentYears: 'datesOrYears',
  dates: 'datesOrYears',
};

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * zxcvbn and its dictionaries (about 1 MB) load on first use, so that importing this module for its
 * constants costs nothing, and the web app downloads them only on a screen that asks for a password.
 */
function estimatorOf(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) =>
      new core.ZxcvbnFactory({
        dictionary: common.dictionary,
        graphs: common.adjacencyGraphs,
        useLevenshteinDistance: true,
      }),
  );
  return estimator;
}

/** Starts loading the rule ahead of the first check (when a password field gets focus). */
export async function preloadPasswordRule(): Promise<void> {
  await estimatorOf();
}

/** Length in code points, so an emoji or a letter outside the BMP counts once, not as two UTF-16 units. */
export function passwordLengthOf(password: string): number {
  let length = 0;
  // Iterating a string visits code points, which is the unit NIST SP 800-63B counts.
  for (const _codePoint of password) length += 1;
  return length;
}

/**
 * What the customer typed elsewhere on the form (e-mail, names, the brand): a password made of them
 * is the first thing a targeted guesser tries. The e-mail counts whole and by its parts.
 */
export function personalInputsOf(values: readonly (string | undefined)[]): string[] {
  const inputs = new Set<string>();
  for (const value of values) {
    const text = value?.trim().toLowerCase();
    if (text === undefined || text === '') continue;
    inputs.add(text);
    for (const part of text.split(/[@.\s_+-]+/)) if (part.length >= 3) inputs.add(part);
  }
  return [...inputs];
}

/** Shorter than this, what is left beside the customer's own words adds almost nothing. */
const MIN_OWN_LETTERS = 4;

/**
 * zxcvbn rates "IonelaPopescu1" moderate even when told the names, because three matches multiply;
 * a guesser who knows the names tries it in the first thousand. So a password whose letters are
 * nothing but the customer's own words, give or take a few, is refused outright.
 */
function isMadeOfPersonalWords(password: string, personalInputs: readonly string[]): boolean {
  const words = personalInputs
    .map((input) => input.replace(/[^\p{L}]/gu, ''))
    .filter((word) => word.length >= 3)
    .sort((first, second) => second.length - first.length);
  let letters = password.toLowerCase().replace(/[^\p{L}]/gu, '');
  let hasPersonalWord = false;
  for (const word of words) {
    if (!letters.includes(word)) continue;
    hasPersonalWord = true;
    letters = letters.replaceAll(word, '');
  }
  return hasPersonalWord && letters.length < MIN_OWN_LETTERS;
}

export async function checkPassword(password: string, personalInputs: readonly string[] = []): Promise<PasswordCheck> {
  const length = passwordLengthOf(password);
  if (length < MIN_PASSWORD_LENGTH) return { isAcceptable: false, problem: 'tooShort', score: 0 };
  if (length > MAX_PASSWORD_LENGTH) return { isAcceptable: false, problem: 'tooLong', score: 0 };
  const result = (await estimatorOf()).check(password, [...personalInputs]);
  if (isMadeOfPersonalWords(password, personalInputs)) {
    return { isAcceptable: false, problem: 'personalInfo', score: Math.min(result.score, MIN_PASSWORD_SCORE - 1) };
  }
  if (result.score >= MIN_PASSWORD_SCORE) return { isAcceptable: true, score: result.score };
  const warning = result.feedback.warning;
  const problem = (warning === null ? undefined : PROBLEM_OF_WARNING[warning]) ?? 'easyToGuess';
  return { isAcceptable: false, problem, score: result.score };
}

/** The server's words for a refused password (the web app shows its own, translated). */
export const PASSWORD_PROBLEM_TEXT: Record<PasswordProblem, string> = {
  tooShort: `Use at least ${MIN_PASSWORD_LENGTH} characters.`,
  tooLong: `Use at most ${MAX_PASSWORD_LENGTH} characters.`,
  common: 'This password is too common or appeared in a data breach. Choose another one.',
  personalInfo: 'Do not build the password from your e-mail address or your name.',
  keyboardPattern: 'Keyboard patterns are easy to guess. Choose another password.',
  repeatOrSequence: 'Repeated characters and sequences are easy to guess. Choose another password.',
  datesOrYears: 'Dates and years are easy to guess. Choose another password.',
  easyToGuess: 'This password is too easy to guess. Add more words or characters.',
};
