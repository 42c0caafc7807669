import { AUTH_CLIENTS, type AuthClient } from '@app/shared/api/auth';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { z } from 'zod';

/**
 * The two restricted tokens of the auth domain, signed with the access tokens' key but for other
 * audiences, so neither is ever accepted where an access token is (the main API, /ws as a user):
 * - device tokens authenticate a linked device on the device endpoints and its socket;
 * - set-up tokens (the migration's `tmpJwt`) allow enabling a second factor, nothing else.
 */
export interface DeviceClaims {
  userId: number;
  deviceId: number;
}

export interface SetupClaims {
  userId: number;
  client: AuthClient;
  /** The PKCE challenge of the sign-in that was withheld, recorded on the session it finally opens. */
  codeChallenge: string;
}

export interface AuthTokens {
  signDevice(claims: DeviceClaims): Promise<string>;
  /** null when malformed, forged, expired or of another audience. */
  verifyDevice(token: string): Promise<DeviceClaims | null>;
  signSetup(claims: SetupClaims): Promise<string>;
  verifySetup(token: string): Promise<SetupClaims | null>;
  deviceTtlSeconds: number;
  setupTtlSeconds: number;
}

const ISSUER = 'harbor-platform';
const DEVICE_AUDIENCE = 'harbor-device';
const SETUP_AUDIENCE = 'harbor-2fa-setup';

const deviceClaimsSchema = z.object({ sub: z.string().regex(/^\d+$/), did: z.number().int().positive() });
const setupClaimsSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  cli: z.enum(AUTH_CLIENTS),
  chl: z.string().min(1).max(128),
});

export function createAuthTokens(
  secret: Uint8Array,
  options: { deviceTtlSeconds: number; setupTtlSeconds: number },
): AuthTokens {
  function sign(payload: JWTPayload, subject: number, audience: string, ttlSeconds: number): Promise<string> {
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(subject))
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(secret);
  }

  async function payloadOf(token: string, audience: string): Promise<JWTPayload | null> {
    try {
      const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, audience, algorithms: ['HS256'] });
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }

  return {
    deviceTtlSeconds: options.deviceTtlSeconds,
    setupTtlSeconds: options.setupTtlSeconds,
    signDevice: (claims) => sign({ did: claims.deviceId }, claims.userId, DEVICE_AUDIENCE, options.deviceTtlSeconds),
    async verifyDevice(token) {
      const claims = deviceClaimsSchema.safeParse(await payloadOf(token, DEVICE_AUDIENCE));
      return claims.success ? { userId: Number(claims.data.sub), deviceId: claims.data.did } : null;
    },
    signSetup: (claims) =>
      sign({ cli: claims.client, chl: claims.codeChallenge }, claims.userId, SETUP_AUDIENCE, options.setupTtlSeconds),
    async verifySetup(token) {
      const claims = setupClaimsSchema.safeParse(await payloadOf(token, SETUP_AUDIENCE));
      if (!claims.success) return null;
      return { userId: Number(claims.data.sub), client: claims.data.cli, codeChallenge: claims.data.chl };
    },
  };
}
