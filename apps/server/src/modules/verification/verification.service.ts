import { DocumentStatus, isPendingDocumentStatus, type UploadedDocument } from '@app/shared/api/documents';
import type { ContactAddressStatus } from '@app/shared/api/profile';
import {
  verificationSummaryOf,
  type AddressState,
  type IdentityState,
  type VerificationInput,
  type VerificationSummary,
} from '@app/shared/verification-status';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { errors } from '../../platform/errors';
import { setVerificationFlags, verificationFlagsOf } from '../customers/customers.service';
import { documentsOf, hasDuplicateDocuments, videoIdentityStatusOf } from '../documents/documents.service';
import { limitReasonsOf } from '../documents/limit-reasons.service';
import { contactFactsOf } from '../profile/profile.service';

/**
 * Assembles what the verification status needs from the domains that own each fact — the
 * customer's flags, their documents, the profile's phones and address — and hands it to the one
 * shared computation (packages/shared/src/verification-status.ts).
 */

/** The newest identity document decides; an expired one is as good as none. */
export function identityStateOf(documents: readonly UploadedDocument[]): IdentityState {
  const latest = documents
    .filter((document) => document.kind === 'identity')
    .reduce<UploadedDocument | undefined>(
      (newest, document) => (newest === undefined || document.id > newest.id ? document : newest),
      undefined,
    );
  if (latest === undefined) return 'missing';
  switch (latest.statusId) {
    case DocumentStatus.confirmed:
      return 'confirmed';
    case DocumentStatus.nameMismatch:
      return 'nameMismatch';
    case DocumentStatus.rejected:
      return 'rejected';
    case DocumentStatus.expired:
      return 'missing';
    default:
      return isPendingDocumentStatus(latest.statusId) ? 'pending' : 'missing';
  }
}

/** The profile's finer address statuses: anything the customer must act on is a problem. */
export function addressStateOf(status: ContactAddressStatus): AddressState {
  switch (status) {
    case 'confirmed':
      return 'confirmed';
    case 'pending':
      return 'pending';
    case 'none':
    case 'rejected':
    case 'problem':
      return 'problem';
  }
}

/**
 * An account verified with no document of a kind on file was verified outside this flow (by the
 * back office, or before uploads existed): there is nothing missing to ask for. Once it uploads a
 * document of that kind, the document's own status counts again.
 */
function hasNothingOnFile(
  isVerified: boolean,
  kind: 'identity' | 'address',
  documents: readonly UploadedDocument[],
): boolean {
  return isVerified && !documents.some((document) => document.kind === kind);
}

export async function verificationInputOf(db: Database, params: { customerId: number }): Promise<VerificationInput> {
  const [flags, documents, contact, limitReasons, isDuplicate, videoIdentity] = await Promise.all([
    verificationFlagsOf(db, params),
    documentsOf(db, params),
    contactFactsOf(db, params),
    limitReasonsOf(db, params),
    hasDuplicateDocuments(db, params),
    videoIdentityStatusOf(db, params),
  ]);
  return {
    // A company's people act for a business whose checks are the company's own (business KYC).
    isRepresentative: flags.customerType === 'business',
    isVerified: flags.verified,
    isLimited: flags.limited,
    limitRequirements: limitReasons.flatMap((reason) =>
      reason.requirementDocuments.map((requirement) => ({
        uploadedStatusIds: requirement.uploadedDocuments.map((document) => document.statusId),
      })),
    ),
    hasDuplicateDocuments: isDuplicate,
    // No card product asks for an address document yet (the profile reports none).
    isCardDocumentRequired: false,
    address:
      hasNothingOnFile(flags.verified, 'address', documents) && contact.addressStatus === 'none'
        ? 'confirmed'
        : addressStateOf(contact.addressStatus),
    identity: hasNothingOnFile(flags.verified, 'identity', documents) ? 'confirmed' : identityStateOf(documents),
    hasUnconfirmedPhone: contact.hasUnconfirmedPhone,
    videoIdentity,
    hasDocumentsInReview: documents.some((document) => document.statusId === DocumentStatus.pendingReview),
  };
}

export async function verificationSummaryFor(
  db: Database,
  params: { customerId: number },
): Promise<VerificationSummary> {
  return verificationSummaryOf(await verificationInputOf(db, params));
}

/**
 * The KYC request (spec 000 §7): the customer has uploaded an identity document and a proof of
 * address, so the documents go to review and the after-login routing stops sending them to kyc.
 */
export async function submitKycRequest(
  db: Database,
  params: { customerId: number; userId: number; ip: string | null },
): Promise<VerificationSummary> {
  await db.transaction(async (tx) => {
    const flags = await verificationFlagsOf(tx, { customerId: params.customerId, forUpdate: true });
    if (flags.customerType !== 'personal') throw errors.noAccess('Business customers verify through business KYC.');
    const documents = await documentsOf(tx, params);
    const hasIdentity = identityStateOf(documents) !== 'missing';
    const hasAddressProof = documents.some(
      (document) =>
        document.kind === 'address' && document.role === 'main' && document.statusId !== DocumentStatus.rejected,
    );
    const missing = [
      ...(hasIdentity ? [] : [{ field: 'identity', message: 'Upload your identity document.' }]),
      ...(hasAddressProof ? [] : [{ field: 'address', message: 'Upload a proof of address.' }]),
    ];
    if (missing.length > 0) throw errors.validation(missing);
    if (flags.isNeedKyc) {
      await setVerificationFlags(tx, { customerId: params.customerId, flags: { isNeedKyc: false } });
    }
    await recordAudit(tx, {
      actorUserId: params.userId,
      customerId: params.customerId,
      action: 'verification.kycRequested',
      ip: params.ip,
    });
  });
  return verificationSummaryFor(db, { customerId: params.customerId });
}
