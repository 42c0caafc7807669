import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Random secrets, their stored hashes and the comparisons the auth domain makes. Tokens, codes and
 * secrets that carry 256 random bits are stored as SHA-256: a slow hash protects guessable
 * passwords, not random values. Six-digit codes are guessable, so they are also bound to a
 * sign-in, expire, and lock after a few wrong tries.
 */
const TOKEN_BYTES = 32;

/** 256 random bits, base64url (43 characters). */
export function newRandomToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Compares in time independent of where the strings differ; different lengths are unequal. */
export function isSameSecret(expected: string, presented: string): boolean {
  const expectedBytes = Buffer.from(expected, 'utf8');
  const presentedBytes = Buffer.from(presented, 'utf8');
  // Compared against itself when the lengths differ, so the time spent does not reveal the length either.
  const isSameLength = expectedBytes.length === presentedBytes.length;
  return timingSafeEqual(expectedBytes, isSameLength ? presentedBytes : expectedBytes) && isSameLength;
}

/** RFC 7636 §4.6: BASE64URL(SHA-256(ASCII(code_verifier))) must equal the stored challenge. */
export function isPkceVerifierOf(codeChallenge: string, codeVerifier: string): boolean {
  const computed = createHash('sha256').update(codeVerifier, 'ascii').digest('base64url');
  return isSameSecret(codeChallenge, computed);
}

/** A uniformly random six-digit code. */
export function newSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The two digits printed next to a sent code, so the user can match the latest message. */
export function newTwoDigitIdentifier(): string {
  return String(randomInt(0, 100)).padStart(2, '0');
}

const DEVICE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const DEVICE_CODE_LENGTH = 6;

/** Six characters without look-alikes (0/O, 1/I), shown on the phone and in the device list. */
export function newDeviceCode(): string {
  let code = '';
  for (let index = 0; index < DEVICE_CODE_LENGTH; index += 1) {
    code += DEVICE_CODE_ALPHABET.charAt(randomInt(0, DEVICE_CODE_ALPHABET.length));
  }
  return code;
}

/** +447700900123 → +44*******123: enough to recognise one's own number, not to learn someone else's. */
export function maskPhone(e164: string): string {
  const digits = e164.replace(/^\+/, '');
  const shown = { start: 2, end: 3 };
  if (digits.length <= shown.start + shown.end) return `+${'*'.repeat(digits.length)}`;
  return `+${digits.slice(0, shown.start)}${'*'.repeat(digits.length - shown.start - shown.end)}${digits.slice(-shown.end)}`;
}

/** alex.morgan@demo.test → a*********n@demo.test. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at);
  if (local.length <= 2) return `${local.charAt(0)}*${domain}`;
  return `${local.charAt(0)}${'*'.repeat(local.length - 2)}${local.charAt(local.length - 1)}${domain}`;
}
