import { SIGN_IN_CODE_TTL_SECONDS } from '@app/shared/api/auth';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { seedDemoData } from './db/seed';
import { createAuthTokens } from './modules/auth/auth-tokens';
import { authRoutes } from './modules/auth/auth.routes';
import type { AuthSettings } from './modules/auth/auth.service';
import { liveSubjectFor } from './modules/auth/push-sign-in';
import { twoStepVerificationRoutes } from './modules/auth/two-step-verification.routes';
import { deviceApiRoutes } from './modules/auth/device-api.routes';
import { securitySettingsMethods } from './modules/security/security-settings.methods';
import { approvalVariantMethods } from './modules/transfers/approval-variants.methods';
import { customerMethods } from './modules/customers/customers.methods';
import { registrationMethods } from './modules/registration/registration.methods';
import { registrationRoutes } from './modules/registration/registration.routes';
import { registerSsoDevPartner } from './modules/sso/sso-dev-partner';
import { ssoRoutes } from './modules/sso/sso.routes';
import { registerLedgerJobs } from './modules/ledger/ledger.jobs';
import { registerAccountsJobs } from './modules/accounts/accounts.jobs';
import { accountMethods } from './modules/accounts/accounts.methods';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { FILE_DOWNLOADS_PER_MINUTE } from './modules/accounts/file-access.service';
import { sandboxRoutes } from './modules/dev/sandbox.routes';
import { registerHistoryJobs } from './modules/history/history.jobs';
import { historyMethods } from './modules/history/history.methods';
import { historyRoutes } from './modules/history/history.routes';
import { transferMethods } from './modules/transfers/transfers.methods';
import { registerTransferJobs } from './modules/transfers/transfers.jobs';
import { transferDeviceRoutes } from './modules/transfers/transfers.routes';
import type { P2PBatcher } from './modules/transfers/p2p-batches';
import { setUpTransfers } from './modules/transfers/transfers.setup';
import { bindNotificationsLive } from './modules/notifications/notifications.service';
import { notificationMethods } from './modules/notifications/notifications.methods';
import { registerNotificationJobs } from './modules/notifications/notifications.jobs';
import { newsMethods } from './modules/news/news.methods';
import { registerNewsJobs } from './modules/news/news.jobs';
import { adminMethods } from './modules/admin/admin.methods';
import { registerActingAudit } from './modules/admin/acting-audit';
import { profileMethods } from './modules/profile/profile.methods';
import { profileRoutes } from './modules/profile/profile.routes';
import { customerAccessPort, liveAudiencePort } from './modules/customers/customers.service';
import { documentsRoutes } from './modules/documents/documents.routes';
import { documentMethods } from './modules/documents/documents.methods';
import { registerDocumentJobs, sandboxVideoIdentityProvider } from './modules/documents/video-identity';
import { verificationMethods } from './modules/verification/verification.methods';
import { ipAccessGuardOf } from './modules/security/ip-allow-list.service';
import { legalRoutes } from './modules/security/legal.routes';
import { securityMethods } from './modules/security/security.methods';
import { registerHealth } from './platform/health';
import { createJobRunner } from './platform/jobs';
import { registerPlatformJobs } from './platform/platform-jobs';
import { devRoutes } from './modules/dev/dev.routes';
import { createAccessTokens } from './platform/access-token';
import { createDataCipher } from './platform/data-encryption';
import { AppError, errors } from './platform/errors';
import { registerRequestLanguage } from './platform/request-language';
import { registerHttpSecurity } from './platform/http-security';
import { closeConnectionsWhenClosing, trackInFlightHandlers } from './platform/in-flight-handlers';
import { createLiveChannel } from './platform/live-channel';
import { registerLiveSocket } from './platform/live-socket';
import { mainApiPlugin, type RegisteredMethod } from './platform/main-api';
import { createMessaging } from './platform/messaging/messaging';
import { registerOpenApi } from './platform/openapi';
import { registerWebApp } from './platform/web-app';
import { createS3UploadStore } from './platform/upload-store-s3';
import { registerUploads } from './platform/uploads';

/**
 * Builds the whole application for the server process and for tests alike. Plugins load in the
 * order external → platform → routes, so every route sees the same error handling and limits.
 */
export interface BuildAppOptions {
  config: Config;
  /** Tests pass one shared database per worker; the process opens its own. */
  database?: DatabaseHandle;
  /** Main-API methods beyond the product's; tests register probes of the dispatcher here. */
  extraMethods?: RegisteredMethod[];
  /** Where log lines go instead of stdout; tests capture them to check redaction. */
  logStream?: { write(line: string): void };
}

export interface BuiltApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The group commit of P2P transfers, whose counts tests and the benchmark read. */
  p2pBatches: P2PBatcher | null;
}

/** Keys whose values are secrets wherever they appear in a logged object. */
const SECRET_LOG_KEYS = [
  'authorization',
  'cookie',
  'password',
  'passwordNew',
  'passwordNewRepeat',
  'refreshToken',
  'accessToken',
  'codeVerifier',
  'otp',
  'smsCode',
  'pan',
  'cardNumber',
  'cvv',
  'pin',
];

/**
 * Log paths that may carry secrets; pino replaces them with [redacted]. pino has no deep
 * wildcard, so each key is listed at the top level and two levels down (`{ body: { input: … } }`).
 */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers["set-cookie"]',
  ...SECRET_LOG_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

/** Per client address; a page load opens one socket, reconnects back off. */
const LIVE_UPGRADES_PER_MINUTE = 120;
/** Per client address; browser tests poll /dev/outbox.json for codes. */
const DEV_TOOLS_REQUESTS_PER_MINUTE = 600;

const BODY_LIMIT_BYTES = 1_048_576;
/** How long closing waits for running handlers before it closes the database anyway. */
const HANDLER_DRAIN_LIMIT_MS = 10_000;

export async function buildApp(options: BuildAppOptions): Promise<BuiltApp> {
  const { config } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
      stream: options.logStream,
      // The client version travels with every request line, so support can tell which app
      // build a customer used (spec 000 §7: X-Client-Version).
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: request.url,
          remoteAddress: request.ip,
          clientVersion: request.headers['x-client-version'],
        }),
      },
    },
    // Only the listed proxies may set the client address through X-Forwarded-For (DESIGN.md §6).
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: BODY_LIMIT_BYTES,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before any route: it wraps each handler, so closing can wait for the ones still running.
  const inFlight = trackInFlightHandlers(app);
  closeConnectionsWhenClosing(app, { graceMs: HANDLER_DRAIN_LIMIT_MS });
  registerRequestLanguage(app);

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
    const statusCode =
      typeof error === 'object' && error !== null && 'statusCode' in error ? Number(error.statusCode) : 500;
    if (statusCode === 429) {
      return reply
        .status(429)
        .send({ responseCode: 'RL', responseDescription: 'Too many requests. Please wait and try again.' });
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
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDataDir: `${config.dataDir}/pglite`,
      // pg-pool hangs the whole client (its statements' texts among it) on the error: the log
      // takes what happened, the message and PostgreSQL's code.
      onIdleConnectionError: (error) =>
        app.log.warn(
          { reason: error.message, code: 'code' in error && typeof error.code === 'string' ? error.code : undefined },
          'idle database connection lost',
        ),
    }));
  const cipher = createDataCipher(config.dataEncryptionKey);
  if (config.isDemoSeedEnabled) await seedDemoData(database.db, { brand: config.brand, cipher });
  const accessTokens = createAccessTokens(config.jwtSecret, config.accessTokenTtlSeconds);
  // Device tokens live as long as access tokens; set-up tokens as long as a sign-in code.
  const authTokens = createAuthTokens(config.jwtSecret, {
    deviceTtlSeconds: config.accessTokenTtlSeconds,
    setupTtlSeconds: SIGN_IN_CODE_TTL_SECONDS,
  });

  // External plugins first: they hook every route added after them.
  await registerHttpSecurity(app, { isProduction: config.env === 'production' });
  await registerOpenApi(app, { brand: config.brand });
  const s3UploadStore = config.uploadStore.kind === 's3' ? createS3UploadStore(config.uploadStore) : undefined;
  // onClose hooks run last-added first: this one after the handlers still reading uploads have drained.
  app.addHook('onClose', () => {
    s3UploadStore?.close();
    return Promise.resolve();
  });
  await registerUploads(app, { dataDir: config.dataDir, store: s3UploadStore });

  const live = createLiveChannel({
    database,
    audience: liveAudiencePort,
    log: app.log,
  });
  app.decorate('live', live);
  bindNotificationsLive(live);
  app.decorate('messaging', createMessaging({ config, db: database.db, log: app.log }));
  app.decorate('ipAccess', ipAccessGuardOf(database.db));
  await registerLiveSocket(app, {
    live,
    accessTokens,
    // A push sign-in's browser and linked devices listen to their own subject only.
    resolveSubject: (credential) => liveSubjectFor(database.db, { cipher, authTokens }, credential),
    // The allow-list holds for the live channel as for every call; administrators are not bound by it.
    isAddressAllowed: (session, ip) =>
      session.isAdmin
        ? Promise.resolve(true)
        : app.ipAccess.assertUserAllowed({ userId: session.userId, ip, access: 'live' }).then(
            () => true,
            (error: unknown) => {
              if (error instanceof AppError) return false;
              throw error;
            },
          ),
    upgradesPerMinute: LIVE_UPGRADES_PER_MINUTE,
  });
  app.addHook('onReady', () => live.start());
  const jobRunner = createJobRunner({ db: database.db, log: app.log, pollIntervalMs: config.jobsPollIntervalMs });
  app.decorate('jobs', jobRunner);
  registerPlatformJobs(jobRunner);
  registerLedgerJobs(jobRunner);
  registerAccountsJobs(jobRunner, { live });
  registerHistoryJobs(jobRunner);
  registerDocumentJobs(jobRunner);
  registerNewsJobs(jobRunner, { live });
  registerNotificationJobs(jobRunner);
  const transferSettings = await setUpTransfers({
    db: database.db,
    live,
    messaging: app.messaging,
    cipher,
    brand: config.brand,
    log: app.log,
  });
  registerTransferJobs(jobRunner, transferSettings);

  registerActingAudit(app, { db: database.db, accessTokens });
  mainApiPlugin(app, {
    db: database.db,
    accessTokens,
    customerAccess: customerAccessPort,
    addressGuard: app.ipAccess,
    methods: [
      ...customerMethods({ oldWebUrl: config.oldWebUrl }),
      ...registrationMethods({ brand: config.brand }),
      ...transferMethods(transferSettings),
      ...approvalVariantMethods(transferSettings),
      ...accountMethods({ brand: config.brand }),
      ...historyMethods({ brand: config.brand }),
      ...documentMethods({ videoIdentityProvider: sandboxVideoIdentityProvider }),
      ...verificationMethods(),
      ...securitySettingsMethods({
        live,
        messaging: app.messaging,
        brand: config.brand,
        isDeviceCompanionServed: config.isDevToolsEnabled,
      }),
      ...notificationMethods(),
      ...newsMethods(),
      ...adminMethods(),
      ...profileMethods(),
      ...securityMethods({ brand: config.brand }),
      ...(options.extraMethods ?? []),
    ],
    rateLimitPerMinute: config.apiRateLimitPerMinute,
  });
  const authSettings: AuthSettings = {
    accessTokens,
    authTokens,
    refreshTokenTtlDays: config.refreshTokenTtlDays,
    loginRateLimit: config.loginRateLimit,
    live,
    messaging: app.messaging,
    cipher,
    brand: config.brand,
  };
  await app.register(authRoutes, { prefix: '/auth', db: database.db, ...authSettings });
  await app.register(twoStepVerificationRoutes, { prefix: '/customer', db: database.db, ...authSettings });
  await app.register(deviceApiRoutes, { prefix: '/device-api', db: database.db, ...authSettings });
  await app.register(transferDeviceRoutes, {
    prefix: '/device-api',
    db: database.db,
    authTokens,
    settings: transferSettings,
  });
  await app.register(registrationRoutes, { prefix: '/auth', db: database.db });
  await app.register(ssoRoutes, { prefix: '/auth', db: database.db, accessTokens, subjectKey: config.jwtSecret });
  const fileRoutes = { db: database.db, accessTokens, customerAccess: customerAccessPort };
  await app.register(accountsRoutes, {
    ...fileRoutes,
    brand: config.brand,
    requestsPerMinute: FILE_DOWNLOADS_PER_MINUTE,
  });
  await app.register(historyRoutes, { ...fileRoutes, requestsPerMinute: FILE_DOWNLOADS_PER_MINUTE });
  await app.register(documentsRoutes, { ...fileRoutes, requestsPerMinute: FILE_DOWNLOADS_PER_MINUTE });
  await app.register(profileRoutes, { ...fileRoutes, requestsPerMinute: FILE_DOWNLOADS_PER_MINUTE });
  await app.register(legalRoutes, { ...fileRoutes, brand: config.brand, requestsPerMinute: FILE_DOWNLOADS_PER_MINUTE });
  registerHealth(app, { db: database.db });

  if (config.isDevToolsEnabled) {
    registerSsoDevPartner(app, { requestsPerMinute: DEV_TOOLS_REQUESTS_PER_MINUTE });
    await app.register(sandboxRoutes, {
      db: database.db,
      jobs: jobRunner,
      requestsPerMinute: DEV_TOOLS_REQUESTS_PER_MINUTE,
    });
    devRoutes(app, {
      db: database.db,
      live,
      auth: authSettings,
      jobs: jobRunner,
      requestsPerMinute: DEV_TOOLS_REQUESTS_PER_MINUTE,
    });
  }
  // Last: its not-found handler serves the web app's routes and answers unknown API paths.
  await registerWebApp(app, {
    webDistDir: config.webDistDir,
    brand: config.brand,
    isDevToolsEnabled: config.isDevToolsEnabled,
  });

  app.addHook('onReady', () => jobRunner.start());
  app.addHook('onClose', async () => {
    await jobRunner.stop();
    // A handler whose client hung up is still running; its queries need the database.
    if (!(await inFlight.drained(HANDLER_DRAIN_LIMIT_MS))) {
      app.log.warn({ running: inFlight.running }, 'closing with handlers still running');
    }
    if (options.database === undefined) await database.close();
  });

  return { app, database, p2pBatches: transferSettings.p2pBatches };
}
