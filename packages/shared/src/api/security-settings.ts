import { z } from 'zod';
import { LOGIN_2FA_MODES } from './customers';
import { transferIdSchema, transferResultSchema } from './transfers';
import { deviceSummarySchema } from './devices';
import { defineMethod } from './method';

/**
 * Account security (spec 001 §3 "Security settings", §4, §7): the two-step verification of sign-in
 * and of transactions, the password, the sessions and the login history.
 *
 * Changing a factor or the password needs a recent authentication: a session opened in the last
 * REAUTH_TTL_SECONDS, or the password re-entered in this session (securityReauthenticate) within
 * that time. Without it the answer is ENOA with the validation field REAUTH_FIELD: ask for the
 * password, then repeat the call. Five wrong passwords end the session.
 */
export const REAUTH_TTL_SECONDS = 300;
export const MAX_REAUTH_ATTEMPTS = 5;
/** The field of the ENOA answer that asks for the password again. */
export const REAUTH_FIELD = 'reauthentication';

export const RECOVERY_CODE_COUNT = 10;
/** Two groups of five from an alphabet without look-alikes (0/o, 1/l): 50 random bits. */
export const RECOVERY_CODE_PATTERN = /^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/;

/** Sign-in factors one can switch to; `none` turns two-step sign-in off. */
export const TWO_STEP_MODES = ['none', 'push', 'sms', 'otp'] as const;
export type TwoStepMode = (typeof TWO_STEP_MODES)[number];

/** Spec 001 §4: push=1, sms=2, otp=3, approvalCode=4, otherwise 0 (no approval). */
export const TRANSACTION_APPROVAL_MODES = [0, 1, 2, 3, 4] as const;
export type TransactionApprovalMode = (typeof TRANSACTION_APPROVAL_MODES)[number];
const typeModeSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

/** E.164 after removing spaces, dashes and brackets. */
export const phoneNumberSchema = z
  .string()
  .trim()
  .max(32)
  .transform((value) => value.replace(/[\s\-()]/g, ''))
  .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, 'Enter the number with its country code, e.g. +44 7700 900123.'));

/**
 * POST /customer/two-step-verification: `mode` changes the sign-in factor, `typeMode` the approval
 * of transactions (spec 001 §7: "body mode or typeMode"). `phone` is the new number for sms.
 */
export const twoStepChangeRequestSchema = z
  .object({
    mode: z.enum(TWO_STEP_MODES).optional(),
    typeMode: typeModeSchema.optional(),
    phone: phoneNumberSchema.optional(),
  })
  .refine((body) => (body.mode === undefined) !== (body.typeMode === undefined), {
    message: 'Send either mode or typeMode.',
    path: ['mode'],
  });
export type TwoStepChangeRequest = z.input<typeof twoStepChangeRequestSchema>;

const changeTarget = { target: z.enum(['signIn', 'approval']) };

/**
 * What starting a change answers, by `confirmWith`:
 * - otpEnrolment: a new authenticator secret; confirm with a code from it (recovery codes follow).
 * - otp: confirm with a code of the authenticator already set up.
 * - sms / email: a code went to `sentTo`; confirm with it.
 * - push: the linked `devices` were asked; poll the confirm call without a code until it is done.
 * - none: nothing to confirm, the change applied (`reqId` absent).
 */
export const twoStepChangeResponseSchema = z.discriminatedUnion('confirmWith', [
  z.object({
    responseCode: z.literal('00'),
    confirmWith: z.literal('otpEnrolment'),
    ...changeTarget,
    mode: z.literal('otp'),
    reqId: z.uuid(),
    secret: z.string(),
    otpauthUrl: z.string(),
    expiresInSeconds: z.number().int(),
  }),
  z.object({
    responseCode: z.literal('00'),
    confirmWith: z.enum(['otp', 'sms', 'email']),
    ...changeTarget,
    reqId: z.uuid(),
    sentTo: z.string().optional(),
    identifier: z.string().optional(),
    expiresInSeconds: z.number().int(),
  }),
  z.object({
    responseCode: z.literal('00'),
    confirmWith: z.literal('push'),
    ...changeTarget,
    reqId: z.uuid(),
    devices: z.array(deviceSummarySchema),
    expiresInSeconds: z.number().int(),
  }),
  z.object({ responseCode: z.literal('00'), confirmWith: z.literal('none'), ...changeTarget }),
]);
export type TwoStepChangeResponse = z.infer<typeof twoStepChangeResponseSchema>;

/** `code` is absent only when polling a push change. */
export const twoStepConfirmRequestSchema = z.object({ code: z.string().trim().max(16).optional() });

/**
 * `status` pending: the device has not answered yet (push). `recoveryCodes`: after an authenticator
 * enrolment, shown once. With the migration's set-up token the answer carries the session's tokens.
 */
export const twoStepConfirmResponseSchema = z.object({
  responseCode: z.literal('00'),
  status: z.enum(['pending', 'enabled']).optional(),
  recoveryCodes: z.array(z.string()).optional(),
  accessToken: z.string().optional(),
  refreshToken: z.string().optional(),
  expiresIn: z.number().int().optional(),
});

/** PUT /customer/two-step-verification/{reqId}/device-confirm: a linked device answers a push change. */
export const twoStepDeviceConfirmRequestSchema = z.object({ result: z.boolean() });

/* Main-API methods */

export const securityReauthenticate = defineMethod({
  name: 'securityReauthenticate',
  summary: 'Re-enter the password: security changes are allowed in this session for the next five minutes.',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({ password: z.string().min(1).max(1024) }),
  output: z.object({ reauthExpiresInSeconds: z.number().int() }),
});

export const securitySettingsGet = defineMethod({
  name: 'securitySettingsGet',
  summary: 'The sign-in factor, the approval mode of transactions and what is set up for them.',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({}),
  output: z.object({
    login2faMode: z.enum(LOGIN_2FA_MODES),
    transactionApproveMode: z.number().int(),
    hasTotp: z.boolean(),
    recoveryCodesLeft: z.number().int(),
    /** Masked. */
    smsPhone: z.string().optional(),
    activeDeviceCount: z.number().int(),
    /** Seconds this session may still change security settings without the password; 0 when it may not. */
    reauthExpiresInSeconds: z.number().int(),
  }),
});

export const sessionSchema = z.object({
  id: z.uuid(),
  ip: z.string(),
  /** Browser and system read from the user agent, e.g. "Chrome on Windows". */
  device: z.string(),
  location: z.string(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  isCurrent: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionSchema>;

export const MAX_LISTED_SESSIONS = 50;

export const sessionList = defineMethod({
  name: 'sessionList',
  summary: 'The signed-in sessions of the user, the current one first.',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({}),
  output: z.object({ sessions: z.array(sessionSchema) }),
});

export const sessionEnd = defineMethod({
  name: 'sessionEnd',
  summary: 'End one session of the user: its refresh tokens stop working at once.',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({ sessionId: z.uuid() }),
  output: z.object({}),
});

export const sessionEndOthers = defineMethod({
  name: 'sessionEndOthers',
  summary: 'End every session of the user except this one.',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({}),
  output: z.object({ endedCount: z.number().int() }),
});

const newPasswordField = z.string().min(1).max(1024);

export const passwordChange = defineMethod({
  name: 'passwordChange',
  summary: 'Start a password change: the current and the new password; a code goes to the login e-mail.',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({
    password: z.string().min(1).max(1024),
    passwordNew: newPasswordField,
    passwordNewRepeat: newPasswordField,
  }),
  output: z.object({
    requestKey: z.uuid(),
    /** Masked e-mail. */
    sentTo: z.string(),
    identifier: z.string(),
    codeExpiresInSeconds: z.number().int(),
  }),
});

export const passwordChangeConfirm = defineMethod({
  name: 'passwordChangeConfirm',
  summary: 'Confirm the password change with the e-mail code: the password changes and every other session ends.',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({
    requestKey: z.uuid(),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code.'),
  }),
  output: z.object({
    endedSessions: z.number().int(),
    /** 'Your password has been successfully updated' (spec 000 §8), with the request to relink the app. */
    notice: z.string(),
  }),
});

export const passwordChangeResend = defineMethod({
  name: 'passwordChangeResend',
  summary: 'Send the password change code again.',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({ requestKey: z.uuid() }),
  output: z.object({ identifier: z.string(), resendsLeft: z.number().int(), codeExpiresInSeconds: z.number().int() }),
});

export const passwordChangeCancel = defineMethod({
  name: 'passwordChangeCancel',
  summary: 'Cancel a password change waiting for its code.',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({ requestKey: z.uuid() }),
  output: z.object({ notice: z.string() }),
});

/** Spec 000 §8 push notice texts. */
export const PASSWORD_UPDATED_NOTICE =
  'Your password has been successfully updated. Please link your mobile device again to keep approving with it.';
export const CONFIRMATION_CANCELED_NOTICE = 'Confirmation canceled';

/* Login history (spec 001 §3: fromDate, toDate, pageNumber from 1, pageSize 20; history and total) */

export const LOGIN_HISTORY_PAGE_SIZE = 20;
export const LOGIN_HISTORY_RESULTS = ['success', 'failure'] as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD.');

export const loginHistoryItemSchema = z.object({
  /** ISO 8601 moment of the attempt. */
  date: z.string(),
  ip: z.string(),
  device: z.string(),
  location: z.string(),
  result: z.enum(LOGIN_HISTORY_RESULTS),
  /** Why it failed: wrongPassword, wrongCode, rateLimited, blocked… */
  reason: z.string().optional(),
});
export type LoginHistoryItem = z.infer<typeof loginHistoryItemSchema>;

export const loginHistory = defineMethod({
  name: 'loginHistory',
  summary: 'The sign-in attempts on the account, newest first, 20 a page.',
  access: 'customer',
  actsForCustomer: false,
  input: z
    .object({
      fromDate: isoDate.optional(),
      toDate: isoDate.optional(),
      pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(LOGIN_HISTORY_PAGE_SIZE).default(LOGIN_HISTORY_PAGE_SIZE),
      result: z.enum(LOGIN_HISTORY_RESULTS).optional(),
    })
    .refine((input) => input.fromDate === undefined || input.toDate === undefined || input.fromDate <= input.toDate, {
      message: 'The start date must not be after the end date.',
      path: ['toDate'],
    }),
  output: z.object({ history: z.array(loginHistoryItemSchema), total: z.number().int() }),
});

/*
 * The other two transaction-approval variants of spec 001 §7 ("trxid + approvalCode" is
 * transferApprove): by the operation id the approval popup was opened with, and with the e-mail of
 * the approving user in the envelope (`fromEmail`) and the transaction id. Both approve a held
 * transfer of the acting customer with the code of the user who made it.
 */
const approvalCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code.');

export const transferApproveOperation = defineMethod({
  name: 'transferApproveOperation',
  summary: 'Approve a held transfer by its operation id with the SMS, authenticator or e-mail code.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({ operationId: transferIdSchema, approvalCode: approvalCodeSchema }),
  output: transferResultSchema,
});

export const transferApproveByEmail = defineMethod({
  name: 'transferApproveByEmail',
  summary:
    'Approve a held transfer by approvalTransactionId and code; fromEmail (envelope) must be the signed-in user’s login.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({ approvalTransactionId: transferIdSchema, code: approvalCodeSchema }),
  output: transferResultSchema,
});

export const transferApprovalResendOperation = defineMethod({
  name: 'transferApprovalResendOperation',
  summary: 'Send the approval code of a held transfer again, by its operation id.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({ operationId: transferIdSchema }),
  output: z.object({
    transactionId: z.number().int(),
    approvalType: z.number().int(),
    approvalSentTo: z.string().optional(),
    approvalExpiresAt: z.string(),
    resendsLeft: z.number().int(),
  }),
});

/* Linking a new device by QR code (spec 001 §2 "link a new device" popup) */

export const DEVICE_LINK_TTL_SECONDS = 300;

export const deviceLinkStart = defineMethod({
  name: 'deviceLinkStart',
  summary:
    'A one-time deep link for a QR code: the mobile app that opens it links itself as a device. Needs a recent authentication.',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({}),
  output: z.object({ deeplink: z.string(), expiresInSeconds: z.number().int() }),
});

/** POST /device-api/device/link: the mobile app completes the link with the token of the deep link. */
export const deviceLinkCompleteRequestSchema = z.object({
  token: z.string().min(1).max(128),
  type: z.enum(['android', 'ios']),
  name: z.string().trim().min(1).max(64),
  pushToken: z.string().min(1).max(512).optional(),
});
