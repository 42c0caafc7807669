import { z } from 'zod';

/**
 * Wire contract of the devices endpoints of the auth service `/auth/devices/*` (spec 000 §3 Device,
 * §7). A device is a phone running the mobile app, linked to one user: it approves push sign-ins
 * and, once approved itself, signs in with its secret.
 */

export const DEVICE_TYPES = ['android', 'ios'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** 'pending' until approved through one of the approval methods; only 'active' devices act. */
export const DEVICE_STATUSES = ['pending', 'active'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/**
 * Approval modes of spec 001 §4 ("Approval of a transaction"): push=1, sms=2, otp=3,
 * approvalCode=4. The same numbers name the methods that approve a new device; approvalCode is a
 * code sent by e-mail to the login address.
 */
export const ApprovalMode = { PUSH: 1, SMS: 2, OTP: 3, APPROVAL_CODE: 4 } as const;
export type ApprovalMode = (typeof ApprovalMode)[keyof typeof ApprovalMode];
export const APPROVAL_METHOD_TYPES = ['push', 'sms', 'otp', 'approvalCode'] as const;
export type ApprovalMethodType = (typeof APPROVAL_METHOD_TYPES)[number];

export const MAX_DEVICE_NAME_LENGTH = 64;
export const MAX_DEVICE_LOCATION_LENGTH = 128;
export const MAX_PUSH_TOKEN_LENGTH = 512;
/** Ids are 32-bit integers (spec 000 §5). */
export const deviceIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** A device as its owner sees it. The secret is never shown again after POST /auth/devices. */
export const deviceSchema = z.object({
  id: z.number().int(),
  /** Six characters shown on the phone and in this list, so the user can tell devices apart. */
  code: z.string(),
  type: z.enum(DEVICE_TYPES),
  name: z.string(),
  location: z.string().optional(),
  status: z.enum(DEVICE_STATUSES),
  /** ISO 8601; absent until the device first acts. */
  lastActivityAt: z.string().optional(),
  createdAt: z.string(),
  /** Whether the app registered a push token (the sandbox delivers pushes over the live channel). */
  hasPushToken: z.boolean(),
});
export type Device = z.infer<typeof deviceSchema>;

/** What a sign-in answer shows of each device a push went to. */
export const deviceSummarySchema = deviceSchema.pick({ id: true, name: true, type: true });
export type DeviceSummary = z.infer<typeof deviceSummarySchema>;

export const deviceListResponseSchema = z.object({ responseCode: z.literal('00'), devices: z.array(deviceSchema) });
export const deviceResponseSchema = z.object({ responseCode: z.literal('00'), device: deviceSchema });

export const deviceCreateRequestSchema = z.object({
  type: z.enum(DEVICE_TYPES),
  name: z.string().trim().min(1).max(MAX_DEVICE_NAME_LENGTH),
  location: z.string().trim().min(1).max(MAX_DEVICE_LOCATION_LENGTH).optional(),
  pushToken: z.string().min(1).max(MAX_PUSH_TOKEN_LENGTH).optional(),
});
export type DeviceCreateRequest = z.infer<typeof deviceCreateRequestSchema>;

/** The secret is shown once: the app stores it and presents it as `secret` at sign-in. */
export const deviceCreateResponseSchema = z.object({
  responseCode: z.literal('00'),
  device: deviceSchema,
  secret: z.string(),
});

export const deviceParamsSchema = z.object({ deviceId: deviceIdSchema });

/** A method the user can approve a new device with, and where its code goes (masked). */
export const approveMethodSchema = z.object({
  id: z.union([
    z.literal(ApprovalMode.PUSH),
    z.literal(ApprovalMode.SMS),
    z.literal(ApprovalMode.OTP),
    z.literal(ApprovalMode.APPROVAL_CODE),
  ]),
  type: z.enum(APPROVAL_METHOD_TYPES),
  /** Masked phone number (sms) or e-mail (approvalCode). */
  sentTo: z.string().optional(),
});
export type ApproveMethod = z.infer<typeof approveMethodSchema>;

export const approveMethodsResponseSchema = z.object({
  responseCode: z.literal('00'),
  methods: z.array(approveMethodSchema),
});

/** Starts (or restarts) the approval of a pending device; without methodId the first method listed. */
export const deviceApproveRequestSchema = z.object({
  methodId: z.coerce.number().int().min(1).max(4).optional(),
});

export const deviceApprovalSchema = approveMethodSchema.extend({
  /** Two digits printed in the SMS or e-mail, so the user types the latest code. */
  identifier: z.string().optional(),
  expiresInSeconds: z.number().int(),
});
export type DeviceApproval = z.infer<typeof deviceApprovalSchema>;

export const deviceApproveResponseSchema = z.object({
  responseCode: z.literal('00'),
  approval: deviceApprovalSchema,
});

export const deviceApprovalParamsSchema = z.object({
  deviceId: deviceIdSchema,
  methodId: z.coerce.number().int().min(1).max(4),
});

/** Completes a code method (sms, otp, approvalCode) with the code the user received. */
export const deviceApprovalCodeRequestSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});

/** An active device's answer to a push (a sign-in or a new device of the same user). */
export const confirmRequestSchema = z.object({ result: z.boolean() });

/** A push waiting for this device's answer, as listed and as carried by `pushApproval` live events. */
export const pendingApprovalSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('signIn'),
    /** The `{key}` of PUT /auth/login/{key}/confirm. */
    key: z.string(),
    client: z.string(),
    ip: z.string(),
    userAgent: z.string().optional(),
    /** ISO 8601. */
    expiresAt: z.string(),
  }),
  z.object({
    kind: z.literal('deviceLink'),
    /** The `{deviceId}` of PUT /auth/devices/{deviceId}/confirm. */
    deviceId: z.number().int(),
    name: z.string(),
    type: z.enum(DEVICE_TYPES),
    expiresAt: z.string(),
  }),
  z.object({
    /** A change of the two-step verification to push: PUT /customer/two-step-verification/{id}/device-confirm. */
    kind: z.literal('twoStep'),
    id: z.string(),
    /** signIn: the sign-in factor; approval: the approval of transactions. */
    target: z.enum(['signIn', 'approval']),
    mode: z.string(),
    expiresAt: z.string(),
  }),
]);
export type PendingApproval = z.infer<typeof pendingApprovalSchema>;

export const pendingApprovalsResponseSchema = z.object({
  responseCode: z.literal('00'),
  approvals: z.array(pendingApprovalSchema),
});

/**
 * Live events on a device's socket (`{type:'auth', deviceToken}` on GET /ws):
 * `pushApproval` with status `pending` (payload: a PendingApproval) when a push arrives, and
 * `resolved` (payload: kind, key or deviceId, result: 'approved' | 'declined' | 'expired') when it
 * was answered, here or on another device, or timed out.
 */
export const PUSH_APPROVAL_EVENT = 'pushApproval';
