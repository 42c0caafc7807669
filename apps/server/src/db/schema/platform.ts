import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Mail and SMS leave through an adapter. The development adapter stores every message here and
 * /dev/outbox shows them; production adapters record the delivery here too, without bodies.
 */
export const outboundMessages = pgTable(
  'outbound_messages',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text().$type<'mail' | 'sms'>().notNull(),
    recipient: text().notNull(),
    subject: text(),
    /** Kept by the outbox adapter only: production rows never hold bodies, which may carry codes. */
    body: text(),
    /** 'stored' by the outbox adapter; 'sent' or 'failed' by the production adapters. */
    status: text().$type<'stored' | 'sent' | 'failed'>().notNull(),
    providerReference: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('outbound_messages_created_idx').on(table.createdAt),
    index('outbound_messages_recipient_idx').on(table.recipient, table.createdAt),
  ],
);

/** Security events and approvals, append-only (DESIGN.md §6). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The user who acted (an admin acting for a customer is recorded as themselves). */
    actorUserId: integer(),
    customerId: integer(),
    action: text().notNull(),
    details: jsonb().$type<Record<string, unknown>>(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_customer_idx').on(table.customerId, table.createdAt)],
);
