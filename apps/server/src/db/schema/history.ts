import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { HistoryExportStatus, HistoryFilter } from '@app/shared/api/history';
import { customers } from './customers';

/**
 * CSV exports of the transaction history (spec 001 §7 "export start, status and send to e-mail").
 * The file is never stored: the download streams it from the ledger with the saved filter, up to
 * the snapshot taken at the start (`createdAt` and the last ledger transaction id then), so every
 * download of one export holds the same rows.
 */
export const historyExports = pgTable(
  'history_exports',
  {
    /** Random: the id is in download links and must not be guessable. */
    id: uuid().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    /** Who asked for it: the e-mail notice goes to them. */
    userId: integer().notNull(),
    filter: jsonb().$type<HistoryFilter>().notNull(),
    status: text().$type<Exclude<HistoryExportStatus, 'expired'>>().notNull().default('preparing'),
    /** Snapshot: ledger transactions up to this id belong to the export. */
    lastTransactionId: bigint({ mode: 'number' }).notNull(),
    /** Snapshot: holds placed up to this id belong to the export. */
    lastHoldId: bigint({ mode: 'number' }).notNull(),
    rowCount: integer(),
    isTruncated: boolean(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    readyAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('history_exports_customer_idx').on(table.customerId, table.createdAt),
    index('history_exports_expires_idx').on(table.expiresAt),
  ],
);
