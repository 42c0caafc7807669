import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callMethod, createTestApp, signIn, type TestApp } from '../../test/helper';
import { ConfigError, loadConfig } from '../config';
import { documentFiles } from '../db/schema/documents';
import { DEMO_USERS } from '../db/seed';
import { createS3UploadStore, type S3UploadStore, type S3UploadStoreOptions } from './upload-store-s3';
import { createFilesystemUploadStore, type UploadStore } from './uploads';
import { multipartBody, SAMPLE_FILES } from './uploads.test-support';

/**
 * The S3 upload store against a real S3 protocol server started here: s3rver keeps the objects,
 * and a front checks what s3rver does not — each request's SigV4 signature (s3rver only checks
 * that the access key exists) — and refuses object ACLs, as an AWS bucket with ACLs disabled does.
 */

/** s3rver's one built-in account. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
const BUCKET = 'harbor-uploads';

interface FakeS3 {
  endpoint: string;
  close(): Promise<void>;
}

interface Refusal {
  status: number;
  code: string;
}

const authorizationSchema = z.object({
  accessKeyId: z.string(),
  date: z.string(),
  region: z.string(),
  signedHeaders: z.string(),
  signature: z.string(),
});

const AUTHORIZATION_PATTERN =
  /^AWS4-HMAC-SHA256 Credential=(?<accessKeyId>[^/]+)\/(?<date>\d{8})\/(?<region>[^/]+)\/s3\/aws4_request, ?SignedHeaders=(?<signedHeaders>[a-z0-9;-]+), ?Signature=(?<signature>[0-9a-f]{64})$/;

function hmacOf(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

function headerText(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

function canonicalQueryOf(query: string): string {
  if (query === '') return '';
  return query
    .split('&')
    .map((pair): [string, string] => {
      const [name = '', value = ''] = pair.split('=');
      return [encodeRfc3986(decodeURIComponent(name)), encodeRfc3986(decodeURIComponent(value))];
    })
    .sort(([nameA, valueA], [nameB, valueB]) => (nameA === nameB ? (valueA < valueB ? -1 : 1) : nameA < nameB ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** Recomputes the request's SigV4 signature with the secret the server knows (AWS's algorithm for S3). */
function signatureRefusalOf(request: IncomingMessage): Refusal | undefined {
  const parsed = authorizationSchema.safeParse(
    AUTHORIZATION_PATTERN.exec(headerText(request, 'authorization') ?? '')?.groups,
  );
  if (!parsed.success) return { status: 403, code: 'AccessDenied' };
  const { accessKeyId, date, region, signedHeaders, signature } = parsed.data;
  if (accessKeyId !== ACCESS_KEY_ID) return { status: 403, code: 'InvalidAccessKeyId' };
  const amzDate = headerText(request, 'x-amz-date');
  const payloadHash = headerText(request, 'x-amz-content-sha256');
  if (amzDate === undefined || payloadHash === undefined) return { status: 403, code: 'AccessDenied' };

  const [uriPath = '/', query = ''] = (request.url ?? '/').split('?');
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => `${name}:${(headerText(request, name) ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalRequest = [
    request.method ?? 'GET',
    uriPath,
    canonicalQueryOf(query),
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const signingKey = hmacOf(hmacOf(hmacOf(hmacOf(`AWS4${SECRET_ACCESS_KEY}`, date), region), 's3'), 'aws4_request');
  const expected = hmacOf(signingKey, stringToSign).toString('hex');
  return expected === signature ? undefined : { status: 403, code: 'SignatureDoesNotMatch' };
}

function refusalOf(request: IncomingMessage): Refusal | undefined {
  const acl = headerText(request, 'x-amz-acl');
  if (acl !== undefined && acl !== 'bucket-owner-full-control') {
    return { status: 400, code: 'AccessControlListNotSupported' };
  }
  return signatureRefusalOf(request);
}

async function startFakeS3(): Promise<FakeS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'fake-s3-'));
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
  await s3rver.configureBuckets();
  const handle = s3rver.getMiddleware();
  const server = createServer((request, response) => {
    const refusal = refusalOf(request);
    if (refusal === undefined) {
      handle(request, response);
      return;
    }
    request.resume();
    response.writeHead(refusal.status, { 'content-type': 'application/xml' });
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${refusal.code}</Message></Error>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The fake S3 server has no port');
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await rm(directory, { recursive: true, force: true });
    },
  };
}

let fakeS3: FakeS3;
let s3Options: S3UploadStoreOptions;
let bucketClient: S3Client;
const stores: S3UploadStore[] = [];

function s3StoreOf(overrides: Partial<S3UploadStoreOptions> = {}): S3UploadStore {
  const store = createS3UploadStore({ ...s3Options, ...overrides });
  stores.push(store);
  return store;
}

async function contentOf(stream: Promise<Readable>): Promise<Buffer> {
  return buffer(await stream);
}

async function isInBucket(objectKey: string): Promise<boolean> {
  try {
    await bucketClient.send(new HeadObjectCommand({ Bucket: BUCKET, Key: objectKey }));
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'NotFound') return false;
    throw error;
  }
}

beforeAll(async () => {
  fakeS3 = await startFakeS3();
  s3Options = {
    endpoint: fakeS3.endpoint,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    forcePathStyle: true,
  };
  bucketClient = new S3Client({
    endpoint: fakeS3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
});

afterAll(async () => {
  for (const store of stores) store.close();
  bucketClient.destroy();
  await fakeS3.close();
});

describe('the S3 upload store', () => {
  it('reads back the bytes it was given', async () => {
    const store = s3StoreOf();
    await store.put('2026/04/00000000-0000-4000-8000-000000000001', SAMPLE_FILES.pdf);
    const back = await contentOf(store.open('2026/04/00000000-0000-4000-8000-000000000001'));
    expect(back.equals(SAMPLE_FILES.pdf)).toBe(true);
  });

  it('keeps two keys apart', async () => {
    const store = s3StoreOf();
    await store.put('2026/04/00000000-0000-4000-8000-000000000002', SAMPLE_FILES.png);
    await store.put('2026/05/00000000-0000-4000-8000-000000000002', SAMPLE_FILES.jpeg);
    expect((await contentOf(store.open('2026/04/00000000-0000-4000-8000-000000000002'))).equals(SAMPLE_FILES.png)).toBe(
      true,
    );
    expect(
      (await contentOf(store.open('2026/05/00000000-0000-4000-8000-000000000002'))).equals(SAMPLE_FILES.jpeg),
    ).toBe(true);
  });

  it('fails to open a removed upload with the error the filesystem store gives', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'uploads-parity-'));
    try {
      const storeByKind: [string, UploadStore][] = [
        ['filesystem', createFilesystemUploadStore(root)],
        ['s3', s3StoreOf()],
      ];
      for (const [kind, store] of storeByKind) {
        const storageKey = '2026/04/00000000-0000-4000-8000-000000000003';
        await store.put(storageKey, SAMPLE_FILES.pdf);
        await store.remove(storageKey);
        await expect(store.open(storageKey), kind).rejects.toMatchObject({ code: 'ENOENT' });
        // Removing what is gone succeeds: a rolled-back request may discard twice.
        await expect(store.remove(storageKey), kind).resolves.toBeUndefined();
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('refuses keys it did not make', async () => {
    const store = s3StoreOf();
    await expect(store.open('../secrets.json')).rejects.toThrow(/storage key/);
    await expect(store.put('2026/04/../../other', SAMPLE_FILES.pdf)).rejects.toThrow(/storage key/);
    await expect(store.remove('')).rejects.toThrow(/storage key/);
  });

  it('keeps objects under the key prefix, apart from a store without it', async () => {
    const storageKey = '2026/04/00000000-0000-4000-8000-000000000004';
    await s3StoreOf({ keyPrefix: 'harbor/uploads/' }).put(storageKey, SAMPLE_FILES.heic);
    expect(await isInBucket(`harbor/uploads/${storageKey}`)).toBe(true);
    expect(await isInBucket(storageKey)).toBe(false);
    await expect(s3StoreOf().open(storageKey)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('is refused by the server with a wrong secret or an unknown key, and stores nothing', async () => {
    const storageKey = '2026/04/00000000-0000-4000-8000-000000000005';
    await expect(
      s3StoreOf({ secretAccessKey: 'not-the-secret' }).put(storageKey, SAMPLE_FILES.pdf),
    ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    await expect(s3StoreOf({ accessKeyId: 'SOMEONE-ELSE' }).put(storageKey, SAMPLE_FILES.pdf)).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
    });
    expect(await isInBucket(storageKey)).toBe(false);
    await s3StoreOf().put(storageKey, SAMPLE_FILES.pdf);
    await expect(s3StoreOf({ secretAccessKey: 'not-the-secret' }).open(storageKey)).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
  });
});

describe('choosing the store by configuration', () => {
  const baseEnv = {
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_ENCRYPTION_KEY: Buffer.from('test-data-key-test-data-key-0123').toString('base64'),
    DATA_DIR: path.join(tmpdir(), 'upload-store-config'),
  };

  it('keeps uploads on the filesystem unless told otherwise', () => {
    expect(loadConfig(baseEnv).uploadStore).toEqual({ kind: 'filesystem' });
  });

  it('reads the S3 settings, with the region and path style defaulted', () => {
    const config = loadConfig({
      ...baseEnv,
      UPLOAD_STORE: 's3',
      S3_ENDPOINT: 'https://minio.internal:9000',
      S3_BUCKET: 'harbor-uploads',
      S3_ACCESS_KEY_ID: 'harbor',
      S3_SECRET_ACCESS_KEY: 'a-long-secret',
    });
    expect(config.uploadStore).toEqual({
      kind: 's3',
      endpoint: 'https://minio.internal:9000',
      region: 'us-east-1',
      bucket: 'harbor-uploads',
      accessKeyId: 'harbor',
      secretAccessKey: 'a-long-secret',
      forcePathStyle: true,
      keyPrefix: '',
    });
    const onAws = loadConfig({
      ...baseEnv,
      UPLOAD_STORE: 's3',
      S3_REGION: 'eu-central-1',
      S3_BUCKET: 'harbor-uploads',
      S3_ACCESS_KEY_ID: 'harbor',
      S3_SECRET_ACCESS_KEY: 'a-long-secret',
      S3_FORCE_PATH_STYLE: 'false',
      S3_KEY_PREFIX: 'prod/uploads/',
    });
    expect(onAws.uploadStore).toMatchObject({
      endpoint: undefined,
      region: 'eu-central-1',
      forcePathStyle: false,
      keyPrefix: 'prod/uploads/',
    });
  });

  it('stops at start naming every missing S3 setting', () => {
    const load = () => loadConfig({ ...baseEnv, UPLOAD_STORE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/S3_BUCKET: is required when UPLOAD_STORE=s3/);
    expect(load).toThrow(/S3_ACCESS_KEY_ID: is required/);
    expect(load).toThrow(/S3_SECRET_ACCESS_KEY: is required/);
  });

  it('refuses malformed S3 settings and an unknown store', () => {
    const complete = {
      ...baseEnv,
      UPLOAD_STORE: 's3',
      S3_BUCKET: 'harbor-uploads',
      S3_ACCESS_KEY_ID: 'harbor',
      S3_SECRET_ACCESS_KEY: 'a-long-secret',
    };
    expect(() => loadConfig({ ...complete, S3_BUCKET: 'Harbor_Uploads' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ ...complete, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT: must be an http/);
    expect(() => loadConfig({ ...complete, S3_KEY_PREFIX: '/uploads' })).toThrow(/S3_KEY_PREFIX/);
    expect(() => loadConfig({ ...complete, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadConfig({ ...baseEnv, UPLOAD_STORE: 'ftp' })).toThrow(/UPLOAD_STORE/);
  });
});

describe('the app with UPLOAD_STORE=s3', () => {
  let testApp: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'harbor-s3-app-'));
    testApp = await createTestApp({
      seed: true,
      config: { dataDir, uploadStore: { kind: 's3', ...s3Options, keyPrefix: 'documents/' } },
    });
  });

  afterAll(async () => {
    await testApp.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps a KYC upload in the bucket, not on disk, and serves it to its owner', async () => {
    const { accessToken } = await signIn(testApp.app, DEMO_USERS.kyc);
    const body = multipartBody([
      {
        name: 'data',
        value: JSON.stringify({ documentTypeId: 4, issuingCountryCode: 'GB', expiresDate: '2031-05-01' }),
      },
      { name: 'front', filename: 'front.jpg', content: SAMPLE_FILES.jpeg, type: 'image/jpeg' },
      { name: 'back', filename: 'back.png', content: SAMPLE_FILES.png, type: 'image/png' },
    ]);
    const uploaded = await testApp.app.inject({
      method: 'POST',
      url: '/documents/identity',
      headers: { ...body.headers, authorization: `Bearer ${accessToken}` },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { documentId } = uploaded.json<{ documentId: number }>();

    const listed = await callMethod(testApp.app, 'customerDocumentsGet', { token: accessToken });
    expect(listed.statusCode).toBe(200);
    const document = listed
      .json<{ documents: { id: number; files: { id: number; side: string }[] }[] }>()
      .documents.find((item) => item.id === documentId);
    const front = document?.files.find((file) => file.side === 'front');
    expect(front).toBeDefined();
    const read = await testApp.app.inject({
      method: 'GET',
      url: `/files/documents/${front?.id ?? 0}`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/jpeg');
    expect(read.rawPayload.equals(SAMPLE_FILES.jpeg)).toBe(true);

    const rows = await testApp.database.db
      .select({ storageKey: documentFiles.storageKey })
      .from(documentFiles)
      .where(eq(documentFiles.documentId, documentId));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(await isInBucket(`documents/${row.storageKey}`)).toBe(true);
    await expect(readdir(path.join(dataDir, 'uploads'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('answers a file whose object is gone as it does a missing file on disk', async () => {
    const { accessToken } = await signIn(testApp.app, DEMO_USERS.kyc);
    const [row] = await testApp.database.db
      .select({ id: documentFiles.id, storageKey: documentFiles.storageKey })
      .from(documentFiles)
      .limit(1);
    expect(row).toBeDefined();
    await s3StoreOf({ keyPrefix: 'documents/' }).remove(row?.storageKey ?? '');
    const read = await testApp.app.inject({
      method: 'GET',
      url: `/files/documents/${row?.id ?? 0}`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(read.statusCode).toBe(500);
    expect(read.json()).toEqual({ responseCode: 'UE', responseDescription: 'Server is not available' });
  });
});
