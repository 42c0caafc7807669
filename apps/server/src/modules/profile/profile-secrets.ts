import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * Codes of the profile: six-digit codes by SMS and mail, link tokens, request ids. Codes are
 * guessable, so only a hash bound to what they confirm is stored, they expire and stop working
 * after a few wrong tries; link tokens carry 256 random bits.
 */

export function newSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function newRequestId(): string {
  return randomUUID();
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Bound to its subject, so one stored hash never matches another subject's code. */
export function codeHashOf(subject: string, code: string): string {
  return sha256Hex(`${subject}:${code}`);
}

/** The PKCE S256 challenge of a verifier (RFC 7636 §4.2). */
export function s256ChallengeOf(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

export function isSameSecret(expected: string, presented: string): boolean {
  const expectedBytes = Buffer.from(expected, 'utf8');
  const presentedBytes = Buffer.from(presented, 'utf8');
  const isSameLength = expectedBytes.length === presentedBytes.length;
  return timingSafeEqual(expectedBytes, isSameLength ? presentedBytes : expectedBytes) && isSameLength;
}
