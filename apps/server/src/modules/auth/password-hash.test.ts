import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hash';

describe('password hashing', () => {
  it('produces argon2id hashes with the OWASP minimum parameters', async () => {
    const passwordHash = await hashPassword('correct horse battery staple');
    expect(passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(passwordHash).toContain('m=19456,t=2,p=1');
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const passwordHash = await hashPassword('Demo-pass-2026');
    expect(await verifyPassword(passwordHash, 'Demo-pass-2026')).toBe(true);
    expect(await verifyPassword(passwordHash, 'demo-pass-2026')).toBe(false);
  });

  it('treats a malformed stored hash as a mismatch instead of throwing', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });

  it('always refuses against the dummy hash used for unknown users', async () => {
    expect(await verifyAgainstDummy('Demo-pass-2026')).toBe(false);
  });
});
