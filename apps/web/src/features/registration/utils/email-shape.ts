import { MAX_EMAIL_LENGTH } from '@app/shared/validation/email';

// One "@", something before it, a dot in the domain, no spaces: typos are caught before a round trip;
// the server checks the address fully.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isEmailShapeValid(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length <= MAX_EMAIL_LENGTH && EMAIL_SHAPE.test(trimmed);
}
