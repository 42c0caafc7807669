import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Codes and tokens of registration, activation, resets and e-mail confirmation. Link tokens carry
 * 256 random bits and are stored as plain SHA-256; six-digit codes are guessable, so they are
 * hashed together with what they belong to, expire, and stop working after a few wrong tries.
 */
const TOKEN_BYTES = 32;

/** 256 random bits, base64url (43 characters). */
export function newLinkToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** A uniformly random six-digit code. */
export function newSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A code's stored form: bound to its subject, so one hash never matches another subject's code. */
export function codeHashOf(subject: string, code: string): string {
  return sha256Hex(`${subject}:${code}`);
}

/** Compares in time independent of where the strings differ; different lengths are unequal. */
export function isSameSecret(expected: string, presented: string): boolean {
  const expectedBytes = Buffer.from(expected, 'utf8');
  const presentedBytes = Buffer.from(presented, 'utf8');
  const isSameLength = expectedBytes.length === presentedBytes.length;
  return timingSafeEqual(expectedBytes, isSameLength ? presentedBytes : expectedBytes) && isSameLength;
}
