import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, errors } from './errors';

/**
 * Customer uploads (identity and address documents, limit-reason evidence). A file is accepted only
 * when its content — not its name or declared type — is one of the allowed formats, and only up to
 * the size limit; it is kept outside the web root, under a key the server made up, and read back
 * only through `openUpload` by a route that has checked who is asking. A refused file leaves
 * nothing behind.
 */

/** What the content must be; the names are the MIME types the file is served back with. */
export const ALLOWED_UPLOAD_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/heic'] as const;
export type UploadContentType = (typeof ALLOWED_UPLOAD_TYPES)[number];

/** A phone photo of a document is 2–6 MB; a scanned PDF rarely passes 10. */
export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Per request: an address proof with its additional and relationship documents fits well within. */
export const MAX_FILES_PER_REQUEST = 6;
/** The JSON data part and other text fields. */
const MAX_FIELD_BYTES = 16 * 1024;
const MAX_FIELDS = 10;
const MAX_FILE_NAME_LENGTH = 200;

export interface StoredUpload {
  storageKey: string;
  sizeBytes: number;
  contentType: UploadContentType;
  /** Hex digest of the content: duplicate detection and integrity. */
  sha256: string;
  /** The name the customer's device gave it, trimmed; for display only, never a path. */
  originalName: string;
}

/** Where upload bytes live: the filesystem by default, an S3-compatible bucket by configuration. */
export interface UploadStore {
  put(storageKey: string, content: Buffer): Promise<void>;
  open(storageKey: string): Promise<Readable>;
  remove(storageKey: string): Promise<void>;
}

/** Keys are made here, never taken from a request: `yyyy/mm/<uuid>`. */
const STORAGE_KEY_PATTERN = /^\d{4}\/\d{2}\/[0-9a-f-]{36}$/;

export function isStorageKey(value: string): boolean {
  return STORAGE_KEY_PATTERN.test(value);
}

function newStorageKey(now: Date): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${now.getUTCFullYear()}/${month}/${randomUUID()}`;
}

export function createFilesystemUploadStore(rootDir: string): UploadStore {
  const root = path.resolve(rootDir);
  function fileOf(storageKey: string): string {
    if (!isStorageKey(storageKey)) throw new Error(`Not an upload storage key: ${storageKey}`);
    return path.join(root, ...storageKey.split('/'));
  }
  return {
    async put(storageKey, content) {
      const file = fileOf(storageKey);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${file}.partial`;
      await writeFile(partial, content, { mode: 0o600, flag: 'wx' });
      await rename(partial, file);
    },
    async open(storageKey) {
      const file = fileOf(storageKey);
      await stat(file);
      return createReadStream(file);
    },
    async remove(storageKey) {
      await rm(fileOf(storageKey), { force: true });
    },
  };
}

export interface Uploads {
  readonly maxBytes: number;
  /** Checks and stores content already in memory (a multipart part read by `readUploadForm`). */
  accept(content: Buffer, originalName: string): Promise<StoredUpload>;
  open(storageKey: string): Promise<Readable>;
  remove(storageKey: string): Promise<void>;
}

export function uploadTooLarge(maxBytes: number): AppError {
  const megabytes = Math.floor(maxBytes / (1024 * 1024));
  return errors.invalidParams(`The file is larger than ${megabytes} MB.`);
}

export function uploadTypeRefused(): AppError {
  return errors.invalidParams('Upload a PDF, JPEG, PNG or HEIC file.');
}

function isAllowedType(mime: string): mime is UploadContentType {
  return (ALLOWED_UPLOAD_TYPES as readonly string[]).includes(mime);
}

/** file-type names HEIC image sequences and HEIF stills apart; all are what phones save photos as. */
function normalisedMime(mime: string): string {
  return mime === 'image/heif' || mime === 'image/heic-sequence' || mime === 'image/heif-sequence'
    ? 'image/heic'
    : mime;
}

function displayNameOf(originalName: string): string {
  const base = originalName.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters in a file name are never shown
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean === '' ? 'document' : clean).slice(0, MAX_FILE_NAME_LENGTH);
}

export function createUploads(options: { store: UploadStore; maxBytes?: number; now?: () => Date }): Uploads {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  const now = options.now ?? (() => new Date());
  return {
    maxBytes,
    async accept(content, originalName) {
      if (content.length > maxBytes) throw uploadTooLarge(maxBytes);
      if (content.length === 0) throw errors.invalidParams('The file is empty.');
      const detected = await fileTypeFromBuffer(content);
      const mime = detected === undefined ? undefined : normalisedMime(detected.mime);
      if (mime === undefined || !isAllowedType(mime)) throw uploadTypeRefused();
      const storageKey = newStorageKey(now());
      await options.store.put(storageKey, content);
      return {
        storageKey,
        sizeBytes: content.length,
        contentType: mime,
        sha256: createHash('sha256').update(content).digest('hex'),
        originalName: displayNameOf(originalName),
      };
    },
    open: (storageKey) => options.store.open(storageKey),
    remove: (storageKey) => options.store.remove(storageKey),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: Uploads;
  }
}

/**
 * Registers multipart parsing and the `uploads` decoration. Bytes go under `<dataDir>/uploads`,
 * which the web app's static handler never serves.
 */
export async function registerUploads(
  app: FastifyInstance,
  options: { dataDir: string; maxBytes?: number; store?: UploadStore },
): Promise<Uploads> {
  const uploads = createUploads({
    store: options.store ?? createFilesystemUploadStore(path.join(options.dataDir, 'uploads')),
    maxBytes: options.maxBytes,
  });
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: uploads.maxBytes,
      files: MAX_FILES_PER_REQUEST,
      fields: MAX_FIELDS,
      fieldSize: MAX_FIELD_BYTES,
      parts: MAX_FILES_PER_REQUEST + MAX_FIELDS,
    },
  });
  app.decorate('uploads', uploads);
  return uploads;
}

export interface UploadedPart {
  /** The multipart field name: `front`, `back`, `main`, `additional`, `relationship`… */
  field: string;
  upload: StoredUpload;
}

export interface UploadForm {
  /** Text fields by name; the JSON data part arrives here as its text. */
  fields: Record<string, string>;
  files: UploadedPart[];
}

function isFilePart(part: unknown): part is MultipartFile {
  return typeof part === 'object' && part !== null && 'file' in part && 'toBuffer' in part;
}

/** Names fastify-multipart gives its limit errors. */
const MULTIPART_LIMIT_CODES = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
]);

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

/**
 * Reads a whole multipart request: text fields, and the file parts whose field name is allowed.
 * Either every file is accepted and stored, or none is: on any refusal the ones already stored
 * are removed and the refusal is thrown. The caller removes them too if its own transaction fails
 * (`discardUploads`).
 */
export async function readUploadForm(
  request: FastifyRequest,
  options: { fileFields: readonly string[]; maxFiles?: number },
): Promise<UploadForm> {
  const { uploads } = request.server;
  if (!request.isMultipart()) throw errors.invalidParams('Send the files as multipart/form-data.');
  const maxFiles = Math.min(options.maxFiles ?? MAX_FILES_PER_REQUEST, MAX_FILES_PER_REQUEST);
  const form: UploadForm = { fields: {}, files: [] };
  try {
    for await (const part of request.parts()) {
      if (isFilePart(part)) {
        if (!options.fileFields.includes(part.fieldname)) {
          const field = part.fieldname.slice(0, 40);
          throw errors.invalidParams(`Unexpected file field ${field}.`);
        }
        if (form.files.length >= maxFiles) throw errors.invalidParams(`At most ${maxFiles} files at once.`);
        const content = await part.toBuffer();
        form.files.push({ field: part.fieldname, upload: await uploads.accept(content, part.filename) });
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    await discardUploads(
      uploads,
      form.files.map((file) => file.upload),
    );
    if (error instanceof AppError) throw error;
    const code = codeOf(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw uploadTooLarge(uploads.maxBytes);
    if (code !== undefined && MULTIPART_LIMIT_CODES.has(code)) throw errors.invalidParams('The upload is not valid.');
    throw error;
  }
  return form;
}

/** Removes stored files whose database rows were never written (a refusal or a rolled-back transaction). */
export async function discardUploads(uploads: Uploads, stored: readonly StoredUpload[]): Promise<void> {
  await Promise.all(stored.map((upload) => uploads.remove(upload.storageKey)));
}

/** Reads an upload back, for a route that has already checked the caller may see it. */
export function openUpload(uploads: Uploads, storageKey: string): Promise<Readable> {
  return uploads.open(storageKey);
}
