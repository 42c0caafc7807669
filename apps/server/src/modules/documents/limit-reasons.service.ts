import type { LimitReason } from '@app/shared/api/documents';
import { DUE_DILIGENCE_DOCUMENT_TYPE_IDS } from '@app/shared/api/verification';
import type { Database } from '../../db/client';
import { errors } from '../../platform/errors';
import { verificationFlagsOf } from '../customers/customers.service';
import * as repository from './documents.repository';

/**
 * Limit reasons (spec 000 §3 "Limit info"): why an administrator limited the customer and which
 * documents lift it. The customer uploads against an open reason and a type it requires.
 */

export const MAX_LIMIT_REASONS = 10;
export const MAX_REQUIRED_DOCUMENTS = 10;

export async function limitReasonsOf(db: Database, params: { customerId: number }): Promise<LimitReason[]> {
  const reasons = await repository.findOpenLimitReasons(db, params);
  if (reasons.length === 0) return [];
  const documents = await repository.findDocumentsOfCustomer(db, { customerId: params.customerId, limit: 200 });
  return reasons.map((reason) => ({
    id: reason.id,
    actionTypeId: reason.actionTypeId,
    reason: reason.reason,
    createdAt: reason.createdAt.toISOString(),
    requirementDocuments: reason.requiredDocumentTypeIds.map((documentTypeId) => ({
      documentTypeId,
      uploadedDocuments: documents
        .filter(
          (document) =>
            document.kind === 'limitReason' &&
            document.limitReasonId === reason.id &&
            document.documentTypeId === documentTypeId,
        )
        .map((document) => ({ id: document.id, statusId: document.statusId })),
    })),
  }));
}

/** The upload must answer an open reason of this customer that asks for this document type. */
export async function assertRequirementOpen(
  db: Database,
  params: { customerId: number; limitReasonId: number; documentTypeId: number },
): Promise<void> {
  const reasons = await repository.findOpenLimitReasons(db, { customerId: params.customerId });
  const reason = reasons.find((candidate) => candidate.id === params.limitReasonId);
  // Another customer's reason answers like a missing one.
  if (reason === undefined) throw errors.noAccess('This limit reason does not exist or is resolved.');
  if (!reason.requiredDocumentTypeIds.includes(params.documentTypeId)) {
    throw errors.validation([{ field: 'documentTypeId', message: 'This reason does not ask for that document.' }]);
  }
}

/** A due-diligence upload must be a type the customer's level asks for (spec 000 §7, levels 1 and 4). */
export async function assertDueDiligenceType(
  db: Database,
  params: { customerId: number; documentTypeId: number },
): Promise<void> {
  const flags = await verificationFlagsOf(db, params);
  const allowed = DUE_DILIGENCE_DOCUMENT_TYPE_IDS[flags.dueDiligenceLevel] ?? [];
  if (!allowed.includes(params.documentTypeId)) {
    throw errors.validation([
      { field: 'documentTypeId', message: 'Your due diligence does not ask for this document.' },
    ]);
  }
}
