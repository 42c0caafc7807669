import type { AddressLifecycle, EmailChangeStatus, PhoneStatus } from '@app/shared/api/profile';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers, users } from './customers';

/**
 * A customer's contact facts (spec 000 §3 "Personal documents", 001 §3 "Customer address"):
 * addresses, phones, e-mails and the username change requests. Only modules/profile writes them;
 * the documents that prove an address live with the documents domain and point at the address id.
 */

export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    address1: text().notNull(),
    address2: text(),
    city: text().notNull(),
    postalCode: text().notNull(),
    countryCode: text().notNull(),
    stateCode: text(),
    stateName: text(),
    /** 5 place of business, otherwise (1) the registered address (spec 001 §3 "Address payload"). */
    addressStatus: smallint().notNull(),
    /**
     * draft: submitted with its documents, awaiting the customer's confirmation; active: the address
     * in use; replaced: retired by a confirmed replacement; deleted: removed by the customer.
     */
    lifecycle: text().$type<AddressLifecycle>().notNull().default('draft'),
    /** The address a draft replaces once confirmed. */
    replacesAddressId: integer(),
    createdByUserId: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp({ withTimezone: true }),
    retiredAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('customer_addresses_customer_idx').on(table.customerId, table.lifecycle),
    // One address in use per kind: a second one has to replace the first.
    uniqueIndex('customer_addresses_one_active_key')
      .on(table.customerId, table.addressStatus)
      .where(sql`${table.lifecycle} = 'active'`),
    check('customer_addresses_status_check', sql`${table.addressStatus} in (1, 5)`),
  ],
);

export const customerPhones = pgTable(
  'customer_phones',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    /** Country calling code without the plus sign (spec 000 §5), e.g. '44'. */
    countryCode: text().notNull(),
    /** The national significant number, digits only. */
    number: text().notNull(),
    /** E.164, for uniqueness and sending. */
    e164: text().notNull(),
    /** Phone type 2, mobile (spec 000 §5): the only type a customer adds here. */
    phoneType: smallint().notNull().default(2),
    status: text().$type<PhoneStatus>().notNull().default('unconfirmed'),
    isPrimary: boolean().notNull().default(false),
    /** The phone an unconfirmed replacement takes over from once confirmed. */
    replacesPhoneId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('customer_phones_customer_idx').on(table.customerId),
    uniqueIndex('customer_phones_one_primary_key')
      .on(table.customerId)
      .where(sql`${table.isPrimary} and ${table.status} <> 'removed'`),
    uniqueIndex('customer_phones_number_key')
      .on(table.customerId, table.e164)
      .where(sql`${table.status} <> 'removed'`),
  ],
);

/** A code sent by SMS to confirm a phone; only its hash is kept. */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    /** The reqId the client sends back with the approval code. */
    id: text().primaryKey(),
    phoneId: integer()
      .notNull()
      .references(() => customerPhones.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    codeHash: text().notNull(),
    /** PKCE S256 challenge of the verifier that may be sent instead of the reqId. */
    codeChallenge: text(),
    attempts: smallint().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('phone_verifications_phone_idx').on(table.phoneId, table.createdAt)],
);

export const customerEmails = pgTable(
  'customer_emails',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    /** Stored lower-case. */
    email: text().notNull(),
    isConfirmed: boolean().notNull().default(false),
    isPrimary: boolean().notNull().default(false),
    /** Hash of the code sent by mail; null once confirmed. */
    codeHash: text(),
    /** Hash of the token in the mail's confirmation link; null once confirmed. */
    linkTokenHash: text(),
    codeExpiresAt: timestamp({ withTimezone: true }),
    codeAttempts: smallint().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('customer_emails_link_idx').on(table.linkTokenHash),
    uniqueIndex('customer_emails_email_key').on(table.customerId, table.email),
    uniqueIndex('customer_emails_one_primary_key')
      .on(table.customerId)
      .where(sql`${table.isPrimary}`),
  ],
);

export type UsernameChangeLog = { at: string; event: string; detail?: string };

/** A request to change the sign-in e-mail; the login changes only once the new address is confirmed. */
export const usernameChangeRequests = pgTable(
  'username_change_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    desiredUsername: text().notNull(),
    status: text().$type<EmailChangeStatus>().notNull().default('active'),
    codeHash: text().notNull(),
    codeExpiresAt: timestamp({ withTimezone: true }).notNull(),
    codeAttempts: smallint().notNull().default(0),
    logs: jsonb()
      .$type<UsernameChangeLog[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('username_change_requests_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('username_change_requests_one_active_key')
      .on(table.userId)
      .where(sql`${table.status} = 'active'`),
  ],
);
