import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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

/** What an idempotent request answered: its result, or the expected failure it ended in. */
export type IdempotencyOutcome =
  | { kind: 'result'; value: unknown }
  | {
      kind: 'error';
      code: string;
      description: string;
      validationErrors?: { field: string; message: string }[];
    };

/**
 * Money-moving requests carry a client-generated key (DESIGN.md §4). The row is inserted in the same
 * database transaction as the effect it guards and stores the first outcome, so a key exists with
 * its outcome exactly when the effect does: a crash loses both or neither.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Who the key belongs to, e.g. 'customer:42'; keys of different scopes never meet. */
    scope: text().notNull(),
    key: text().notNull(),
    /** SHA-256 of the canonical request; the same key with another body is a conflict (IK). */
    requestHash: text().notNull(),
    /** null only inside the transaction that claimed the key; committed rows always have it. */
    outcome: jsonb().$type<IdempotencyOutcome>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);

export type JobStatus = 'pending' | 'done' | 'failed';

/**
 * Durable jobs (DESIGN.md §2): written in the same database transaction as the change that needs
 * them, so a committed change always has its follow-up and a rolled-back one never does. Workers in
 * any process claim due jobs with `FOR UPDATE SKIP LOCKED`; a claim is a lease, so a job whose
 * worker died runs again once the lease ends. Handlers are therefore idempotent.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Dotted lowerCamelCase: the domain then the work, e.g. 'accounts.settleIncoming'. */
    queue: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text().$type<JobStatus>().notNull().default('pending'),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(10),
    /** While in the future, a worker holds the job. */
    lockedUntil: timestamp({ withTimezone: true }),
    /** At most one pending job per key (e.g. one settlement per incoming transfer). */
    singletonKey: text(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('jobs_due_idx')
      .on(table.runAt)
      .where(sql`${table.status} = 'pending'`),
    uniqueIndex('jobs_singleton_key')
      .on(table.queue, table.singletonKey)
      .where(sql`${table.status} = 'pending' and ${table.singletonKey} is not null`),
  ],
);
