import { ONE_TIME_CODE_PATTERN } from '@app/shared/api/auth';

export const ONE_TIME_CODE_LENGTH = 6;

/** Keeps the digits of what was typed or pasted ("123 456", "123-456"), at most six of them. */
export function digitsOfCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, ONE_TIME_CODE_LENGTH);
}

export function isCompleteCode(value: string): boolean {
  return ONE_TIME_CODE_PATTERN.test(value);
}
