import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFilesystemUploadStore, createUploads, isStorageKey, type Uploads } from './uploads';
import { AppError } from './errors';
import { SAMPLE_FILES } from './uploads.test-support';

let root: string;
let uploads: Uploads;

async function storedFileCount(): Promise<number> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'uploads-test-'));
  uploads = createUploads({ store: createFilesystemUploadStore(root), maxBytes: 64 * 1024 });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('accepting an upload', () => {
  it.each([
    ['PDF', SAMPLE_FILES.pdf, 'application/pdf'],
    ['PNG', SAMPLE_FILES.png, 'image/png'],
    ['JPEG', SAMPLE_FILES.jpeg, 'image/jpeg'],
    ['HEIC', SAMPLE_FILES.heic, 'image/heic'],
  ])('stores a %s under a generated key and reads it back', async (_name, content, contentType) => {
    const stored = await uploads.accept(content, '../../etc/passwd scan.bin');
    expect(stored.contentType).toBe(contentType);
    expect(stored.sizeBytes).toBe(content.length);
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(isStorageKey(stored.storageKey)).toBe(true);
    // The device's name is kept for display only, without its path.
    expect(stored.originalName).toBe('passwd scan.bin');
    const back = await uploads.open(stored.storageKey);
    const chunks: Buffer[] = [];
    for await (const chunk of back) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(content)).toBe(true);
  });

  it('refuses content of another type named like an allowed one, and stores nothing', async () => {
    for (const [content, name] of [
      [SAMPLE_FILES.html, 'passport.pdf'],
      [SAMPLE_FILES.zip, 'passport.jpg'],
      [Buffer.from('just some text that claims to be a scan'), 'scan.png'],
    ] as const) {
      await expect(uploads.accept(content, name)).rejects.toThrow(AppError);
    }
    expect(await storedFileCount()).toBe(0);
  });

  it('refuses a file over the size limit and an empty one, and stores nothing', async () => {
    const oversize = Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(64 * 1024)]);
    await expect(uploads.accept(oversize, 'big.pdf')).rejects.toThrow(/larger than/);
    await expect(uploads.accept(Buffer.alloc(0), 'empty.pdf')).rejects.toThrow(/empty/);
    expect(await storedFileCount()).toBe(0);
  });

  it('removes a stored file, and never opens a path that is not a storage key', async () => {
    const stored = await uploads.accept(SAMPLE_FILES.png, 'a.png');
    await uploads.remove(stored.storageKey);
    expect(await storedFileCount()).toBe(0);
    await expect(uploads.open('../secrets.json')).rejects.toThrow(/storage key/);
    await expect(uploads.open(stored.storageKey)).rejects.toThrow();
  });

  it('reads as a stream', async () => {
    const stored = await uploads.accept(SAMPLE_FILES.pdf, 'a.pdf');
    expect(await text(await uploads.open(stored.storageKey))).toContain('%PDF-1.4');
  });
});
