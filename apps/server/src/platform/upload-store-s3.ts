import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { isStorageKey, type UploadStore } from './uploads';

/**
 * Upload bytes in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), chosen by `UPLOAD_STORE=s3`.
 * Storage keys stay what the filesystem store uses (`yyyy/mm/<uuid>`), so moving the files between
 * the two is a copy. The bucket is never served directly: bytes go out only through `openUpload`,
 * after the route has checked who is asking.
 */
export interface S3UploadStoreOptions {
  /** Unset: AWS S3 itself, for the region. Set for any other S3-compatible server. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key`; most self-hosted servers need it. */
  forcePathStyle: boolean;
  /** Folder names ending in `/`, for a bucket shared with other data; empty: keys at the bucket's root. */
  keyPrefix?: string;
}

export interface S3UploadStore extends UploadStore {
  /** Closes the client's kept-alive connections; the store is unusable afterwards. */
  close(): void;
}

/** One retry for a dropped connection or a throttled request, then the upload fails. */
const MAX_ATTEMPTS = 3;
const CONNECTION_TIMEOUT_MS = 5_000;
/** Between bytes, not for the whole transfer: a 10 MB download over a slow link still completes. */
const SOCKET_IDLE_TIMEOUT_MS = 30_000;

/** The filesystem store rejects a missing file with Node's ENOENT; this store rejects alike. */
function missingUpload(storageKey: string, cause: unknown): Error {
  return Object.assign(new Error(`No upload stored under ${storageKey}`, { cause }), { code: 'ENOENT' });
}

export function createS3UploadStore(options: S3UploadStoreOptions): S3UploadStore {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    maxAttempts: MAX_ATTEMPTS,
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: SOCKET_IDLE_TIMEOUT_MS },
    // S3-compatible servers differ in which checksum headers they accept; the SHA-256 of every
    // upload is recorded with its row, so the optional ones are left out.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const keyPrefix = options.keyPrefix ?? '';

  function objectKeyOf(storageKey: string): string {
    if (!isStorageKey(storageKey)) throw new Error(`Not an upload storage key: ${storageKey}`);
    return `${keyPrefix}${storageKey}`;
  }

  return {
    async put(storageKey, content) {
      // No ACL is sent: objects are private unless a bucket policy says otherwise, and buckets with
      // ACLs disabled (the AWS default) refuse every ACL but bucket-owner-full-control.
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: objectKeyOf(storageKey),
          Body: content,
          ContentLength: content.length,
          ContentType: 'application/octet-stream',
        }),
      );
    },
    async open(storageKey) {
      const key = objectKeyOf(storageKey);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
        // The Node runtime of the SDK always answers with a stream; anything else is a wrong build.
        if (!(object.Body instanceof Readable)) throw new Error(`The S3 client returned no stream for ${key}`);
        return object.Body;
      } catch (error) {
        if (error instanceof NoSuchKey) throw missingUpload(storageKey, error);
        throw error;
      }
    },
    async remove(storageKey) {
      // Deleting a key that is not there succeeds, as `rm --force` does for the filesystem store.
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKeyOf(storageKey) }));
    },
    close() {
      client.destroy();
    },
  };
}
