import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from './html';

/**
 * Serves the Vite build of apps/web: hashed files under /assets are cached for a year; index.html
 * and sw.js are revalidated on every load, so a deploy reaches clients at once. Any other GET that
 * asks for HTML and is not a service path is a client-side route and gets index.html. Everything
 * else unknown answers the JSON envelope with 404.
 */
export interface WebAppOptions {
  webDistDir: string;
  brand: string;
  isDevToolsEnabled: boolean;
}

/** First path segments that belong to the server; the web app never owns them. */
const SERVICE_SEGMENTS = new Set([
  'api',
  'auth',
  'ws',
  'dev',
  'docs',
  'public-api',
  'device-api',
  'verification',
  'customer',
  'service',
  'contracts-service',
]);

const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
const REVALIDATE_CACHE = 'no-cache';
const COMPRESSED_SUFFIX = /\.(br|gz)$/;

export const NOT_FOUND_BODY = { responseCode: 'TA1', responseDescription: 'Not found' } as const;

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Web app not built</title></head>
<body>
<main>
<h1>The web app is not built</h1>
<p>The server is running, but it found no web build to serve. Build it with <code>npm run build -w @app/web</code>, then restart the server.</p>
<p>The API documentation is at <a href="/docs">/docs</a>.</p>
</main>
</body>
</html>
`;

interface PreparedIndex {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

type ContentEncoding = 'br' | 'gzip' | 'identity';

/** Read once at start: the placeholders never change while the process runs. */
function prepareIndex(html: string, options: WebAppOptions): PreparedIndex {
  const identity = Buffer.from(
    html
      .replaceAll('%APP_BRAND%', escapeHtml(options.brand))
      .replaceAll('%APP_DEV_TOOLS%', options.isDevToolsEnabled ? 'true' : 'false'),
  );
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(identity, { level: zlibConstants.Z_BEST_COMPRESSION }),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
  };
}

/** The client's preferred of br, gzip and identity, honouring q-values (q=0 refuses). */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding {
  if (acceptEncoding === undefined) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const quality = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(name.trim(), quality === undefined ? 1 : Number(quality));
  }
  const weightOf = (encoding: string): number => weights.get(encoding) ?? weights.get('*') ?? 0;
  let best: ContentEncoding = 'identity';
  let bestWeight = 0;
  for (const encoding of ['br', 'gzip'] as const) {
    const weight = weightOf(encoding);
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/**
 * Web app routes whose spec path lies under a service prefix: `auth/sei` is the single sign-on
 * consent screen (spec 000 §2), opened by a relying party's redirect, so always by a full page load.
 */
const WEB_ROUTES_UNDER_SERVICE_PATHS = new Set(['/auth/sei']);

function isServicePath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  if (WEB_ROUTES_UNDER_SERVICE_PATHS.has(path)) return false;
  const firstSegment = path.split('/')[1] ?? '';
  return SERVICE_SEGMENTS.has(firstSegment);
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || accept.includes('application/xhtml+xml');
}

function cacheControlFor(filePath: string, webDistDir: string): string {
  const relative = path.relative(webDistDir, filePath.replace(COMPRESSED_SUFFIX, '')).split(path.sep).join('/');
  return relative.startsWith('assets/') ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}

export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const indexFile = path.join(options.webDistDir, 'index.html');
  let prepared: PreparedIndex | undefined;
  if (existsSync(indexFile)) {
    prepared = prepareIndex(readFileSync(indexFile, 'utf8'), options);
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      prefix: '/',
      // Routes for the files present at start only: no file-system lookup for arbitrary paths.
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // index.html is served prepared (placeholders replaced) by the fallback below.
      globIgnore: ['index.html', 'index.html.br', 'index.html.gz'],
      setHeaders(response, filePath) {
        response.setHeader('cache-control', cacheControlFor(filePath, options.webDistDir));
        response.setHeader('vary', 'accept-encoding');
      },
    });
  } else {
    app.log.warn(
      { webDistDir: options.webDistDir },
      'web app not built: no index.html in the dist folder; run `npm run build -w @app/web`',
    );
  }

  function sendIndex(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    void reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', REVALIDATE_CACHE);
    if (prepared === undefined) return reply.status(503).send(NOT_BUILT_PAGE);
    void reply.header('etag', prepared.etag).header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === prepared.etag) return reply.status(304).send();
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') return reply.send(prepared.identity);
    return reply.header('content-encoding', encoding).send(prepared[encoding]);
  }

  app.get('/', { schema: { hide: true } }, sendIndex);

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (isPageRequest && !isServicePath(request.url) && acceptsHtml(request)) return sendIndex(request, reply);
    return reply.status(404).send(NOT_FOUND_BODY);
  });
}
