import type { NotificationStatus, NotificationType } from '@app/shared/api/notifications';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers';

/**
 * Customer notifications (spec 000 §4): stored so the customer can read them back after the live
 * toast is gone, and so a job can tell whether it already raised one.
 */
export const customerNotifications = pgTable(
  'customer_notifications',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    type: text().$type<NotificationType>().notNull(),
    status: text().$type<NotificationStatus>().notNull(),
    /** Ids and short values the screens need to word the notice; never documents or secrets. */
    payload: jsonb().$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    /**
     * Set by raisers that must not notify twice for one cause (the expiry job: one per document and
     * type); a second raise with the same key is skipped.
     */
    dedupeKey: text(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('customer_notifications_customer_idx').on(table.customerId, table.id),
    uniqueIndex('customer_notifications_dedupe_idx')
      .on(table.customerId, table.dedupeKey)
      .where(sql`${table.dedupeKey} is not null`),
  ],
);
