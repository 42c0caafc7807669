import type { CustomerType } from '@app/shared/api/customers';
import type { PersonalRegistrationType } from '@app/shared/api/registration';
import type { Language } from '@app/shared/constants';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers, users } from './customers';

/**
 * - personal: registered themselves (spec 000 §1 personal types);
 * - business: the main user of a company registration;
 * - employee: invited by a business, activates by setting their own details and password.
 */
export type RegistrationKind = CustomerType | 'employee';

/**
 * What a user told us when they came in through registration or an invitation: the facts that have
 * no other home yet (country, phone, registration type, language for later mails) and when the
 * account was activated. One row per such user; demo and admin-made users have none.
 */
export const registrationProfiles = pgTable(
  'registration_profiles',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    kind: text().$type<RegistrationKind>().notNull(),
    registrationType: text().$type<PersonalRegistrationType>(),
    brand: text().notNull(),
    countryCode: text(),
    /** E.164. At most one account per number: the phone check (phoneExistsCheck) reads it. */
    phone: text(),
    /** The mails that follow (activation reminders, password resets) go out in this language. */
    language: text().$type<Language>().notNull(),
    invitedByUserId: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('registration_profiles_phone_key')
      .on(table.phone)
      .where(sql`${table.phone} is not null`),
    index('registration_profiles_customer_idx').on(table.customerId),
  ],
);

export type ActivationPurpose = 'activation' | 'employeeActivation' | 'businessActivation';

/**
 * The live activation of a user who is not active yet: a six-digit code and a link token, both
 * stored as SHA-256 hashes. A new code replaces the row, so only the latest mail works. Used once.
 */
export const activationCodes = pgTable(
  'activation_codes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    purpose: text().$type<ActivationPurpose>().notNull(),
    codeHash: text().notNull(),
    linkTokenHash: text().notNull(),
    failedAttempts: smallint().notNull().default(0),
    sendCount: smallint().notNull().default(1),
    lastSentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('activation_codes_user_key').on(table.userId),
    uniqueIndex('activation_codes_link_token_hash_key').on(table.linkTokenHash),
  ],
);

/**
 * One password reset request. Rows exist for unknown e-mails too (without a user or code): the
 * per-e-mail limit then counts them alike, and the answer cannot tell the two apart. The code and
 * the reset token that a right code yields are stored as SHA-256 hashes.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid().primaryKey(),
    email: text().notNull(),
    userId: integer().references(() => users.id),
    codeHash: text(),
    failedAttempts: smallint().notNull().default(0),
    codeExpiresAt: timestamp({ withTimezone: true }).notNull(),
    resetTokenHash: text(),
    resetTokenExpiresAt: timestamp({ withTimezone: true }),
    codeVerifiedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    /** A newer request for the same e-mail ends this one. */
    supersededAt: timestamp({ withTimezone: true }),
    ip: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('password_resets_email_created_idx').on(table.email, table.createdAt),
    uniqueIndex('password_resets_reset_token_hash_key').on(table.resetTokenHash),
  ],
);

/**
 * A link that confirms a user owns an e-mail address. Following it redirects to the web app with
 * `?emailConfirmation=success|fail` (spec 000 §2). The token is stored as a SHA-256 hash; used once.
 */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    email: text().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    confirmedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('email_confirmations_token_hash_key').on(table.tokenHash),
    index('email_confirmations_user_email_idx').on(table.userId, table.email),
  ],
);

/**
 * Fixed-window counters for the public calls (registration, activation, resets, existence checks),
 * kept in the database so the limits hold across server processes. Keys never hold an e-mail in
 * clear: per-e-mail keys carry its SHA-256.
 */
export const publicRequestCounters = pgTable(
  'public_request_counters',
  {
    key: text().notNull(),
    windowStartedAt: timestamp({ withTimezone: true }).notNull(),
    hits: integer().notNull().default(1),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.windowStartedAt] }),
    index('public_request_counters_window_idx').on(table.windowStartedAt),
  ],
);
