import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customerDocuments, customerLimitReasons, documentFiles, videoIdentityJobs } from '../../db/schema/documents';

/** Queries of the documents domain; the customer id is in the `where` of every customer-facing one. */

export type DocumentRow = typeof customerDocuments.$inferSelect;
export type DocumentFileRow = typeof documentFiles.$inferSelect;
export type NewDocument = typeof customerDocuments.$inferInsert;
export type NewDocumentFile = typeof documentFiles.$inferInsert;
export type LimitReasonRow = typeof customerLimitReasons.$inferSelect;
export type VideoIdentityJobRow = typeof videoIdentityJobs.$inferSelect;

export async function insertDocument(db: Database, document: NewDocument): Promise<DocumentRow> {
  const [row] = await db.insert(customerDocuments).values(document).returning();
  if (row === undefined) throw new Error('insert returned no document');
  return row;
}

export async function insertDocumentFiles(db: Database, files: NewDocumentFile[]): Promise<void> {
  if (files.length > 0) await db.insert(documentFiles).values(files);
}

export function findDocumentsOfCustomer(db: Database, params: { customerId: number; limit: number }) {
  return db
    .select()
    .from(customerDocuments)
    .where(eq(customerDocuments.customerId, params.customerId))
    .orderBy(desc(customerDocuments.createdAt), desc(customerDocuments.id))
    .limit(params.limit);
}

export function findFilesOfDocuments(db: Database, params: { documentIds: number[] }) {
  if (params.documentIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(documentFiles)
    .where(inArray(documentFiles.documentId, params.documentIds))
    .orderBy(asc(documentFiles.id));
}

export async function findDocumentById(db: Database, params: { documentId: number }): Promise<DocumentRow | null> {
  const [row] = await db.select().from(customerDocuments).where(eq(customerDocuments.id, params.documentId));
  return row ?? null;
}

/** Locks the document for a review decision, so two reviewers cannot both decide it. */
export async function lockDocument(db: Database, params: { documentId: number }): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(customerDocuments)
    .where(eq(customerDocuments.id, params.documentId))
    .for('update');
  return row ?? null;
}

export async function findFileById(db: Database, params: { fileId: number }): Promise<DocumentFileRow | null> {
  const [row] = await db.select().from(documentFiles).where(eq(documentFiles.id, params.fileId));
  return row ?? null;
}

export async function updateDocumentReview(
  db: Database,
  params: { documentId: number; statusId: number; rejectReason: string | null; reviewedByUserId: number; now: Date },
): Promise<void> {
  await db
    .update(customerDocuments)
    .set({
      statusId: params.statusId,
      rejectReason: params.rejectReason,
      reviewedByUserId: params.reviewedByUserId,
      reviewedAt: params.now,
    })
    .where(eq(customerDocuments.id, params.documentId));
}

/** Documents that reached their expiry date while confirmed or waiting. */
export async function expireDocuments(
  db: Database,
  params: { today: string },
): Promise<{ id: number; customerId: number }[]> {
  return db
    .update(customerDocuments)
    .set({ statusId: 38 })
    .where(
      and(
        inArray(customerDocuments.statusId, [2, 41]),
        sql`${customerDocuments.expiresDate} is not null and ${customerDocuments.expiresDate} < ${params.today}`,
      ),
    )
    .returning({ id: customerDocuments.id, customerId: customerDocuments.customerId });
}

export function findReviewQueue(db: Database, params: { limit: number }) {
  return db
    .select()
    .from(customerDocuments)
    .where(eq(customerDocuments.statusId, 41))
    .orderBy(asc(customerDocuments.createdAt), asc(customerDocuments.id))
    .limit(params.limit);
}

/** Whether any file of this customer has the same content as another customer's. */
export async function hasDuplicateOfOtherCustomer(db: Database, params: { customerId: number }): Promise<boolean> {
  const rows = await db
    .select({ id: documentFiles.id })
    .from(documentFiles)
    .where(
      and(
        eq(documentFiles.customerId, params.customerId),
        sql`exists (select 1 from ${documentFiles} other where other.sha256 = ${documentFiles.sha256} and other.customer_id <> ${params.customerId})`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export function insertLimitReasons(
  db: Database,
  reasons: (typeof customerLimitReasons.$inferInsert)[],
): Promise<LimitReasonRow[]> {
  if (reasons.length === 0) return Promise.resolve([]);
  return db.insert(customerLimitReasons).values(reasons).returning();
}

export function findOpenLimitReasons(db: Database, params: { customerId: number }) {
  return db
    .select()
    .from(customerLimitReasons)
    .where(and(eq(customerLimitReasons.customerId, params.customerId), isNull(customerLimitReasons.resolvedAt)))
    .orderBy(asc(customerLimitReasons.id))
    .limit(50);
}

export async function resolveLimitReasons(db: Database, params: { customerId: number; now: Date }): Promise<void> {
  await db
    .update(customerLimitReasons)
    .set({ resolvedAt: params.now })
    .where(and(eq(customerLimitReasons.customerId, params.customerId), isNull(customerLimitReasons.resolvedAt)));
}

export async function insertVideoIdentityJob(
  db: Database,
  job: typeof videoIdentityJobs.$inferInsert,
): Promise<VideoIdentityJobRow> {
  const [row] = await db.insert(videoIdentityJobs).values(job).returning();
  if (row === undefined) throw new Error('insert returned no video identity job');
  return row;
}

export async function findVideoIdentityJob(
  db: Database,
  params: { publicId: string; customerId: number },
): Promise<VideoIdentityJobRow | null> {
  const [row] = await db
    .select()
    .from(videoIdentityJobs)
    .where(and(eq(videoIdentityJobs.publicId, params.publicId), eq(videoIdentityJobs.customerId, params.customerId)));
  return row ?? null;
}

export async function findLatestVideoIdentityJob(
  db: Database,
  params: { customerId: number },
): Promise<VideoIdentityJobRow | null> {
  const [row] = await db
    .select()
    .from(videoIdentityJobs)
    .where(eq(videoIdentityJobs.customerId, params.customerId))
    .orderBy(desc(videoIdentityJobs.createdAt), desc(videoIdentityJobs.id))
    .limit(1);
  return row ?? null;
}

/** Completes a pending job once; null when it was already complete (a replayed job run). */
export async function completeVideoIdentityJob(
  db: Database,
  params: { id: number; status: 'validated' | 'rejected'; failureReason: string | null; now: Date },
): Promise<VideoIdentityJobRow | null> {
  const [row] = await db
    .update(videoIdentityJobs)
    .set({ status: params.status, failureReason: params.failureReason, completedAt: params.now })
    .where(and(eq(videoIdentityJobs.id, params.id), eq(videoIdentityJobs.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function countPendingVideoJobs(db: Database, params: { customerId: number }): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(videoIdentityJobs)
    .where(and(eq(videoIdentityJobs.customerId, params.customerId), eq(videoIdentityJobs.status, 'pending')));
  return row?.count ?? 0;
}
