import { z } from 'zod';
import { emailSchema } from '../validation/email';
import { PKCE_PATTERN } from '../validation/pkce';
import { deviceSummarySchema, MAX_PUSH_TOKEN_LENGTH } from './devices';

/**
 * Wire contract of the auth service `/auth/*` (spec 000 §4 Sign-in, §7) and of the two-factor
 * enrolment `/customer/two-step-verification*` (spec 001 §7 Security settings).
 *
 * Sign-in is `POST /auth/login`; its `authFlow` says what comes next:
 * - simple: tokens at once (no second factor, a known browser).
 * - direct: the mobile app proved a linked device with its `secret`: exchange `code` + verifier.
 * - otp: exchange `code` + verifier + `otp` (a TOTP from the authenticator app).
 * - sms: a 6-digit code went to `phone`; exchange `code` + verifier + `otp` (that code).
 * - verifyDevice: an unknown browser or phone; a 6-digit code went by e-mail to `sentTo`; exchange
 *   `code` + verifier + `otp`. The answer then carries a `secret` to send at later sign-ins.
 * - push: the linked devices were asked; open GET /ws with `{type:'auth', loginToken: tmpToken}`
 *   and wait for a `pushLogin` event: `approved` carries the `code` to exchange with the verifier.
 * Codes are single use and live at most 10 minutes; presenting one twice ends the session it
 * opened. Error codes: VF (a field, e.g. a wrong `otp`), AU (bad credentials, or a code that is
 * wrong, expired, used or locked: sign in again), RL (too many attempts, with Retry-After).
 */

export const AUTH_CLIENTS = ['web', 'mobile'] as const;
export type AuthClient = (typeof AUTH_CLIENTS)[number];

/** Sign-in flows of spec 000 §4. */
export const AUTH_FLOW_TYPES = ['simple', 'direct', 'push', 'otp', 'sms', 'verifyDevice'] as const;
export type AuthFlowType = (typeof AUTH_FLOW_TYPES)[number];

/** Sign-in codes and the restricted set-up token live this long (PKCE codes: at most 10 minutes). */
export const SIGN_IN_CODE_TTL_SECONDS = 600;
/** A code sent by SMS or e-mail expires sooner than the sign-in. */
export const SENT_CODE_TTL_SECONDS = 300;
/** Wrong codes (otp, sms, e-mail) one sign-in survives; the fifth locks it. */
export const MAX_CODE_ATTEMPTS = 5;

export const ONE_TIME_CODE_PATTERN = /^\d{6}$/;

export const loginRequestSchema = z.object({
  client: z.enum(AUTH_CLIENTS),
  /** The login is an e-mail (spec 000 §5); it arrives trimmed and lower-cased. */
  username: emailSchema,
  password: z.string().min(1).max(1024),
  codeChallenge: z
    .string()
    .regex(PKCE_PATTERN, 'Code challenge must be 43 to 128 characters of letters, digits, "-", ".", "_" or "~"'),
  codeChallengeMethod: z.literal('S256').optional(),
  /**
   * mobile: the secret of a linked device (POST /auth/devices), which makes the sign-in `direct`.
   * web: the secret a `verifyDevice` sign-in returned, which marks this browser as known.
   */
  secret: z.string().min(1).max(512).optional(),
  /** mobile: the device's current push token, stored on the device the secret names. */
  pushToken: z.string().min(1).max(MAX_PUSH_TOKEN_LENGTH).optional(),
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

/** What every code flow answers: the code to exchange at POST /auth/token with the PKCE verifier. */
const codeFlowFields = {
  code: z.string(),
  /** Seconds the code can still be exchanged. */
  expiresInSeconds: z.number().int(),
};

/** Flows whose second factor is a code we sent; `tmpToken` asks for another (POST /auth/code/re-send). */
const sentCodeFields = {
  ...codeFlowFields,
  tmpToken: z.string(),
  /** Two digits printed in the message, so the user types the latest code. */
  identifier: z.string().regex(/^\d{2}$/),
  /** Seconds the sent code stays valid. */
  codeExpiresInSeconds: z.number().int(),
};

export const directAuthFlowSchema = z.object({ type: z.literal('direct'), ...codeFlowFields });
export const otpAuthFlowSchema = z.object({ type: z.literal('otp'), ...codeFlowFields });
export const smsAuthFlowSchema = z.object({
  type: z.literal('sms'),
  ...sentCodeFields,
  /** Masked, e.g. +44*******123. */
  phone: z.string(),
});
export const verifyDeviceAuthFlowSchema = z.object({
  type: z.literal('verifyDevice'),
  ...sentCodeFields,
  /** Masked e-mail the code went to. */
  sentTo: z.string(),
});
export const pushAuthFlowSchema = z.object({
  type: z.literal('push'),
  /** Opens GET /ws for this sign-in (`{type:'auth', loginToken}`) and re-sends the push. */
  tmpToken: z.string(),
  /** The devices the push went to. */
  devices: z.array(deviceSummarySchema),
  /** For the QR code: the app opens the approval of this sign-in. */
  deeplink: z.string(),
  /** Seconds the devices have to answer; re-sending restarts it. */
  expiresInSeconds: z.number().int(),
});

export const authFlowSchema = z.discriminatedUnion('type', [
  simpleAuthFlowSchema,
  directAuthFlowSchema,
  otpAuthFlowSchema,
  smsAuthFlowSchema,
  verifyDeviceAuthFlowSchema,
  pushAuthFlowSchema,
]);
export type AuthFlow = z.infer<typeof authFlowSchema>;

/**
 * Two-factor migration (spec 000 §3, §4). `soft`: the user may continue, `daysLeft` days remain.
 * `strict` (or a soft deadline that passed): no session until a factor is enabled; the answer that
 * would have carried tokens carries `tmpJwt` instead, a 10-minute token accepted only by
 * /customer/two-step-verification* and /auth/stores-urls/send. Strategy `enable`: the user has no
 * second factor; `migrate`: the user's SMS factor must move to the authenticator app or a device.
 */
export const MIGRATION_REQUIREMENTS = ['none', 'soft', 'strict'] as const;
export type MigrationRequirementLevel = (typeof MIGRATION_REQUIREMENTS)[number];
export const MIGRATION_STRATEGIES = ['migrate', 'enable'] as const;
export type MigrationStrategy = (typeof MIGRATION_STRATEGIES)[number];

export const migrationRequirementSchema = z.object({
  req: z.enum(MIGRATION_REQUIREMENTS),
  daysLeft: z.number().int(),
  /** The user's active devices, so the web can offer push. */
  devices: z.array(deviceSummarySchema),
  tmpJwt: z.string().optional(),
  strat: z.enum(MIGRATION_STRATEGIES),
});
export type MigrationRequirement = z.infer<typeof migrationRequirementSchema>;

/**
 * `authFlow` is absent only when a strict migration withholds the session of a simple sign-in;
 * `migration` is present whenever a requirement applies.
 */
export const loginResponseSchema = z.object({
  responseCode: z.literal('00'),
  authFlow: authFlowSchema.optional(),
  migration: migrationRequirementSchema.optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const codeExchangeRequestSchema = z.object({
  code: z.string().min(1).max(128),
  codeVerifier: z.string().regex(PKCE_PATTERN, 'Code verifier must be 43 to 128 unreserved characters'),
  /** otp, sms and verifyDevice flows: the 6-digit code; checked by the server (VF field `otp`). */
  otp: z.string().max(16).optional(),
});
export type CodeExchangeRequest = z.infer<typeof codeExchangeRequestSchema>;

/** A linked device signs in as itself with its secret, for the device endpoints and its socket. */
export const deviceSignInRequestSchema = z.object({ secret: z.string().min(1).max(512) });

export const tokenRequestSchema = z.union([codeExchangeRequestSchema, deviceSignInRequestSchema]);
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const sessionTokensResponseSchema = tokenPairSchema.extend({
  responseCode: z.literal('00'),
  /** After verifyDevice: this browser's or phone's secret, to send as `secret` at later sign-ins. */
  secret: z.string().optional(),
});
export const migrationResponseSchema = z.object({
  responseCode: z.literal('00'),
  migration: migrationRequirementSchema,
});
/**
 * A device token authenticates the device (Authorization: Bearer) on PUT /auth/login/{key}/confirm,
 * PUT /auth/devices/{deviceId}/confirm, GET /auth/push/pending and GET /ws (`{type:'auth',
 * deviceToken}`). It is refused everywhere else; exchange the secret again when it expires.
 */
export const deviceTokenResponseSchema = z.object({
  responseCode: z.literal('00'),
  deviceToken: z.string(),
  deviceId: z.number().int(),
  expiresIn: z.number().int(),
});
export const tokenResponseSchema = z.union([
  sessionTokensResponseSchema,
  migrationResponseSchema,
  deviceTokenResponseSchema,
]);
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const refreshRequestSchema = z.object({ refreshToken: z.string().min(1).max(512) });
export const refreshResponseSchema = tokenPairSchema.extend({ responseCode: z.literal('00') });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const logoutRequestSchema = z.object({ refreshToken: z.string().min(1).max(512) });
export const okResponseSchema = z.object({ responseCode: z.literal('00') });

export const tmpTokenRequestSchema = z.object({ tmpToken: z.string().min(1).max(128) });

export const pushResendResponseSchema = z.object({
  responseCode: z.literal('00'),
  resendsLeft: z.number().int(),
  expiresInSeconds: z.number().int(),
});

export const codeResendResponseSchema = z.object({
  responseCode: z.literal('00'),
  identifier: z.string(),
  resendsLeft: z.number().int(),
  codeExpiresInSeconds: z.number().int(),
});

export const loginConfirmParamsSchema = z.object({ key: z.uuid() });

export const storesUrlsSendRequestSchema = z.object({ phoneNumber: z.string().trim().min(4).max(32) });

/**
 * Live events of a pending push sign-in, on a socket opened with `{type:'auth', loginToken}`:
 * `{ type: 'pushLogin', status: 'approved', payload: { code } }`, or status `declined` or
 * `expired` with an empty payload. A socket that subscribes after the answer gets it at once.
 */
export const PUSH_LOGIN_EVENT = 'pushLogin';
export const PUSH_LOGIN_STATUSES = ['approved', 'declined', 'expired'] as const;
export const pushLoginEventSchema = z.object({
  type: z.literal(PUSH_LOGIN_EVENT),
  status: z.enum(PUSH_LOGIN_STATUSES),
  payload: z.object({ code: z.string().optional() }),
});
export type PushLoginEvent = z.infer<typeof pushLoginEventSchema>;

/** Modes the enrolment accepts today; push and SMS enrolment belong to the security settings. */
export const TWO_STEP_VERIFICATION_MODES = ['otp'] as const;

export const twoStepVerificationRequestSchema = z.object({ mode: z.enum(TWO_STEP_VERIFICATION_MODES) });
export const twoStepVerificationResponseSchema = z.object({
  responseCode: z.literal('00'),
  reqId: z.uuid(),
  mode: z.enum(TWO_STEP_VERIFICATION_MODES),
  /** Base32 secret for the authenticator app, shown once; and the same as an otpauth:// URI for a QR code. */
  secret: z.string(),
  otpauthUrl: z.string(),
  expiresInSeconds: z.number().int(),
});
export const twoStepVerificationParamsSchema = z.object({ reqId: z.uuid() });
export const twoStepVerificationConfirmRequestSchema = z.object({ code: z.string().trim().max(16) });
/** With the migration's tmpJwt the answer opens the session; with a session it is `{responseCode}`. */
export const twoStepVerificationConfirmResponseSchema = z.union([
  tokenPairSchema.extend({ responseCode: z.literal('00') }),
  okResponseSchema,
]);

/** Any error answer of the auth service: the catalogue envelope (DESIGN.md §4). */
export const authErrorResponseSchema = z.object({
  responseCode: z.string(),
  responseDescription: z.string().optional(),
  validationErrors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
