import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * Configuration comes from the environment only, parsed once at start. A bad value stops the
 * process with a message naming the variable; nothing reads `process.env` elsewhere.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanFromEnv = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
    WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
    BRAND: z
      .string()
      .regex(/^[a-z][a-z0-9-]{1,31}$/)
      .default('harbor'),
    OLD_WEB_URL: z.url().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(30),
    LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(10_000).default(10),
    LOGIN_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
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
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV !== 'production') return;
    const required: [keyof typeof env, boolean][] = [
      ['JWT_SECRET', env.JWT_SECRET !== undefined],
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
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  loginRateLimit: { max: number; windowSeconds: number };
  apiRateLimitPerMinute: number;
  /** Addresses or CIDRs whose X-Forwarded-For is believed; empty: none. */
  trustedProxies: string[];
  /** /dev tools and the demo seed exist only outside production (DESIGN.md §9). */
  isDevToolsEnabled: boolean;
  isDemoSeedEnabled: boolean;
  mail: { transport: 'outbox' | 'smtp'; smtpUrl: string | undefined; from: string };
  sms: { transport: 'outbox' | 'http'; gatewayUrl: string | undefined; gatewayToken: string | undefined };
}

export class ConfigError extends Error {}

/** Development keeps generated secrets under the data folder, so sessions survive a restart. */
function developmentSecret(dataDir: string): Uint8Array {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = z.object({ jwtSecret: z.string().min(32) }).parse(JSON.parse(readFileSync(file, 'utf8')));
    return new TextEncoder().encode(stored.jwtSecret);
  }
  mkdirSync(dataDir, { recursive: true });
  const jwtSecret = randomBytes(48).toString('base64url');
  writeFileSync(file, JSON.stringify({ jwtSecret }, null, 2), { mode: 0o600 });
  return new TextEncoder().encode(jwtSecret);
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const defined = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(defined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR);
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
    jwtSecret: env.JWT_SECRET !== undefined ? new TextEncoder().encode(env.JWT_SECRET) : developmentSecret(dataDir),
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    loginRateLimit: { max: env.LOGIN_RATE_LIMIT_MAX, windowSeconds: env.LOGIN_RATE_LIMIT_WINDOW_SECONDS },
    apiRateLimitPerMinute: env.API_RATE_LIMIT_PER_MINUTE,
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
  };
}
