import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers';

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
