import type { Language } from '@app/shared/constants';
import type { NewsChoice } from '@app/shared/api/news';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { customers, users } from './customers';

/**
 * Announcements (spec 000 §3 "News announcement", §4 "News and notifications"): published by an
 * administrator, shown to customers whose language is listed. Items that need acceptance stay in
 * the confirmation list until the customer accepts or declines them.
 */
export const newsItems = pgTable(
  'news_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: text().notNull(),
    body: text().notNull(),
    /** The interface languages the item is shown in; at least one. */
    languages: text().array().$type<Language[]>().notNull(),
    withConfirmation: boolean().notNull().default(false),
    publishedByUserId: integer().references(() => users.id),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('news_items_published_idx').on(table.publishedAt)],
);

/** What one customer did with one item: read it, and for items that need it, accepted or declined. */
export const newsReceipts = pgTable(
  'news_receipts',
  {
    newsId: integer()
      .notNull()
      .references(() => newsItems.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    readAt: timestamp({ withTimezone: true }),
    choice: text().$type<NewsChoice>(),
    /** Who decided: the customer's user, or an administrator acting for the customer. */
    decidedByUserId: integer(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.newsId, table.customerId] })],
);
