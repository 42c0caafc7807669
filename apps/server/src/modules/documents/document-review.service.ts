import { DocumentStatus, type UploadedDocument } from '@app/shared/api/documents';
import type { ReviewDecision, ReviewQueueItem } from '@app/shared/api/verification';
import { REVIEW_QUEUE_PAGE_SIZE } from '@app/shared/api/verification';
import type { z } from 'zod';
import type { limitReasonInputSchema } from '@app/shared/api/verification';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { errors } from '../../platform/errors';
import { customerSummariesOf, setVerificationFlags, verificationFlagsOf } from '../customers/customers.service';
import * as documentsRepository from './documents.repository';
import { uploadedDocumentOf } from './documents.service';
import { notifyCustomer } from '../notifications/notifications.service';

/**
 * The administrators' review (issue: admin console): decide uploaded documents, verify, limit and
 * unlimit customers. Each decision is written, audited with the administrator's identity and
 * announced to the customer live, in one transaction: all of it happens or none.
 */

export interface AdminActor {
  adminUserId: number;
  ip: string | null;
}

export async function reviewQueue(db: Database): Promise<ReviewQueueItem[]> {
  const rows = await documentsRepository.findReviewQueue(db, { limit: REVIEW_QUEUE_PAGE_SIZE });
  const [files, customers] = await Promise.all([
    documentsRepository.findFilesOfDocuments(db, { documentIds: rows.map((row) => row.id) }),
    customerSummariesOf(db, { customerIds: [...new Set(rows.map((row) => row.customerId))] }),
  ]);
  const customerById = new Map(customers.map((customer) => [customer.id, customer]));
  return rows.map((row) => {
    const customer = customerById.get(row.customerId);
    return {
      ...uploadedDocumentOf(row, files),
      customerId: row.customerId,
      customerName: customer?.name ?? '',
      customerType: customer?.customerType ?? 'personal',
    };
  });
}

const STATUS_OF_DECISION: Record<ReviewDecision, number> = {
  confirm: DocumentStatus.confirmed,
  reject: DocumentStatus.rejected,
  nameMismatch: DocumentStatus.nameMismatch,
};

/** What the customer hears of each decision (spec 000 §4 notification types and statuses). */
const NOTICE_OF_DECISION = {
  confirm: { type: 'info', status: 'success' },
  reject: { type: 'documentRejected', status: 'error' },
  nameMismatch: { type: 'documentFailed', status: 'warning' },
} as const;

export async function reviewDocument(
  db: Database,
  params: AdminActor & { documentId: number; decision: ReviewDecision; rejectReason: string | undefined },
): Promise<UploadedDocument> {
  return db.transaction(async (tx) => {
    const document = await documentsRepository.lockDocument(tx, { documentId: params.documentId });
    if (document === null) throw errors.invalidParams('This document does not exist.');
    // Only a document waiting for review is decided; a second reviewer's click changes nothing.
    if (document.statusId !== DocumentStatus.pendingReview && document.statusId !== DocumentStatus.pendingUpload) {
      throw errors.invalidParams('This document has already been reviewed.');
    }
    const statusId = STATUS_OF_DECISION[params.decision];
    const rejectReason = params.decision === 'reject' ? (params.rejectReason ?? null) : null;
    await documentsRepository.updateDocumentReview(tx, {
      documentId: document.id,
      statusId,
      rejectReason,
      reviewedByUserId: params.adminUserId,
      now: new Date(),
    });
    await recordAudit(tx, {
      actorUserId: params.adminUserId,
      customerId: document.customerId,
      action: 'verification.documentReviewed',
      details: { documentId: document.id, decision: params.decision, statusId },
      ip: params.ip,
    });
    const notice = NOTICE_OF_DECISION[params.decision];
    await notifyCustomer(tx, {
      customerId: document.customerId,
      type: notice.type,
      status: notice.status,
      payload: {
        event: 'documentReviewed',
        documentId: document.id,
        kind: document.kind,
        documentTypeId: document.documentTypeId,
        statusId,
        ...(rejectReason === null ? {} : { rejectReason }),
      },
    });
    const reviewed = await documentsRepository.findDocumentById(tx, { documentId: document.id });
    if (reviewed === null) throw new Error('reviewed document vanished');
    const files = await documentsRepository.findFilesOfDocuments(tx, { documentIds: [document.id] });
    return uploadedDocumentOf(reviewed, files);
  });
}

async function lockedCustomer(tx: Database, customerId: number) {
  try {
    return await verificationFlagsOf(tx, { customerId, forUpdate: true });
  } catch {
    throw errors.invalidParams('This customer does not exist.');
  }
}

export async function verifyCustomer(db: Database, params: AdminActor & { customerId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await lockedCustomer(tx, params.customerId);
    await setVerificationFlags(tx, { customerId: params.customerId, flags: { verified: true, isNeedKyc: false } });
    await recordAudit(tx, {
      actorUserId: params.adminUserId,
      customerId: params.customerId,
      action: 'verification.customerVerified',
      ip: params.ip,
    });
    await notifyCustomer(tx, {
      customerId: params.customerId,
      type: 'info',
      status: 'success',
      payload: { event: 'customerVerified' },
    });
  });
}

export async function limitCustomer(
  db: Database,
  params: AdminActor & { customerId: number; reasons: z.output<typeof limitReasonInputSchema>[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockedCustomer(tx, params.customerId);
    const open = await documentsRepository.findOpenLimitReasons(tx, { customerId: params.customerId });
    if (open.length + params.reasons.length > 10)
      throw errors.invalidParams('A customer has at most 10 open limit reasons.');
    await documentsRepository.insertLimitReasons(
      tx,
      params.reasons.map((reason) => ({
        customerId: params.customerId,
        actionTypeId: reason.actionTypeId,
        reason: reason.reason,
        requiredDocumentTypeIds: reason.requiredDocumentTypeIds,
        createdByUserId: params.adminUserId,
      })),
    );
    await setVerificationFlags(tx, { customerId: params.customerId, flags: { limited: true } });
    await recordAudit(tx, {
      actorUserId: params.adminUserId,
      customerId: params.customerId,
      action: 'verification.customerLimited',
      details: {
        reasons: params.reasons.map((reason) => ({
          actionTypeId: reason.actionTypeId,
          requiredDocumentTypeIds: reason.requiredDocumentTypeIds,
        })),
      },
      ip: params.ip,
    });
    await notifyCustomer(tx, {
      customerId: params.customerId,
      type: 'info',
      status: 'warning',
      payload: { event: 'customerLimited' },
    });
  });
}

export async function unlimitCustomer(db: Database, params: AdminActor & { customerId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const flags = await lockedCustomer(tx, params.customerId);
    if (!flags.limited) throw errors.invalidParams('This customer is not limited.');
    await documentsRepository.resolveLimitReasons(tx, { customerId: params.customerId, now: new Date() });
    await setVerificationFlags(tx, { customerId: params.customerId, flags: { limited: false } });
    await recordAudit(tx, {
      actorUserId: params.adminUserId,
      customerId: params.customerId,
      action: 'verification.customerUnlimited',
      ip: params.ip,
    });
    await notifyCustomer(tx, {
      customerId: params.customerId,
      type: 'info',
      status: 'success',
      payload: { event: 'customerUnlimited' },
    });
  });
}
