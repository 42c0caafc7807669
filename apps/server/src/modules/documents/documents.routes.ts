import {
  addressProofUploadDataSchema,
  dueDiligenceUploadDataSchema,
  identityUploadDataSchema,
  limitReasonUploadDataSchema,
  uploadResultSchema,
  type DocumentSide,
} from '@app/shared/api/documents';
import type { Language } from '@app/shared/constants';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { bearerTokenOf } from '../../platform/access-token';
import { recordAudit } from '../../platform/audit';
import { errors, validationErrorsOf } from '../../platform/errors';
import { languageOf, parsedIn } from '../../platform/request-language';
import { discardUploads, openUpload, readUploadForm, type StoredUpload, type UploadForm } from '../../platform/uploads';
import { fileCallerOf, type FileAccessOptions, type FileCaller } from '../accounts/file-access.service';
import * as documentsService from './documents.service';
import * as limitsService from './limit-reasons.service';

/**
 * Document uploads and downloads (multipart in, bytes out). Every check runs before anything is
 * written: a refused request leaves no row and no file. Files are served only to their owner
 * customer and to administrators.
 */
export interface DocumentsRoutesOptions extends FileAccessOptions {
  /** Per client address, for uploads and downloads alike. */
  requestsPerMinute: number;
}

const SIDE_FIELDS = ['front', 'back', 'single'] as const satisfies readonly DocumentSide[];
const fileParamsSchema = z.object({ fileId: z.coerce.number().int().positive().max(2_147_483_647) });

function dataOf<T extends z.ZodType>(form: UploadForm, schema: T, language: Language): z.output<T> {
  const raw = form.fields.data;
  if (raw === undefined) throw errors.invalidParams('The data part is missing.');
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw errors.invalidParams('The data part must be JSON.');
  }
  const parsed = schema.safeParse(json, parsedIn(language));
  if (!parsed.success) throw errors.validation(validationErrorsOf(parsed.error));
  return parsed.data;
}

/** Runs the write with the stored files; removes them if it fails, so no orphan bytes stay behind. */
async function withUploads<T>(
  request: FastifyRequest,
  form: UploadForm,
  write: (uploads: StoredUpload[]) => Promise<T>,
): Promise<T> {
  const stored = form.files.map((file) => file.upload);
  try {
    return await write(stored);
  } catch (error) {
    await discardUploads(request.server.uploads, stored);
    throw error;
  }
}

export const documentsRoutes: FastifyPluginAsyncZod<DocumentsRoutesOptions> = (app, options) => {
  const rateLimit = { max: options.requestsPerMinute, timeWindow: '1 minute' };
  const db: Database = options.db;

  async function audited(
    tx: Database,
    caller: FileCaller,
    request: FastifyRequest,
    action: string,
    documentId: number,
  ) {
    await recordAudit(tx, {
      actorUserId: caller.session.userId,
      customerId: caller.customerId,
      action,
      details: { documentId },
      ip: request.ip,
    });
  }

  /**
   * One multipart upload route. `prepare` holds the checks that need no database, so a bad request
   * fails before a transaction opens; `create` writes the document inside it, and the audit entry
   * commits or rolls back with it.
   */
  function uploadRoute<S extends z.ZodType, I>(spec: {
    url: string;
    summary: string;
    fileFields: readonly string[];
    maxFiles: number;
    dataSchema: S;
    prepare: (data: z.output<S>, form: UploadForm) => I;
    create: (tx: Database, caller: FileCaller, input: I) => Promise<{ documentId: number }>;
    auditAction: string;
  }) {
    app.post(
      spec.url,
      {
        schema: {
          tags: ['Documents'],
          summary: spec.summary,
          security: [{ bearerAuth: [] }],
          response: { 200: uploadResultSchema.extend({ responseCode: z.literal('00') }) },
        },
        config: { rateLimit },
      },
      async (request) => {
        const caller = await fileCallerOf(request, options);
        const form = await readUploadForm(request, { fileFields: spec.fileFields, maxFiles: spec.maxFiles });
        const result = await withUploads(request, form, async () => {
          const input = spec.prepare(dataOf(form, spec.dataSchema, languageOf(request)), form);
          return db.transaction(async (tx) => {
            const created = await spec.create(tx, caller, input);
            await audited(tx, caller, request, spec.auditAction, created.documentId);
            return created;
          });
        });
        return { responseCode: '00' as const, ...result };
      },
    );
  }

  /** The one file of a single-file upload, under `field`. */
  function attachedFile(form: UploadForm, field: string): StoredUpload {
    const upload = form.files[0]?.upload;
    if (upload === undefined) throw errors.validation([{ field, message: 'Attach the document.' }]);
    return upload;
  }

  uploadRoute({
    url: '/documents/identity',
    summary: 'Upload an identity document: a JSON `data` part and the `front` and `back` (or `single`) files.',
    fileFields: SIDE_FIELDS,
    maxFiles: 2,
    dataSchema: identityUploadDataSchema,
    prepare: (data, form) => ({
      data,
      files: form.files.map((file) => ({ side: file.field as DocumentSide, upload: file.upload })),
    }),
    create: (tx, caller, { data, files }) =>
      documentsService.createIdentityDocument(tx, {
        customerId: caller.customerId,
        uploadedByUserId: caller.session.userId,
        documentTypeId: data.documentTypeId,
        issuingCountryCode: data.issuingCountryCode,
        issuedDate: data.issuedDate,
        expiresDate: data.expiresDate,
        files,
      }),
    auditAction: 'documents.identityUploaded',
  });

  uploadRoute({
    url: '/documents/address-proof',
    summary: 'Upload a proof of address: a JSON `data` part and the `main` file.',
    fileFields: ['main'],
    maxFiles: 1,
    dataSchema: addressProofUploadDataSchema,
    prepare: (data, form) => ({ data, upload: attachedFile(form, 'main') }),
    create: (tx, caller, { data, upload }) =>
      documentsService.createSingleDocument(tx, {
        customerId: caller.customerId,
        uploadedByUserId: caller.session.userId,
        kind: 'address',
        documentTypeId: data.documentTypeId,
        issuedDate: data.issuedDate,
        upload,
      }),
    auditAction: 'documents.addressProofUploaded',
  });

  uploadRoute({
    url: '/documents/limit-reason',
    summary: 'Upload a document a limit reason requires: a JSON `data` part and the `single` file.',
    fileFields: ['single'],
    maxFiles: 1,
    dataSchema: limitReasonUploadDataSchema,
    prepare: (data, form) => ({ data, upload: attachedFile(form, 'single') }),
    create: async (tx, caller, { data, upload }) => {
      await limitsService.assertRequirementOpen(tx, {
        customerId: caller.customerId,
        limitReasonId: data.limitReasonId,
        documentTypeId: data.documentTypeId,
      });
      return documentsService.createSingleDocument(tx, {
        customerId: caller.customerId,
        uploadedByUserId: caller.session.userId,
        kind: 'limitReason',
        documentTypeId: data.documentTypeId,
        limitReasonId: data.limitReasonId,
        upload,
      });
    },
    auditAction: 'documents.limitDocumentUploaded',
  });

  uploadRoute({
    url: '/documents/due-diligence',
    summary: 'Upload a document due diligence asks for: a JSON `data` part and the `single` file.',
    fileFields: ['single'],
    maxFiles: 1,
    dataSchema: dueDiligenceUploadDataSchema,
    prepare: (data, form) => ({ data, upload: attachedFile(form, 'single') }),
    create: async (tx, caller, { data, upload }) => {
      await limitsService.assertDueDiligenceType(tx, {
        customerId: caller.customerId,
        documentTypeId: data.documentTypeId,
      });
      return documentsService.createSingleDocument(tx, {
        customerId: caller.customerId,
        uploadedByUserId: caller.session.userId,
        kind: 'dueDiligence',
        documentTypeId: data.documentTypeId,
        upload,
      });
    },
    auditAction: 'documents.dueDiligenceUploaded',
  });

  app.get(
    '/files/documents/:fileId',
    {
      schema: {
        tags: ['Files'],
        summary: 'One scan of an uploaded document, for its owner customer or an administrator.',
        security: [{ bearerAuth: [] }],
        params: fileParamsSchema,
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      const token = bearerTokenOf(request.headers.authorization);
      if (token === undefined) throw errors.auth('Please sign in to continue.');
      const session = await options.accessTokens.verify(token);
      if (session === null) throw errors.auth();
      // An administrator reviews any customer's document; everyone else only their own.
      const customerId = session.isAdmin ? null : (await fileCallerOf(request, options)).customerId;
      const file = await documentsService.readableFile(db, {
        fileId: request.params.fileId,
        customerId,
        isAdmin: session.isAdmin,
      });
      if (session.isAdmin) {
        await recordAudit(db, {
          actorUserId: session.userId,
          customerId: file.customerId,
          action: 'documents.fileViewed',
          details: { fileId: file.id, documentId: file.documentId },
          ip: request.ip,
        });
      }
      const stream = await openUpload(request.server.uploads, file.storageKey);
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-length', String(file.sizeBytes))
        .header('content-disposition', `inline; filename="document-${file.id}"`)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(stream);
    },
  );
  return Promise.resolve();
};
