import type { DocumentKind, DocumentSide, VideoIdentityJobStatus } from '@app/shared/api/documents';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers, users } from './customers';

/**
 * Customer documents (spec 000 §3 "Personal documents", 001 §4 "Documents"). A document is what a
 * reviewer confirms or rejects; its files are the scans of it (front and back of an identity card).
 * Statuses are the spec's ids: 2 confirmed, 64 name mismatch, 41 pending review, 4 rejected,
 * 38 expired. `addressId` and `limitReasonId` point at what the document proves.
 */
export const customerDocuments = pgTable(
  'customer_documents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    kind: text().$type<DocumentKind>().notNull(),
    /** Spec 001 document types by category (4 passport, 5 identity card, 88 internal passport…). */
    documentTypeId: smallint().notNull(),
    /** Address documents: 'main' proves the address, 'additional' and 'relationship' support it. */
    role: text().$type<'main' | 'additional' | 'relationship'>().notNull().default('main'),
    /** The address this proves (owned by the profile domain; no foreign key across domains). */
    addressId: integer(),
    limitReasonId: integer(),
    statusId: smallint().notNull().default(41),
    issuedDate: text(),
    expiresDate: text(),
    rejectReason: text(),
    uploadedByUserId: integer()
      .notNull()
      .references(() => users.id),
    reviewedByUserId: integer().references(() => users.id),
    reviewedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('customer_documents_customer_idx').on(table.customerId, table.kind),
    index('customer_documents_review_idx')
      .on(table.createdAt)
      .where(sql`${table.statusId} = 41`),
  ],
);

export const documentFiles = pgTable(
  'document_files',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    documentId: integer()
      .notNull()
      .references(() => customerDocuments.id),
    /** Repeated from the document so the sha256 duplicate check and the owner check need no join. */
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    side: text().$type<DocumentSide>().notNull().default('single'),
    storageKey: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    contentType: text().notNull(),
    sha256: text().notNull(),
    originalName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('document_files_document_idx').on(table.documentId),
    index('document_files_sha256_idx').on(table.sha256),
  ],
);

/** Why an administrator limited a customer, and what the customer must upload to lift it. */
export const customerLimitReasons = pgTable(
  'customer_limit_reasons',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    /** 1 provide documents, 2 contact support (spec 000 §3 "Limit info" actionTypeId). */
    actionTypeId: smallint().notNull(),
    reason: text().notNull(),
    requiredDocumentTypeIds: smallint()
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    createdByUserId: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set when the customer is unlimited; a resolved reason no longer shows. */
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('customer_limit_reasons_customer_idx').on(table.customerId)],
);

/** A video identity session with the provider; the public page is `video-identity-job/{publicId}`. */
export const videoIdentityJobs = pgTable(
  'video_identity_jobs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    publicId: uuid().notNull().unique(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    provider: text().notNull(),
    providerReference: text(),
    status: text().$type<VideoIdentityJobStatus>().notNull().default('pending'),
    failureReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('video_identity_jobs_customer_idx').on(table.customerId, table.createdAt)],
);
