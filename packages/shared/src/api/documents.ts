import { z } from 'zod';
import { defineMethod } from './method';

/**
 * Customer documents, limit reasons and video identity (spec 000 §3 "Personal documents",
 * "Limit info"; 001 §4 "Documents"). Files travel as multipart to the REST routes under
 * `/documents`; these methods read and review what was uploaded.
 */

export const DOCUMENT_KINDS = ['identity', 'address', 'limitReason', 'dueDiligence'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** 'single' for a one-page scan; identity cards have a front and a back. */
export const DOCUMENT_SIDES = ['single', 'front', 'back'] as const;
export type DocumentSide = (typeof DOCUMENT_SIDES)[number];

export const ADDRESS_DOCUMENT_ROLES = ['main', 'additional', 'relationship'] as const;
export type AddressDocumentRole = (typeof ADDRESS_DOCUMENT_ROLES)[number];

/** Spec 001 §4: confirmed 2, name mismatch 64, pending 41 or 0, rejected 4, expired 38. */
export const DocumentStatus = {
  pendingUpload: 0,
  confirmed: 2,
  rejected: 4,
  expired: 38,
  pendingReview: 41,
  nameMismatch: 64,
} as const;
export type DocumentStatusId = (typeof DocumentStatus)[keyof typeof DocumentStatus];
export const DOCUMENT_STATUS_IDS = [0, 2, 4, 38, 41, 64] as const;

export function isPendingDocumentStatus(statusId: number): boolean {
  return statusId === DocumentStatus.pendingReview || statusId === DocumentStatus.pendingUpload;
}

/** Spec 001 §4 confirmation: 0 unconfirmed, 1 confirmed, 2 pending, 3 rejected, 4 name mismatch. */
export const Confirmation = { unconfirmed: 0, confirmed: 1, pending: 2, rejected: 3, nameMismatch: 4 } as const;
export type ConfirmationValue = (typeof Confirmation)[keyof typeof Confirmation];

export function confirmationOf(statusId: number | undefined): ConfirmationValue {
  switch (statusId) {
    case undefined:
      return Confirmation.unconfirmed;
    case DocumentStatus.confirmed:
      return Confirmation.confirmed;
    case DocumentStatus.nameMismatch:
      return Confirmation.nameMismatch;
    case DocumentStatus.rejected:
    case DocumentStatus.expired:
      return Confirmation.rejected;
    default:
      return isPendingDocumentStatus(statusId) ? Confirmation.pending : Confirmation.unconfirmed;
  }
}

/** Identity document types (category 1) the KYC screen offers. */
export const IdentityDocumentType = { passport: 4, identityCard: 5, drivingLicence: 6, internalPassport: 88 } as const;
export const IDENTITY_DOCUMENT_TYPE_IDS = [4, 5, 6, 88] as const;
/** Address proof types (category 2). */
export const AddressDocumentType = { utilityBill: 20, bankStatement: 21, residencePermit: 22, taxLetter: 23 } as const;
export const ADDRESS_DOCUMENT_TYPE_IDS = [20, 21, 22, 23] as const;
/** Evidence an administrator may require when limiting a customer (categories 5 and 11). */
export const LIMIT_DOCUMENT_TYPE_IDS = [4, 5, 20, 21, 50, 51, 52] as const;
export const DOCUMENT_TYPE_IDS = [4, 5, 6, 88, 20, 21, 22, 23, 50, 51, 52] as const;
export type DocumentTypeId = (typeof DOCUMENT_TYPE_IDS)[number];

/**
 * Spec 001 §5: front and back are required for types 4 and 5, and for 88 in RU and UA only.
 * `countryCode` is the issuing country (ISO 3166-1 alpha-2).
 */
export function requiresBothSides(documentTypeId: number, countryCode: string | undefined): boolean {
  if (documentTypeId === 4 || documentTypeId === 5) return true;
  const country = countryCode?.toUpperCase();
  return documentTypeId === 88 && (country === 'RU' || country === 'UA');
}

/** Spec 001 §4 verification status strings; none or rejected allow re-submission. */
export const VIDEO_IDENTITY_STATUSES = ['validated', 'pending', 'none', 'notRequired', 'rejected'] as const;
export type VideoIdentityStatus = (typeof VIDEO_IDENTITY_STATUSES)[number];
export const VIDEO_IDENTITY_JOB_STATUSES = ['pending', 'validated', 'rejected'] as const;
export type VideoIdentityJobStatus = (typeof VIDEO_IDENTITY_JOB_STATUSES)[number];

export const MAX_REJECT_REASON_LENGTH = 500;
const dateOnly = z.iso.date();

export const documentFileSchema = z.object({
  id: z.number().int(),
  side: z.enum(DOCUMENT_SIDES),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  originalName: z.string(),
});

export const uploadedDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  documentTypeId: z.number().int(),
  statusId: z.number().int(),
  confirmation: z.number().int(),
  /** Address supporting documents (additional, relationship) are sub-documents of the main one. */
  isSubDocument: z.boolean(),
  role: z.enum(ADDRESS_DOCUMENT_ROLES),
  addressId: z.number().int().optional(),
  limitReasonId: z.number().int().optional(),
  issuedDate: z.string().optional(),
  expiresDate: z.string().optional(),
  rejectReason: z.string().optional(),
  uploaded: z.string(),
  files: z.array(documentFileSchema),
});
export type UploadedDocument = z.infer<typeof uploadedDocumentSchema>;

/** The JSON `data` part of an identity upload; the files are `front` and `back`, or `single`. */
export const identityUploadDataSchema = z.object({
  documentTypeId: z.union(IDENTITY_DOCUMENT_TYPE_IDS.map((id) => z.literal(id))),
  issuingCountryCode: z.string().regex(/^[A-Z]{2}$/, 'A two-letter country code'),
  issuedDate: dateOnly.optional(),
  expiresDate: dateOnly.optional(),
});
export type IdentityUploadData = z.infer<typeof identityUploadDataSchema>;

/** The JSON `data` part of a proof-of-address upload made from the KYC screen; the file is `main`. */
export const addressProofUploadDataSchema = z.object({
  documentTypeId: z.union(ADDRESS_DOCUMENT_TYPE_IDS.map((id) => z.literal(id))),
  issuedDate: dateOnly.optional(),
});

export const limitReasonUploadDataSchema = z.object({
  limitReasonId: z.number().int().positive(),
  documentTypeId: z.number().int().positive(),
});

export const dueDiligenceUploadDataSchema = z.object({ documentTypeId: z.number().int().positive() });

export const uploadResultSchema = z.object({ documentId: z.number().int() });

export const customerDocumentsGet = defineMethod({
  name: 'customerDocumentsGet',
  summary: 'The documents the customer uploaded (identity, address, limit evidence) with their review status.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({}),
  output: z.object({
    documents: z.array(uploadedDocumentSchema),
    videoIdentityStatus: z.enum(VIDEO_IDENTITY_STATUSES),
  }),
});

export const limitReasonSchema = z.object({
  id: z.number().int(),
  actionTypeId: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
  requirementDocuments: z.array(
    z.object({
      documentTypeId: z.number().int(),
      uploadedDocuments: z.array(z.object({ id: z.number().int(), statusId: z.number().int() })),
    }),
  ),
});
export type LimitReason = z.infer<typeof limitReasonSchema>;

export const customerLimitReasonGet = defineMethod({
  name: 'customerLimitReasonGet',
  summary: 'Why the customer is limited and which documents lift the limit (spec 000 §3 "Limit info").',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({}),
  output: z.object({ reasons: z.array(limitReasonSchema) }),
});

export const videoIdentityJobSchema = z.object({
  id: z.string(),
  status: z.enum(VIDEO_IDENTITY_JOB_STATUSES),
  provider: z.string(),
  isSandbox: z.boolean(),
  createdAt: z.string(),
  completedAt: z.string().optional(),
  failureReason: z.string().optional(),
});

export const videoIdentityJobCreate = defineMethod({
  name: 'videoIdentityJobCreate',
  summary: 'Starts a video identity session with the provider; the page video-identity-job/{id} follows it.',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({}),
  output: z.object({ job: videoIdentityJobSchema }),
});

export const videoIdentityJobGet = defineMethod({
  name: 'videoIdentityJobGet',
  summary: "One of the customer's video identity sessions.",
  access: 'customer',
  actsForCustomer: false,
  input: z.object({ id: z.uuid() }),
  output: z.object({ job: videoIdentityJobSchema }),
});
