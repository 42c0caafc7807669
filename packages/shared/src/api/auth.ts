import { z } from 'zod';
import { emailSchema } from '../validation/email';
import { PKCE_PATTERN } from '../validation/pkce';

/** Wire contract of the auth service `/auth/*` (spec 000 §7). */

export const AUTH_CLIENTS = ['web', 'mobile'] as const;
export type AuthClient = (typeof AUTH_CLIENTS)[number];

/** Sign-in flows of spec 000 §4; only `simple` is answered today, the rest exchange a code later. */
export const AUTH_FLOW_TYPES = ['simple', 'direct', 'push', 'otp', 'sms', 'verifyDevice'] as const;
export type AuthFlowType = (typeof AUTH_FLOW_TYPES)[number];

export const loginRequestSchema = z.object({
  client: z.enum(AUTH_CLIENTS),
  /** The login is an e-mail (spec 000 §5); it arrives trimmed and lower-cased. */
  username: emailSchema,
  password: z.string().min(1).max(1024),
  codeChallenge: z
    .string()
    .regex(PKCE_PATTERN, 'Code challenge must be 43 to 128 characters of letters, digits, "-", ".", "_" or "~"'),
  codeChallengeMethod: z.literal('S256').optional(),
  secret: z.string().max(512).optional(),
  pushToken: z.string().max(512).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenPairSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const simpleAuthFlowSchema = tokenPairSchema.extend({ type: z.literal('simple') });

export const authFlowSchema = z.discriminatedUnion('type', [simpleAuthFlowSchema]);
export type AuthFlow = z.infer<typeof authFlowSchema>;

export const loginResponseSchema = z.object({
  responseCode: z.literal('00'),
  authFlow: authFlowSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = z.object({ refreshToken: z.string().min(1).max(512) });
export const refreshResponseSchema = tokenPairSchema.extend({ responseCode: z.literal('00') });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const logoutRequestSchema = z.object({ refreshToken: z.string().min(1).max(512) });
export const okResponseSchema = z.object({ responseCode: z.literal('00') });

/** Any error answer of the auth service: the catalogue envelope (DESIGN.md §4). */
export const authErrorResponseSchema = z.object({
  responseCode: z.string(),
  responseDescription: z.string().optional(),
  validationErrors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
