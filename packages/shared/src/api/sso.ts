import { z } from 'zod';
import { isValidPkceString } from '../validation/pkce';

/**
 * Single sign-on with an account here, for registered relying parties (spec 000 §7 `auth/sei`, 001 §2).
 * An authorization-code grant in the shape of OAuth 2.0 (RFC 6749 §4.1), with PKCE (RFC 7636):
 * 1. the web app, on `/auth/sei?clientId=…&redirectUri=…&scope=…&state=…`, asks the signed-in user's
 *    consent: `POST /auth/sei/authorize` returns the authorization to show;
 * 2. the user approves or declines: `POST /auth/sei/authorize/{authorizationId}` returns the redirect
 *    back to the relying party, with a one-time `code` or `error=access_denied`, and the `state`;
 * 3. the relying party's server exchanges the code: `POST /auth/sei/token` returns who the user is.
 */
export const SSO_SCOPES = ['profile', 'email'] as const;
export type SsoScope = (typeof SSO_SCOPES)[number];

/** A pending request past its expiry stays pending in storage and is treated as gone. */
export const SSO_AUTHORIZATION_STATUSES = ['pending', 'approved', 'declined', 'exchanged'] as const;
export type SsoAuthorizationStatus = (typeof SSO_AUTHORIZATION_STATUSES)[number];

/** A consent screen left open this long is stale; the relying party starts again. */
export const SSO_AUTHORIZATION_TTL_SECONDS = 600;
/** The relying party's server exchanges the code at once (RFC 6749 §4.1.2 recommends ≤ 10 minutes). */
export const SSO_CODE_TTL_SECONDS = 60;

const MAX_REDIRECT_URI_LENGTH = 2_048;
const MAX_STATE_LENGTH = 512;

export const ssoClientIdSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'Unknown client.');

/** Space-separated, as in OAuth (RFC 6749 §3.3); each scope once. */
export const ssoScopeParamSchema = z
  .string()
  .trim()
  .max(200)
  .transform((value, context) => {
    const names = value.split(/\s+/).filter((name) => name !== '');
    const scopes = [...new Set(names)];
    const unknown = scopes.filter((name) => !(SSO_SCOPES as readonly string[]).includes(name));
    if (scopes.length === 0 || unknown.length > 0) {
      const scopes = SSO_SCOPES.join(', ');
      context.addIssue({ code: 'custom', message: `Scopes are ${scopes}.` });
      return z.NEVER;
    }
    return scopes as SsoScope[];
  });

export const ssoAuthorizeRequestSchema = z.object({
  clientId: ssoClientIdSchema,
  redirectUri: z.url({ protocol: /^https?$/ }).max(MAX_REDIRECT_URI_LENGTH),
  scope: ssoScopeParamSchema,
  state: z.string().max(MAX_STATE_LENGTH).optional(),
  codeChallenge: z.string().refine(isValidPkceString, 'Not a PKCE challenge.').optional(),
  codeChallengeMethod: z.literal('S256').optional(),
});
export type SsoAuthorizeRequest = z.input<typeof ssoAuthorizeRequestSchema>;

export const ssoAuthorizationSchema = z.object({
  authorizationId: z.uuid(),
  client: z.object({ id: z.string(), name: z.string() }),
  scopes: z.array(z.enum(SSO_SCOPES)),
  /** Where the user goes back to, shown on the consent screen (scheme, host and port). */
  redirectOrigin: z.string(),
  /** ISO 8601: when the unanswered request stops working. Only pending requests are shown. */
  expiresAt: z.string(),
});
export type SsoAuthorization = z.infer<typeof ssoAuthorizationSchema>;

export const ssoAuthorizationResponseSchema = z.object({
  responseCode: z.literal('00'),
  authorization: ssoAuthorizationSchema,
});

export const ssoAuthorizationParamsSchema = z.object({ authorizationId: z.uuid() });

export const ssoDecisionRequestSchema = z.object({ decision: z.enum(['approve', 'decline']) });
export type SsoDecision = z.infer<typeof ssoDecisionRequestSchema>['decision'];

export const ssoDecisionResponseSchema = z.object({
  responseCode: z.literal('00'),
  /** The relying party's redirect URI with `code` and `state`, or `error=access_denied` and `state`. */
  redirectUrl: z.string(),
});

export const ssoTokenRequestSchema = z.object({
  grantType: z.literal('authorization_code'),
  code: z.string().min(1).max(128),
  redirectUri: z.string().max(MAX_REDIRECT_URI_LENGTH),
  clientId: ssoClientIdSchema,
  clientSecret: z.string().min(1).max(256),
  codeVerifier: z.string().refine(isValidPkceString, 'Not a PKCE verifier.').optional(),
});

export const ssoUserInfoSchema = z.object({
  /** Stable for this user and this relying party, and different for every other relying party. */
  subject: z.string(),
  email: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
});

export const ssoTokenResponseSchema = z.object({
  responseCode: z.literal('00'),
  scope: z.string(),
  user: ssoUserInfoSchema,
});
