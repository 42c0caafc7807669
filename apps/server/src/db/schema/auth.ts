import type { AuthClient, AuthFlowType, MigrationStrategy } from '@app/shared/api/auth';
import type { DeviceStatus, DeviceType } from '@app/shared/api/devices';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './customers';

/**
 * - success: a session was opened (simple flow) or a second step began (`challenged`).
 * - wrongCode: a wrong second-factor code; counted with wrong passwords by the sign-in limit, so
 *   starting sign-in after sign-in does not buy more guesses.
 * - ipRefused: the right password from an address the IP allow-list refuses; not a guess.
 */
export type LoginAttemptResult =
  | 'success'
  | 'challenged'
  | 'wrongPassword'
  | 'wrongCode'
  | 'unknownUser'
  | 'rateLimited'
  | 'blocked'
  | 'badRequest'
  | 'ipRefused';
export type RefreshRevokedReason =
  'logout' | 'reuse' | 'password-change' | 'admin' | 'user-inactive' | 'reauth-failed' | 'ended-by-user';

/**
 * One row per successful sign-in: the session. Its id is the refresh-token family and the `sid` of
 * access tokens. The row is also the lock that serialises rotation, reuse detection and logout of
 * one family, so a revocation can never miss a successor issued at the same moment.
 */
export const signIns = pgTable(
  'sign_ins',
  {
    id: uuid().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    client: text().$type<AuthClient>().notNull(),
    flow: text().$type<AuthFlowType>().notNull(),
    /** PKCE S256 challenge (RFC 7636); flows other than simple exchange a code against its verifier. */
    codeChallenge: text().notNull(),
    codeChallengeMethod: text().$type<'S256'>().notNull(),
    ip: text().notNull(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastRefreshedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text().$type<RefreshRevokedReason>(),
  },
  (table) => [index('sign_ins_user_created_idx').on(table.userId, table.createdAt)],
);

/**
 * Refresh tokens are opaque, stored as SHA-256 hashes, and rotate: each use issues a successor in
 * the same family. Presenting a token that was already rotated revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** One family per sign-in; the session id carried in access tokens. */
    familyId: uuid()
      .notNull()
      .references(() => signIns.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    rotatedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text().$type<RefreshRevokedReason>(),
    ip: text(),
    userAgent: text(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_key').on(table.tokenHash),
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
  ],
);

/** Every sign-in attempt, for rate limits and the login history (spec 001 §3). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().references(() => users.id),
    /** The username as typed (lower-cased), kept for attempts on unknown users. */
    username: text().notNull(),
    ip: text().notNull(),
    userAgent: text(),
    result: text().$type<LoginAttemptResult>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_attempts_user_created_idx').on(table.userId, table.createdAt),
    index('login_attempts_username_created_idx').on(table.username, table.createdAt),
    index('login_attempts_ip_created_idx').on(table.ip, table.createdAt),
  ],
);

/**
 * - awaitingApproval: push sent, no device answered yet (the only state with no code).
 * - ready: the code can be exchanged. exchanged: it was; presenting it again revokes `signInId`.
 * - declined, expired, locked (wrong verifier, or the fifth wrong code): dead.
 */
export type LoginRequestStatus = 'awaitingApproval' | 'ready' | 'exchanged' | 'declined' | 'expired' | 'locked';
export type CodeFlowType = Exclude<AuthFlowType, 'simple'>;

/**
 * A sign-in past the password that waits for its second step: the PKCE code of every flow but
 * simple. Codes and temporary tokens are stored as SHA-256 hashes. The push code is also kept
 * encrypted until exchanged, so a socket that subscribes after the approval still receives it.
 */
export const loginRequests = pgTable(
  'login_requests',
  {
    id: uuid().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    client: text().$type<AuthClient>().notNull(),
    flow: text().$type<CodeFlowType>().notNull(),
    codeChallenge: text().notNull(),
    codeHash: text(),
    pushCodeEncrypted: text(),
    /** push, sms, verifyDevice: the live subscription and re-sends. */
    tmpTokenHash: text(),
    status: text().$type<LoginRequestStatus>().notNull(),
    failedAttempts: smallint().notNull().default(0),
    pushSendCount: smallint().notNull().default(0),
    pushLastSentAt: timestamp({ withTimezone: true }),
    pushExpiresAt: timestamp({ withTimezone: true }),
    /** direct: the device whose secret was shown; push: the device that answered. */
    deviceId: integer().references(() => devices.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    /** The session the exchange opened. */
    signInId: uuid().references(() => signIns.id),
    exchangedAt: timestamp({ withTimezone: true }),
    ip: text().notNull(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('login_requests_code_hash_key').on(table.codeHash),
    uniqueIndex('login_requests_tmp_token_hash_key').on(table.tmpTokenHash),
    index('login_requests_user_created_idx').on(table.userId, table.createdAt),
    index('login_requests_awaiting_push_idx')
      .on(table.pushExpiresAt)
      .where(sql`${table.status} = 'awaitingApproval'`),
  ],
);

/**
 * A phone running the mobile app, linked to one user (spec 000 §3 Device). Its secret is stored as
 * a SHA-256 hash (it is 256 random bits, so a slow hash adds nothing). A new device is pending
 * until approved with one of the user's methods; the approval's progress lives on the row.
 */
export const devices = pgTable(
  'devices',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    code: text().notNull(),
    type: text().$type<DeviceType>().notNull(),
    name: text().notNull(),
    location: text(),
    status: text().$type<DeviceStatus>().notNull(),
    secretHash: text().notNull(),
    pushToken: text(),
    /** The approval method in progress (spec 001 §4 approval modes), while pending. */
    approvalMode: smallint(),
    approvalFailedAttempts: smallint().notNull().default(0),
    approvalExpiresAt: timestamp({ withTimezone: true }),
    approvedAt: timestamp({ withTimezone: true }),
    lastActivityAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('devices_secret_hash_key').on(table.secretHash), index('devices_user_idx').on(table.userId)],
);

export type VerificationPurpose = 'signIn' | 'deviceApproval' | 'factorChange' | 'passwordChange';
export type VerificationChannel = 'sms' | 'email';

/**
 * The latest code sent by SMS or e-mail for one subject (a sign-in, a device approval). A re-send
 * replaces the code and its identifier; the send count and time drive the re-send limits.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    purpose: text().$type<VerificationPurpose>().notNull(),
    /** The login request id, or the device id. */
    subjectKey: text().notNull(),
    channel: text().$type<VerificationChannel>().notNull(),
    recipient: text().notNull(),
    codeHash: text().notNull(),
    identifier: text().notNull(),
    sendCount: smallint().notNull().default(1),
    lastSentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('verification_codes_subject_key').on(table.purpose, table.subjectKey),
    index('verification_codes_user_sent_idx').on(table.userId, table.channel, table.lastSentAt),
  ],
);

/** Browsers that passed a verifyDevice sign-in; the secret they keep is stored as a SHA-256 hash. */
export const trustedBrowsers = pgTable(
  'trusted_browsers',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    secretHash: text().notNull(),
    userAgent: text(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('trusted_browsers_secret_hash_key').on(table.secretHash),
    index('trusted_browsers_user_idx').on(table.userId),
  ],
);

export type TwoFactorRequirement = 'soft' | 'strict';

/**
 * Per-user sign-in settings of the auth domain. The mode itself (`users.login2faMode`) belongs to
 * the customers domain, which shows it in customer info; its material lives here:
 * - smsPhone: E.164, where sign-in codes go. Only the SMS factor's number: the profile's phones
 *   (spec 000 §3 Personal documents) are the profile's and may later feed it.
 * - TOTP secrets, AES-256-GCM encrypted with DATA_ENCRYPTION_KEY; the last accepted time step, so
 *   each code works once; an enrolment in progress (pending secret, request id, expiry, attempts).
 * - isNewDeviceVerificationRequired: unknown browsers and phones get the verifyDevice flow.
 * - the two-factor migration this user is under, if any (spec 000 §4).
 */
export const authUserSettings = pgTable('auth_user_settings', {
  userId: integer()
    .primaryKey()
    .references(() => users.id),
  smsPhone: text(),
  totpSecretEncrypted: text(),
  totpLastUsedStep: bigint({ mode: 'number' }),
  totpPendingSecretEncrypted: text(),
  totpPendingRequestId: uuid(),
  totpPendingExpiresAt: timestamp({ withTimezone: true }),
  totpPendingFailedAttempts: smallint().notNull().default(0),
  isNewDeviceVerificationRequired: boolean().notNull().default(false),
  twoFactorRequirement: text().$type<TwoFactorRequirement>(),
  twoFactorStrategy: text().$type<MigrationStrategy>(),
  /** A soft requirement turns strict at this moment. */
  twoFactorDeadlineAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
