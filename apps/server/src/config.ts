import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { S3UploadStoreOptions } from './platform/upload-store-s3';

/**
 * Configuration comes from the environment only, parsed once at start. A bad value stops the
 * process with a message naming the variable; nothing reads `process.env` elsewhere.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** AES-256 keys are 32 bytes; the environment carries them in base64. */
const ENCRYPTION_KEY_BYTES = 32;

function isEncryptionKey(value: string): boolean {
  return /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, 'base64').length === ENCRYPTION_KEY_BYTES;
}

const booleanFromEnv = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** Where the data lives; tools that only need the database (ledger:verify) read just these. */
const databaseEnv = {
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
};

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    ...databaseEnv,
    WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
    BRAND: z
      .string()
      .regex(/^[a-z][a-z0-9-]{1,31}$/)
      .default('harbor'),
    OLD_WEB_URL: z.url().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    DATA_ENCRYPTION_KEY: z
      .string()
      .refine((value) => isEncryptionKey(value), 'must be 32 bytes in base64 (openssl rand -base64 32)')
      .optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(30),
    LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(10_000).default(10),
    LOGIN_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
    JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
    TRUSTED_PROXIES: z.string().default(''),
    SEED_DEMO_DATA: booleanFromEnv.optional(),
    MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Harbor <no-reply@harbor.example>'),
    SMS_TRANSPORT: z.enum(['outbox', 'http']).optional(),
    SMS_GATEWAY_URL: z.url().optional(),
    SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
    UPLOAD_STORE: z.enum(['filesystem', 's3']).default('filesystem'),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{1,32}$/, 'must be a region name such as us-east-1')
      .default('us-east-1'),
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name (3-63 lowercase letters, digits, dots, dashes)',
      )
      .optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFromEnv.default(true),
    S3_KEY_PREFIX: z
      .string()
      .regex(/^([\w.-]+\/){1,8}$/, 'must be folder names ending in /, e.g. uploads/')
      .default(''),
  })
  .superRefine((env, context) => {
    if (env.UPLOAD_STORE === 's3') {
      const s3Required: [keyof typeof env, boolean][] = [
        ['S3_BUCKET', env.S3_BUCKET !== undefined],
        ['S3_ACCESS_KEY_ID', env.S3_ACCESS_KEY_ID !== undefined],
        ['S3_SECRET_ACCESS_KEY', env.S3_SECRET_ACCESS_KEY !== undefined],
      ];
      for (const [name, isPresent] of s3Required) {
        if (!isPresent) context.addIssue({ code: 'custom', path: [name], message: 'is required when UPLOAD_STORE=s3' });
      }
    }
    if (env.NODE_ENV !== 'production') return;
    const required: [keyof typeof env, boolean][] = [
      ['JWT_SECRET', env.JWT_SECRET !== undefined],
      ['DATA_ENCRYPTION_KEY', env.DATA_ENCRYPTION_KEY !== undefined],
      ['MAIL_TRANSPORT', env.MAIL_TRANSPORT === 'smtp'],
      ['SMTP_URL', env.SMTP_URL !== undefined],
      ['SMS_TRANSPORT', env.SMS_TRANSPORT === 'http'],
      ['SMS_GATEWAY_URL', env.SMS_GATEWAY_URL !== undefined],
      ['SMS_GATEWAY_TOKEN', env.SMS_GATEWAY_TOKEN !== undefined],
    ];
    for (const [name, isPresent] of required) {
      if (!isPresent) {
        context.addIssue({
          code: 'custom',
          path: [name],
          message: 'is required in production (real mail and SMS settings, a real secret)',
        });
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  /** Unset: the embedded PGlite database under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  webDistDir: string;
  brand: string;
  /** The previous web app, for users still flagged to use it (spec 000 §4); unset: nobody is sent there. */
  oldWebUrl: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  jwtSecret: Uint8Array;
  /** AES-256-GCM key for data encrypted at rest (TOTP secrets; later card numbers): 32 bytes. */
  dataEncryptionKey: Buffer;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  loginRateLimit: { max: number; windowSeconds: number };
  apiRateLimitPerMinute: number;
  /** How often the job runner looks for due jobs; 0 runs none on its own (tests drive it). */
  jobsPollIntervalMs: number;
  /** Addresses or CIDRs whose X-Forwarded-For is believed; empty: none. */
  trustedProxies: string[];
  /** /dev tools and the demo seed exist only outside production (DESIGN.md §9). */
  isDevToolsEnabled: boolean;
  isDemoSeedEnabled: boolean;
  mail: { transport: 'outbox' | 'smtp'; smtpUrl: string | undefined; from: string };
  sms: { transport: 'outbox' | 'http'; gatewayUrl: string | undefined; gatewayToken: string | undefined };
  /** Where upload bytes are kept: files under `dataDir/uploads` (the default) or an S3-compatible bucket. */
  uploadStore: { kind: 'filesystem' } | ({ kind: 's3' } & S3UploadStoreOptions);
}

export class ConfigError extends Error {}

const developmentSecretsSchema = z.object({
  jwtSecret: z.string().min(32),
  /** Added later than the JWT secret: a file from before gains it on the next start. */
  dataEncryptionKey: z.string().refine(isEncryptionKey).optional(),
});

/**
 * Development keeps generated secrets under the data folder, so sessions and encrypted data
 * survive a restart. Losing the encryption key would make stored TOTP secrets unreadable.
 */
function developmentSecrets(dataDir: string): { jwtSecret: string; dataEncryptionKey: string } {
  const file = path.join(dataDir, 'secrets.json');
  const stored = existsSync(file) ? developmentSecretsSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) : undefined;
  if (stored?.dataEncryptionKey !== undefined) return { ...stored, dataEncryptionKey: stored.dataEncryptionKey };
  const secrets = {
    jwtSecret: stored?.jwtSecret ?? randomBytes(48).toString('base64url'),
    dataEncryptionKey: randomBytes(ENCRYPTION_KEY_BYTES).toString('base64'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** The configured secrets; outside production, the missing ones are generated once and kept. */
function secretsOf(
  env: Pick<Env, 'JWT_SECRET' | 'DATA_ENCRYPTION_KEY'>,
  dataDir: string,
): { jwtSecret: string; dataEncryptionKey: string } {
  if (env.JWT_SECRET !== undefined && env.DATA_ENCRYPTION_KEY !== undefined) {
    return { jwtSecret: env.JWT_SECRET, dataEncryptionKey: env.DATA_ENCRYPTION_KEY };
  }
  const generated = developmentSecrets(dataDir);
  return {
    jwtSecret: env.JWT_SECRET ?? generated.jwtSecret,
    dataEncryptionKey: env.DATA_ENCRYPTION_KEY ?? generated.dataEncryptionKey,
  };
}

function definedEntriesOf(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
}

function parseEnv<T>(schema: z.ZodType<T>, source: NodeJS.ProcessEnv): T {
  const parsed = schema.safeParse(definedEntriesOf(source));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The database settings alone: for tools that must run without the server's secrets and mail settings. */
export function loadDatabaseConfig(source: NodeJS.ProcessEnv = process.env): Pick<Config, 'databaseUrl' | 'dataDir'> {
  const env = parseEnv(z.object(databaseEnv), source);
  return { databaseUrl: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR) };
}

function uploadStoreOf(env: Env): Config['uploadStore'] {
  if (env.UPLOAD_STORE === 'filesystem') return { kind: 'filesystem' };
  // The schema's refinement has already refused `s3` without these; this narrows their types.
  if (env.S3_BUCKET === undefined || env.S3_ACCESS_KEY_ID === undefined || env.S3_SECRET_ACCESS_KEY === undefined) {
    throw new ConfigError('UPLOAD_STORE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    keyPrefix: env.S3_KEY_PREFIX,
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = parseEnv(envSchema, source);
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR);
  const secrets = secretsOf(env, dataDir);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    brand: env.BRAND,
    oldWebUrl: env.OLD_WEB_URL,
    logLevel: env.LOG_LEVEL,
    jwtSecret: new TextEncoder().encode(secrets.jwtSecret),
    dataEncryptionKey: Buffer.from(secrets.dataEncryptionKey, 'base64'),
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    loginRateLimit: { max: env.LOGIN_RATE_LIMIT_MAX, windowSeconds: env.LOGIN_RATE_LIMIT_WINDOW_SECONDS },
    apiRateLimitPerMinute: env.API_RATE_LIMIT_PER_MINUTE,
    jobsPollIntervalMs: env.JOBS_POLL_INTERVAL_MS,
    trustedProxies: env.TRUSTED_PROXIES.split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
    isDevToolsEnabled: !isProduction,
    isDemoSeedEnabled: env.SEED_DEMO_DATA ?? !isProduction,
    mail: { transport: env.MAIL_TRANSPORT ?? 'outbox', smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    sms: {
      transport: env.SMS_TRANSPORT ?? 'outbox',
      gatewayUrl: env.SMS_GATEWAY_URL,
      gatewayToken: env.SMS_GATEWAY_TOKEN,
    },
    uploadStore: uploadStoreOf(env),
  };
}
