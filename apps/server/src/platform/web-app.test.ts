import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../test/helper';
import { preferredEncoding } from './web-app';

/** A temporary Vite-like build: index.html with placeholders, hashed assets with .br/.gz twins. */
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta name="app-brand" content="%APP_BRAND%">' +
  '<meta name="app-dev-tools" content="%APP_DEV_TOOLS%"><script type="module" src="/assets/app-abc123.js"></script>' +
  '</head><body><div id="root"></div></body></html>';
const APP_SCRIPT = `console.log(${JSON.stringify('x'.repeat(2_000))});`;

let distDir: string;
let database: TestDatabase;
let testApp: TestApp;
let unbuiltApp: TestApp;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'harbor-web-dist-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(distDir, 'assets/app-abc123.js'), APP_SCRIPT);
  writeFileSync(path.join(distDir, 'assets/app-abc123.js.br'), brotliCompressSync(APP_SCRIPT));
  writeFileSync(path.join(distDir, 'assets/app-abc123.js.gz'), gzipSync(APP_SCRIPT));
  writeFileSync(path.join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  database = await createTestDatabase();
  [testApp, unbuiltApp] = await Promise.all([
    createTestApp({ database, config: { webDistDir: distDir, brand: 'harbor' } }),
    createTestApp({ database, config: { webDistDir: path.join(distDir, 'missing') } }),
  ]);
});

afterAll(async () => {
  await Promise.all([testApp.close(), unbuiltApp.close()]);
  await database.dispose();
  rmSync(distDir, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('index.html', () => {
  it('is served at / with the placeholders replaced, revalidated on every load', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<meta name="app-brand" content="harbor">');
    expect(response.body).toContain('<meta name="app-dev-tools" content="true">');
    expect(response.body).not.toContain('%APP_');
  });

  it('is compressed by the client’s preference', async () => {
    const brotli = await testApp.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('content="harbor"');
    const gzip = await testApp.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('content="harbor"');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await testApp.app.inject({ method: 'GET', url: '/' });
    const again = await testApp.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it.each(['/accounts', '/accounts/12/history?page=2', '/index.html', '/customers-overview'])(
    'is the answer to a page request for the client route %s',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    },
  );
});

describe('assets', () => {
  it('serves hashed assets pre-compressed and cached for a year', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(APP_SCRIPT);
  });

  it('serves the plain file to a client without compression', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(APP_SCRIPT);
  });

  it('revalidates the service worker on every load', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('unknown paths', () => {
  it.each(['/api/nothing', '/auth/nothing', '/dev/nothing', '/docs/nothing', '/customer/two-step', '/public-api/v1/x'])(
    '%s answers the JSON envelope with 404, even to a browser',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ responseCode: 'TA1', responseDescription: 'Not found' });
    },
  );

  it('answers 404 JSON to a non-HTML request and to other methods', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/accounts', headers: { accept: 'application/json' } },
      { method: 'POST' as const, url: '/accounts', headers: html },
      { method: 'GET' as const, url: '/assets/missing-123.js', headers: {} },
    ]) {
      const response = await testApp.app.inject(request);
      expect(response.statusCode, request.url).toBe(404);
      expect(response.json(), request.url).toEqual({ responseCode: 'TA1', responseDescription: 'Not found' });
    }
  });
});

describe('without a web build', () => {
  it('answers / with a page that says how to build the web app', async () => {
    const response = await unbuiltApp.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('npm run build -w @app/web');
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['gzip, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['identity', 'identity'],
  ] as const)('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
