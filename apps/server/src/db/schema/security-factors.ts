import { bigint, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { signIns } from './auth';
import { users } from './customers';

/**
 * Changing the account's security factors (spec 001 §3 "Security settings", §7): the recent
 * re-authentication a change needs, the two-step changes waiting for their confirmation, the
 * recovery codes of the authenticator app and the password changes waiting for their e-mail code.
 */

/**
 * A password re-entered in one session: changes of a factor or of the password are allowed in that
 * session until `grantedUntil`. Wrong passwords are counted per session; too many end it.
 */
export const reauthGrants = pgTable('reauth_grants', {
  signInId: uuid()
    .primaryKey()
    .references(() => signIns.id),
  userId: integer()
    .notNull()
    .references(() => users.id),
  grantedUntil: timestamp({ withTimezone: true }),
  failedAttempts: smallint().notNull().default(0),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type FactorChangeTarget = 'signIn' | 'approval';
/** The factor a change turns on: for sign-in (`login2faMode`) or for approving transactions. */
export type FactorChangeMode = 'none' | 'push' | 'sms' | 'otp' | 'approvalCode';
export type FactorChangeStatus = 'awaitingConfirmation' | 'approved' | 'declined' | 'completed' | 'expired' | 'locked';

/**
 * A two-step change proved on the new factor before it applies: a code sent to the new phone (sms),
 * an answer on a linked device (push), a code of the authenticator (otp for approvals) or an e-mail
 * code (approvalCode). Bound to the session that asked for it.
 */
export const factorChangeRequests = pgTable(
  'factor_change_requests',
  {
    id: uuid().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    signInId: uuid()
      .notNull()
      .references(() => signIns.id),
    target: text().$type<FactorChangeTarget>().notNull(),
    mode: text().$type<FactorChangeMode>().notNull(),
    /** sms: the new number (E.164), stored on the user once confirmed. */
    phone: text(),
    status: text().$type<FactorChangeStatus>().notNull(),
    failedAttempts: smallint().notNull().default(0),
    /** push: the device that answered. */
    decidedByDeviceId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('factor_change_requests_user_created_idx').on(table.userId, table.createdAt)],
);

/**
 * Single-use recovery codes of the authenticator app, shown once at enrolment. Each is stored as a
 * SHA-256 hash bound to its user: the codes carry 50 random bits, so a slow hash adds nothing.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('recovery_codes_hash_key').on(table.codeHash),
    index('recovery_codes_user_idx').on(table.userId),
  ],
);

export type PasswordChangeStatus = 'awaitingCode' | 'completed' | 'cancelled' | 'locked';

/**
 * A password change waiting for the code sent by e-mail (spec 001 §7: password, passwordNew,
 * passwordNewRepeat, then code + requestKey). The new password is kept only as its argon2id hash.
 */
export const passwordChangeRequests = pgTable(
  'password_change_requests',
  {
    /** The requestKey. */
    id: uuid().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    signInId: uuid()
      .notNull()
      .references(() => signIns.id),
    newPasswordHash: text().notNull(),
    status: text().$type<PasswordChangeStatus>().notNull(),
    failedAttempts: smallint().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('password_change_requests_user_created_idx').on(table.userId, table.createdAt)],
);

/**
 * A one-time link shown as a QR code on the settings screen: the mobile app that scans it links
 * itself to the user as an active device. The token is stored as its SHA-256 hash (256 random bits),
 * lives a few minutes and works once.
 */
export const deviceLinkTokens = pgTable(
  'device_link_tokens',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    deviceId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('device_link_tokens_hash_key').on(table.tokenHash),
    index('device_link_tokens_user_idx').on(table.userId),
  ],
);
