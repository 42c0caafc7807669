import { z } from 'zod';
import { PKCE_PATTERN } from '../validation/pkce';

/** Wire contract of the auth service `/auth/*` (spec 000 §7). */

export const AUTH_CLIENTS = ['web', 'mobile'] as const;

export const loginRequestSchema = z.object({
  client: z.enum(AUTH_CLIENTS),
  username: z.string().trim().min(1).max(254),
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
