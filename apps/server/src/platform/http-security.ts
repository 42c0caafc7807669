import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Headers, limits and compression every response shares (DESIGN.md §6). They hook into routes as
 * the routes are added, so this runs before any route is registered.
 */
export interface HttpSecurityOptions {
  isProduction: boolean;
}

/** Brotli's default quality (11) costs more CPU than it saves bandwidth on dynamic JSON. */
const DYNAMIC_BROTLI_QUALITY = 4;
const COMPRESSION_THRESHOLD_BYTES = 1_024;

/**
 * The web app ships no inline scripts. Mantine writes inline style attributes, hence
 * 'unsafe-inline' for styles only. The live channel needs ws:/wss:. Swagger UI under /docs loads
 * its scripts from files and works under the same policy, so no route relaxes it.
 */
export const CONTENT_SECURITY_POLICY_DIRECTIVES: Record<string, string[]> = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  fontSrc: ["'self'", 'data:'],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

export async function registerHttpSecurity(app: FastifyInstance, options: HttpSecurityOptions): Promise<void> {
  // helmet's middleware, built once: @fastify/helmet builds it again for every request, which took
  // 3 % of the server's thread under the transfers benchmark. The headers are the same on every
  // response, so one hook on the root applies them to every route and to the not-found answer.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CONTENT_SECURITY_POLICY_DIRECTIVES,
        // Only behind TLS: on a plain-HTTP development server it would break every asset request.
        ...(options.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The legacy twin of frame-ancestors 'none', for browsers that predate CSP level 2.
    frameguard: { action: 'deny' },
    // HSTS from a development server on localhost would pin https for every local project.
    strictTransportSecurity: options.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) => {
      done(error === undefined || error instanceof Error ? error : new Error('helmet failed', { cause: error }));
    });
  });
  // Off by default: each route opts in with `config.rateLimit` (sign-in, codes, /api, /ws, /dev).
  await app.register(rateLimit, { global: false });
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
  });
}
