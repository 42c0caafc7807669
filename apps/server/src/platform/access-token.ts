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

export function createAccessTokens(secret: Uint8Array, ttlSeconds: number): AccessTokens {
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
      try {
        const { payload } = await jwtVerify(token, secret, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        const claims = claimsSchema.safeParse(payload);
        if (!claims.success) return null;
        return { userId: Number(claims.data.sub), sessionId: claims.data.sid, isAdmin: claims.data.adm };
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
