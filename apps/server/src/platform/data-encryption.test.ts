import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDataCipher } from './data-encryption';

describe('data encryption at rest (AES-256-GCM)', () => {
  const cipher = createDataCipher(randomBytes(32));

  it('round-trips, with a fresh nonce each time', () => {
    const first = cipher.encrypt('JBSWY3DPEHPK3PXP', 'totp:1');
    const second = cipher.encrypt('JBSWY3DPEHPK3PXP', 'totp:1');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first).not.toContain('JBSWY3DPEHPK3PXP');
    expect(cipher.decrypt(first, 'totp:1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another context, another key and an altered value', () => {
    const stored = cipher.encrypt('secret', 'totp:1');
    expect(() => cipher.decrypt(stored, 'totp:2')).toThrow();
    expect(() => createDataCipher(randomBytes(32)).decrypt(stored, 'totp:1')).toThrow();
    const parts = stored.split('.');
    const altered = [
      ...parts.slice(0, 3),
      `${parts[3]?.startsWith('A') === true ? 'B' : 'A'}${parts[3]?.slice(1) ?? ''}`,
    ].join('.');
    expect(() => cipher.decrypt(altered, 'totp:1')).toThrow();
    expect(() => cipher.decrypt('v2.a.b.c', 'totp:1')).toThrow(/Unreadable/);
  });

  it('wants a 32-byte key', () => {
    expect(() => createDataCipher(randomBytes(16))).toThrow(/32 bytes/);
  });
});
