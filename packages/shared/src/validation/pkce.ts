/**
 * PKCE (RFC 7636). A verifier and a challenge are 43 to 128 characters of the unreserved alphabet
 * (letters, digits, '-', '.', '_', '~'); the challenge method is S256 only. Works in the browser
 * and in Node (Web Crypto is global in both).
 */
export const PKCE_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;
export const PKCE_VERIFIER_LENGTH = 128;
const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

export function isValidPkceString(value: string): boolean {
  return PKCE_PATTERN.test(value);
}

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A random verifier of `length` characters; rejection sampling keeps the alphabet uniform. */
export function createCodeVerifier(length: number = PKCE_VERIFIER_LENGTH): string {
  if (length < 43 || length > 128) throw new RangeError('PKCE verifier length must be 43..128');
  let verifier = '';
  const limit = 256 - (256 % UNRESERVED.length);
  while (verifier.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < limit && verifier.length < length) verifier += UNRESERVED.charAt(byte % UNRESERVED.length);
    }
  }
  return verifier;
}

/** S256: BASE64URL(SHA-256(ASCII(verifier))). */
export async function codeChallengeS256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}
