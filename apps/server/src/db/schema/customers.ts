import type { CustomerType, Login2faMode } from '@app/shared/api/customers';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export type UserStatus = 'active' | 'pending' | 'blocked';
export type TermsAudience = CustomerType | 'all';

/**
 * A user is a sign-in identity; a customer is the party that owns money (a person or a company).
 * A user acts for one or more customers through `customerAccess` (a personal customer's own user
 * holds full access; a business user holds the rights the company gave them).
 */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The login: an e-mail, stored lower-case. */
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text(),
    lastName: text(),
    isAdmin: boolean().notNull().default(false),
    /** Spec 000 §3 login2faMode. */
    login2faMode: text().$type<Login2faMode>().notNull().default('no'),
    /** Approval type for money-moving calls: 0 none, 1 push, 2 sms, 3 otp, 4 approval code. */
    transactionApproveMode: smallint().notNull().default(0),
    /** 'pending': awaiting activation. */
    status: text().$type<UserStatus>().notNull().default('active'),
    useOldWeb: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_key').on(table.email)],
);

export const customers = pgTable(
  'customers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerType: text().$type<CustomerType>().notNull(),
    firstName: text(),
    lastName: text(),
    businessName: text(),
    birthDay: text(),
    taxId: text(),
    /** The brand the customer signed up with (DESIGN.md §7). */
    brand: text().notNull(),
    verified: boolean().notNull().default(false),
    limited: boolean().notNull().default(false),
    dueDiligenceLevel: smallint().notNull().default(0),
    isNeedPersonalInfoUpdate: boolean().notNull().default(false),
    isNeedKyc: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('customers_search_idx').using(
      'btree',
      sql`lower(coalesce(${table.businessName}, '') || ' ' || coalesce(${table.firstName}, '') || ' ' || coalesce(${table.lastName}, ''))`,
    ),
  ],
);

export const customerAccess = pgTable(
  'customer_access',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    /** 0 none, 1 read, 2 full, 3 initiate, 4 confirmed, 5 uploading (spec 000 §6). */
    accessRights: smallint().notNull(),
    /** Permission names such as requestMoney, settlementAccount (spec 001 §6). */
    permissions: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hasBalanceInfo: boolean().notNull().default(true),
    /** The customer a user acts for when no fromCustomerId is given. */
    isDefault: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.customerId] }),
    index('customer_access_customer_idx').on(table.customerId),
  ],
);

export const terms = pgTable(
  'terms',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull(),
    version: integer().notNull(),
    title: text().notNull(),
    url: text().notNull(),
    audience: text().$type<TermsAudience>().notNull().default('all'),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('terms_code_version_key').on(table.code, table.version)],
);

export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    termsId: integer()
      .notNull()
      .references(() => terms.id),
    acceptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ip: text(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.termsId] })],
);
