/** RFC 5321 path limit; the shared MAX_EMAIL_LENGTH lives beside a zod schema this screen avoids loading. */
const MAX_EMAIL_LENGTH = 254;

// One "@", something before it, a dot in the domain, no spaces. The auth service checks the address
// fully; this catches typos before a round trip without loading the schema library on first paint.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isEmailFormatValid(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length <= MAX_EMAIL_LENGTH && EMAIL_SHAPE.test(trimmed);
}
