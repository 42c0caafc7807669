import Fastify, { type FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { createAccessTokens } from './platform/access-token';
import { AppError, errors } from './platform/errors';
import { mainApiPlugin } from './platform/main-api';

/**
 * Builds the whole application for the server process and for tests alike. Plugins load in the
 * order external → platform → routes, so every route sees the same error handling and limits.
 */
export interface BuildAppOptions {
  config: Config;
  /** Tests pass one shared database per worker; the process opens its own. */
  database?: DatabaseHandle;
}

export interface BuiltApp {
  app: FastifyInstance;
  database: DatabaseHandle;
}

/** Log paths that may carry secrets; pino replaces them with [redacted]. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordNew',
  '*.refreshToken',
  '*.accessToken',
  '*.codeVerifier',
  '*.otp',
  '*.pan',
  '*.cardNumber',
];

const BODY_LIMIT_BYTES = 1_048_576;

export async function buildApp(options: BuildAppOptions): Promise<BuiltApp> {
  const { config } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    },
    // Only the listed proxies may set the client address through X-Forwarded-For (DESIGN.md §6).
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: BODY_LIMIT_BYTES,
    disableRequestLogging: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers !== undefined) void reply.headers(error.headers);
      return reply.status(error.httpStatus).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const appError = errors.validation(
        error.validation.map((issue) => ({
          field: issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'form',
          message: issue.message ?? 'Invalid value',
        })),
      );
      return reply.status(appError.httpStatus).send(appError.toBody());
    }
    const statusCode = typeof error === 'object' && error !== null && 'statusCode' in error ? Number(error.statusCode) : 500;
    if (statusCode === 429) {
      return reply.status(429).send({ responseCode: 'RL', responseDescription: 'Too many requests. Please wait and try again.' });
    }
    if (statusCode >= 400 && statusCode < 500) {
      // Malformed JSON, an oversized body, a wrong content type: the caller's parameters are invalid.
      return reply.status(400).send({ responseCode: 'TA1', responseDescription: 'Invalid request.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ responseCode: 'UE', responseDescription: 'Server is not available' });
  });

  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: `${config.dataDir}/pglite` }));
  const accessTokens = createAccessTokens(config.jwtSecret, config.accessTokenTtlSeconds);

  mainApiPlugin(app, {
    db: database.db,
    accessTokens,
    customerAccess: {
      defaultCustomerId: () => Promise.resolve(null),
      canActFor: (_db, session) => Promise.resolve(session.isAdmin),
      pendingTerms: () => Promise.resolve([]),
    },
    methods: [],
    rateLimitPerMinute: config.apiRateLimitPerMinute,
  });

  app.addHook('onClose', async () => {
    if (options.database === undefined) await database.close();
  });

  return { app, database };
}
