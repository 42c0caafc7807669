import assert from 'node:assert/strict';
import {
  confirmationOf,
  DocumentStatus,
  requiresBothSides,
  type AddressDocumentRole,
  type DocumentKind,
  type DocumentSide,
  type UploadedDocument,
  type VideoIdentityStatus,
} from '@app/shared/api/documents';
import type { Database } from '../../db/client';
import { errors } from '../../platform/errors';
import type { StoredUpload } from '../../platform/uploads';
import * as repository from './documents.repository';

/** Rules of the documents domain: what a submission must hold, who may read a file. */

/** A customer's document list is short; this bounds one answer. */
export const MAX_DOCUMENTS_LISTED = 200;

export interface AddressDocumentFile extends StoredUpload {
  role: AddressDocumentRole;
}

export interface CreateAddressDocuments {
  customerId: number;
  uploadedByUserId: number;
  kind: 'address';
  addressId: number;
  /** The proof type of the main document; supporting files default to it. */
  documentTypeId?: number;
  issuedDate?: string;
  files: AddressDocumentFile[];
}

/**
 * Records the documents of a submitted address, inside the caller's transaction: one document per
 * file, the 'main' one proving the address and the others supporting it. At least one main file.
 */
export async function createDocuments(
  db: Database,
  params: CreateAddressDocuments,
): Promise<{ documentIds: number[] }> {
  if (!params.files.some((file) => file.role === 'main')) {
    throw errors.invalidParams('Attach the document that proves the address.');
  }
  const documentIds: number[] = [];
  for (const file of params.files) {
    const document = await repository.insertDocument(db, {
      customerId: params.customerId,
      kind: params.kind,
      documentTypeId: params.documentTypeId ?? 20,
      role: file.role,
      addressId: params.addressId,
      issuedDate: params.issuedDate ?? null,
      uploadedByUserId: params.uploadedByUserId,
      statusId: DocumentStatus.pendingReview,
    });
    await repository.insertDocumentFiles(db, [fileRowOf(document, 'single', file)]);
    documentIds.push(document.id);
  }
  return { documentIds };
}

function fileRowOf(
  document: repository.DocumentRow,
  side: DocumentSide,
  upload: StoredUpload,
): repository.NewDocumentFile {
  return {
    documentId: document.id,
    customerId: document.customerId,
    side,
    storageKey: upload.storageKey,
    sizeBytes: upload.sizeBytes,
    contentType: upload.contentType,
    sha256: upload.sha256,
    originalName: upload.originalName,
  };
}

export interface IdentitySubmission {
  customerId: number;
  uploadedByUserId: number;
  documentTypeId: number;
  issuingCountryCode: string;
  issuedDate?: string;
  expiresDate?: string;
  /** By side: 'front' and 'back', or 'single'. */
  files: { side: DocumentSide; upload: StoredUpload }[];
}

/** Spec 001 §5: both sides for types 4 and 5, and 88 issued in RU or UA; one scan otherwise. */
export function checkIdentitySides(
  submission: Pick<IdentitySubmission, 'documentTypeId' | 'issuingCountryCode' | 'files'>,
): void {
  const sides = submission.files.map((file) => file.side);
  const hasSide = (side: DocumentSide) => sides.includes(side);
  if (new Set(sides).size !== sides.length) throw errors.invalidParams('Each side can be uploaded once.');
  if (requiresBothSides(submission.documentTypeId, submission.issuingCountryCode)) {
    if (!hasSide('front') || !hasSide('back') || sides.length !== 2) {
      throw errors.validation([{ field: 'back', message: 'Upload both the front and the back of the document.' }]);
    }
    return;
  }
  if (sides.length === 0) throw errors.validation([{ field: 'front', message: 'Upload the document.' }]);
  if (hasSide('back') && !hasSide('front')) {
    throw errors.validation([{ field: 'front', message: 'Upload the front of the document.' }]);
  }
}

export async function createIdentityDocument(
  db: Database,
  submission: IdentitySubmission,
): Promise<{ documentId: number }> {
  checkIdentitySides(submission);
  if (submission.expiresDate !== undefined && submission.expiresDate <= new Date().toISOString().slice(0, 10)) {
    throw errors.validation([{ field: 'expiresDate', message: 'This document has expired.' }]);
  }
  const document = await repository.insertDocument(db, {
    customerId: submission.customerId,
    kind: 'identity',
    documentTypeId: submission.documentTypeId,
    issuedDate: submission.issuedDate ?? null,
    expiresDate: submission.expiresDate ?? null,
    uploadedByUserId: submission.uploadedByUserId,
    statusId: DocumentStatus.pendingReview,
  });
  await repository.insertDocumentFiles(
    db,
    submission.files.map((file) => fileRowOf(document, file.side, file.upload)),
  );
  return { documentId: document.id };
}

export async function createSingleDocument(
  db: Database,
  params: {
    customerId: number;
    uploadedByUserId: number;
    kind: DocumentKind;
    documentTypeId: number;
    limitReasonId?: number;
    issuedDate?: string;
    upload: StoredUpload;
  },
): Promise<{ documentId: number }> {
  const document = await repository.insertDocument(db, {
    customerId: params.customerId,
    kind: params.kind,
    documentTypeId: params.documentTypeId,
    limitReasonId: params.limitReasonId ?? null,
    issuedDate: params.issuedDate ?? null,
    uploadedByUserId: params.uploadedByUserId,
    statusId: DocumentStatus.pendingReview,
  });
  await repository.insertDocumentFiles(db, [fileRowOf(document, 'single', params.upload)]);
  return { documentId: document.id };
}

export function uploadedDocumentOf(row: repository.DocumentRow, files: repository.DocumentFileRow[]): UploadedDocument {
  return {
    id: row.id,
    kind: row.kind,
    documentTypeId: row.documentTypeId,
    statusId: row.statusId,
    confirmation: confirmationOf(row.statusId),
    isSubDocument: row.role !== 'main',
    role: row.role,
    addressId: row.addressId ?? undefined,
    limitReasonId: row.limitReasonId ?? undefined,
    issuedDate: row.issuedDate ?? undefined,
    expiresDate: row.expiresDate ?? undefined,
    rejectReason: row.rejectReason ?? undefined,
    uploaded: row.createdAt.toISOString(),
    files: files
      .filter((file) => file.documentId === row.id)
      .map((file) => ({
        id: file.id,
        side: file.side,
        contentType: file.contentType,
        sizeBytes: file.sizeBytes,
        originalName: file.originalName,
      })),
  };
}

export async function documentsOf(db: Database, params: { customerId: number }): Promise<UploadedDocument[]> {
  const rows = await repository.findDocumentsOfCustomer(db, {
    customerId: params.customerId,
    limit: MAX_DOCUMENTS_LISTED,
  });
  const files = await repository.findFilesOfDocuments(db, { documentIds: rows.map((row) => row.id) });
  return rows.map((row) => uploadedDocumentOf(row, files));
}

/** Address documents as the profile domain lists them under each address (spec 001 §3 uploadedDocuments). */
export async function addressDocumentsOf(db: Database, params: { customerId: number }): Promise<UploadedDocument[]> {
  return (await documentsOf(db, params)).filter((document) => document.kind === 'address');
}

/**
 * The file a caller asked for, if they may see it: its owner customer, or an administrator.
 * Another customer's file answers exactly like a missing one, so ids reveal nothing.
 */
export async function readableFile(
  db: Database,
  params: { fileId: number; customerId: number | null; isAdmin: boolean },
): Promise<repository.DocumentFileRow> {
  const file = await repository.findFileById(db, { fileId: params.fileId });
  if (file === null || (!params.isAdmin && file.customerId !== params.customerId)) {
    throw errors.noAccess('This document does not exist or is not yours.');
  }
  assert.ok(file.storageKey.length > 0);
  return file;
}

/** Whether a file of this customer has the same content as another customer's (spec 000 §4 duplicateDocuments). */
export function hasDuplicateDocuments(db: Database, params: { customerId: number }): Promise<boolean> {
  return repository.hasDuplicateOfOtherCustomer(db, params);
}

/**
 * Spec 001 §4 verification status of the video identity: from the newest session, 'notRequired'
 * when the customer never started one (no rule here requires it).
 */
export async function videoIdentityStatusOf(
  db: Database,
  params: { customerId: number },
): Promise<VideoIdentityStatus> {
  const latest = await repository.findLatestVideoIdentityJob(db, params);
  if (latest === null) return 'notRequired';
  return latest.status;
}
