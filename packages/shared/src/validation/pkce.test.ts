import { describe, expect, it } from 'vitest';
import { codeChallengeS256, createCodeVerifier, isValidPkceString, PKCE_VERIFIER_LENGTH } from './pkce';

describe('PKCE (RFC 7636)', () => {
  it('computes the S256 challenge of the RFC 7636 appendix B example', async () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    expect(await codeChallengeS256(verifier)).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('accepts 43 to 128 characters of the unreserved alphabet', () => {
    expect(isValidPkceString('a'.repeat(43))).toBe(true);
    expect(isValidPkceString('A-z.0_9~'.repeat(16))).toBe(true);
  });

  it.each([
    ['42 characters', 'a'.repeat(42)],
    ['129 characters', 'a'.repeat(129)],
    ['a plus sign', `${'a'.repeat(42)}+`],
    ['a slash', `${'a'.repeat(42)}/`],
    ['padding', `${'a'.repeat(42)}=`],
    ['a space', `${'a'.repeat(42)} `],
    ['a non-ASCII letter', `${'a'.repeat(42)}é`],
    ['the empty string', ''],
  ])('rejects %s', (_label, value) => {
    expect(isValidPkceString(value)).toBe(false);
  });

  it('creates verifiers of the spec length that pass the rule and differ each time', () => {
    const first = createCodeVerifier();
    const second = createCodeVerifier();
    expect(first).toHaveLength(PKCE_VERIFIER_LENGTH);
    expect(isValidPkceString(first)).toBe(true);
    expect(first).not.toBe(second);
  });

  it('derives a challenge that is itself a valid 43-character PKCE string', async () => {
    const challenge = await codeChallengeS256(createCodeVerifier());
    expect(challenge).toHaveLength(43);
    expect(isValidPkceString(challenge)).toBe(true);
  });

  it('refuses verifier lengths outside 43..128', () => {
    expect(() => createCodeVerifier(42)).toThrow(RangeError);
    expect(() => createCodeVerifier(129)).toThrow(RangeError);
  });
});
