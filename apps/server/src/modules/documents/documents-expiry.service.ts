import { DocumentStatus, type DocumentKind } from '@app/shared/api/documents';
import { and, asc, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customerDocuments } from '../../db/schema/documents';

/**
 * The documents domain's answer to "which documents run out between two days", for the job that
 * warns customers (notifications). Rejected documents do not count; expired ones do, since the
 * documents domain may mark a document expired before the warning job has run.
 */

export interface ExpiringDocument {
  documentId: number;
  customerId: number;
  kind: DocumentKind;
  documentTypeId: number;
  /** yyyy-mm-dd: the last day the document is valid. */
  expiresDate: string;
}

/** Documents one call returns at most; the job runs again and the rest follow. */
export const MAX_EXPIRING_DOCUMENTS = 1_000;

const COUNTED_STATUSES = [
  DocumentStatus.confirmed,
  DocumentStatus.pendingReview,
  DocumentStatus.nameMismatch,
  DocumentStatus.expired,
];

/** Documents whose expiry day is from `from` through `to` (both yyyy-mm-dd), soonest first. */
export async function documentsExpiringBetween(
  db: Database,
  params: { from: string; to: string; limit?: number },
): Promise<ExpiringDocument[]> {
  const rows = await db
    .select({
      documentId: customerDocuments.id,
      customerId: customerDocuments.customerId,
      kind: customerDocuments.kind,
      documentTypeId: customerDocuments.documentTypeId,
      expiresDate: customerDocuments.expiresDate,
    })
    .from(customerDocuments)
    .where(
      and(
        isNotNull(customerDocuments.expiresDate),
        gte(customerDocuments.expiresDate, params.from),
        lte(customerDocuments.expiresDate, params.to),
        inArray(customerDocuments.statusId, COUNTED_STATUSES),
      ),
    )
    .orderBy(asc(customerDocuments.expiresDate), asc(customerDocuments.id))
    .limit(Math.min(params.limit ?? MAX_EXPIRING_DOCUMENTS, MAX_EXPIRING_DOCUMENTS));
  return rows.flatMap((row) => (row.expiresDate === null ? [] : [{ ...row, expiresDate: row.expiresDate }]));
}
