import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from './access-token';

/** Access tokens: what verify accepts, including from its cache of tokens it verified before. */
describe('access tokens', () => {
  const session = { userId: 42, sessionId: '7f1c1a52-3d7e-4a4e-9c53-0a4d2b9d6f10', isAdmin: false };

  afterEach(() => {
    vi.useRealTimers();
  });

  it('verifies a token it signed, again and again, with the same answer', async () => {
    const tokens = createAccessTokens(randomBytes(32), 60);
    const token = await tokens.sign(session);
    expect(await tokens.verify(token)).toEqual(session);
    expect(await tokens.verify(token)).toEqual(session);
  });

  it('refuses a verified token once it expired, though it was verified (and cached) before', async () => {
    vi.useFakeTimers({ now: new Date('2026-05-01T10:00:00Z'), toFake: ['Date'] });
    const tokens = createAccessTokens(randomBytes(32), 60);
    const token = await tokens.sign(session);
    expect(await tokens.verify(token)).toEqual(session);
    vi.setSystemTime(new Date('2026-05-01T10:00:59Z'));
    expect(await tokens.verify(token)).toEqual(session);
    vi.setSystemTime(new Date('2026-05-01T10:01:00Z'));
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token of another secret, and a verified token with its signature changed', async () => {
    const tokens = createAccessTokens(randomBytes(32), 60);
    const other = createAccessTokens(randomBytes(32), 60);
    const token = await tokens.sign(session);
    expect(await tokens.verify(token)).toEqual(session);
    expect(await other.verify(token)).toBeNull();
    // The signature's first character carries six bits of the signature; its last one carries padding
    // bits too, so changing only that could leave the signature the same.
    const signatureStart = token.lastIndexOf('.') + 1;
    const changed = token[signatureStart] === 'A' ? 'B' : 'A';
    const tampered = `${token.slice(0, signatureStart)}${changed}${token.slice(signatureStart + 1)}`;
    expect(await tokens.verify(tampered)).toBeNull();
    expect(await tokens.verify('not.a.token')).toBeNull();
  });
});
