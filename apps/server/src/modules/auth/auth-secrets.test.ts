import { describe, expect, it } from 'vitest';
import {
  isPkceVerifierOf,
  isSameSecret,
  maskEmail,
  maskPhone,
  newDeviceCode,
  newSixDigitCode,
  newTwoDigitIdentifier,
} from './auth-secrets';

describe('auth secrets', () => {
  it('checks a PKCE verifier against its S256 challenge (RFC 7636 appendix B)', () => {
    const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
    expect(isPkceVerifierOf(challenge, 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(true);
    expect(isPkceVerifierOf(challenge, 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXj')).toBe(false);
    // plain: the verifier equal to the challenge is refused.
    expect(isPkceVerifierOf(challenge, challenge)).toBe(false);
  });

  it('compares secrets of any length without throwing', () => {
    expect(isSameSecret('abc', 'abc')).toBe(true);
    expect(isSameSecret('abc', 'abd')).toBe(false);
    expect(isSameSecret('abc', 'abcd')).toBe(false);
    expect(isSameSecret('abc', '')).toBe(false);
  });

  it('makes codes of the right shape', () => {
    for (let round = 0; round < 50; round += 1) {
      expect(newSixDigitCode()).toMatch(/^\d{6}$/);
      expect(newTwoDigitIdentifier()).toMatch(/^\d{2}$/);
      expect(newDeviceCode()).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    }
  });

  it('masks phones and e-mails, keeping enough to recognise one’s own', () => {
    expect(maskPhone('+447700900123')).toBe('+44*******123');
    expect(maskPhone('+12345')).toBe('+*****');
    expect(maskEmail('alex.morgan@demo.test')).toBe('a*********n@demo.test');
    expect(maskEmail('al@demo.test')).toBe('a*@demo.test');
  });
});
