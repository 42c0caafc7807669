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
import { customers, users } from './customers';

/**
 * The payout blacklist (spec 001 §3 "Blacklist user": email, blockType): e-mails a customer does
 * not send money to and does not accept money from. Managing it (list, add, delete) is the
 * security settings' work; transfers read it through modules/security/blacklist.service.ts.
 */
export const payoutBlacklist = pgTable(
  'payout_blacklist',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    /** Stored lower-case, as logins are. */
    email: text().notNull(),
    /** 1: transfers in both directions (the only type so far). */
    blockType: smallint().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payout_blacklist_customer_email_key').on(table.customerId, table.email),
    // "Who blocked this e-mail?": the payee side of a transfer check.
    index('payout_blacklist_email_idx').on(table.email),
  ],
);

/**
 * The IP allow-list (spec 001 §3 "IP allow-list entry": id, ip, toIp, created). Addresses are
 * stored in canonical text form (RFC 5952 for IPv6, so one address has one spelling); matching
 * happens in memory on the parsed bytes (modules/security/ip-allow-list.ts).
 */
export const ipAllowList = pgTable(
  'ip_allow_list',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    ip: text().notNull(),
    /** The last address of a range; null for a single address. */
    toIp: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ip_allow_list_customer_idx').on(table.customerId, table.id)],
);

/** Per-customer security switches that belong to no other table. */
export const customerSecuritySettings = pgTable('customer_security_settings', {
  customerId: integer()
    .primaryKey()
    .references(() => customers.id),
  /** Spec 001 §3 accessIpMode: 0 any address, 1 only the addresses of the allow-list. */
  accessIpMode: smallint().notNull().default(0),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Notification settings a user switched away from the default (spec 001 §3: identified, value,
 * group). A missing row means the default of the catalogue in modules/security/notification-settings.service.ts.
 */
export const userNotificationSettings = pgTable(
  'user_notification_settings',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    identified: text().notNull(),
    value: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.identified] })],
);
