import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

/**
 * Short-lived access tokens (HS256 JWT). They carry the user, the session (refresh-token family)
 * and whether the user is an administrator; everything else is looked up per call.
 */
export interface Session {
  userId: number;
  sessionId: string;
  isAdmin: boolean;
}

const ISSUER = 'harbor-platform';
const AUDIENCE = 'harbor-api';

const claimsSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  sid: z.uuid(),
  adm: z.boolean(),
});

export interface AccessTokens {
  sign(session: Session): Promise<string>;
  /** null when the token is malformed, forged or expired. */
  verify(token: string): Promise<Session | null>;
  ttlSeconds: number;
}

/**
 * Verified tokens kept in memory, so that a client's calls pay for the signature check once per
 * token rather than once per call (jose's HMAC goes through WebCrypto, which imports the key on
 * every verify: ~0.4 ms of the server's CPU per call under load). Keyed by the whole token, so a
 * hit is the answer jwtVerify gave for those exact bytes under this secret; the expiry is checked
 * again on every hit. Bounded: the oldest entries go first.
 */
const MAX_CACHED_TOKENS = 10_000;

interface CachedSession {
  session: Session;
  expiresAtSeconds: number;
}

export function createAccessTokens(secret: Uint8Array, ttlSeconds: number): AccessTokens {
  const verified = new Map<string, CachedSession>();
  return {
    ttlSeconds,
    sign: (session) =>
      new SignJWT({ sid: session.sessionId, adm: session.isAdmin })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(session.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(secret),
    async verify(token) {
      const cached = verified.get(token);
      if (cached !== undefined) {
        // jose refuses a token once `exp <= now` (whole seconds); so does the cache.
        if (Math.floor(Date.now() / 1000) < cached.expiresAtSeconds) return cached.session;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, secret, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        const claims = claimsSchema.safeParse(payload);
        if (!claims.success) return null;
        const session = { userId: Number(claims.data.sub), sessionId: claims.data.sid, isAdmin: claims.data.adm };
        if (typeof payload.exp === 'number') {
          if (verified.size >= MAX_CACHED_TOKENS) {
            const oldest = verified.keys().next();
            if (oldest.done !== true) verified.delete(oldest.value);
          }
          verified.set(token, { session, expiresAtSeconds: payload.exp });
        }
        return session;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}

export function bearerTokenOf(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9\-_.]+)$/i.exec(authorization.trim());
  return match?.[1];
}
