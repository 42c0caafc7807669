import { DUE_DILIGENCE_DOCUMENT_TYPE_IDS, hasDueDiligenceInfo } from '@app/shared/api/verification';
import type { Database } from '../../db/client';
import { errors } from '../../platform/errors';
import { verificationFlagsOf } from '../customers/customers.service';
import { documentsOf } from '../documents/documents.service';

/**
 * Due-diligence info (spec 000 §7: only for levels 1 and 4): the documents the customer's level
 * asks for and what was uploaded for each.
 */
export async function dueDiligenceInfoOf(db: Database, params: { customerId: number }) {
  const flags = await verificationFlagsOf(db, params);
  if (!hasDueDiligenceInfo(flags.dueDiligenceLevel)) {
    throw errors.invalidParams('Due diligence asks nothing of this customer.');
  }
  const documents = (await documentsOf(db, params)).filter((document) => document.kind === 'dueDiligence');
  return {
    dueDiligenceLevel: flags.dueDiligenceLevel,
    requirementDocuments: (DUE_DILIGENCE_DOCUMENT_TYPE_IDS[flags.dueDiligenceLevel] ?? []).map((documentTypeId) => ({
      documentTypeId,
      uploadedDocuments: documents
        .filter((document) => document.documentTypeId === documentTypeId)
        .map((document) => ({ id: document.id, statusId: document.statusId })),
    })),
  };
}
