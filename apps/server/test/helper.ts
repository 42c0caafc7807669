import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { TokenPair } from '@app/shared/api/auth';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { DEMO_PASSWORD } from '../src/db/seed';
import type { RegisteredMethod } from '../src/platform/main-api';

/**
 * Integration tests build the real app and call it over HTTP (`inject` or a real port). Without
 * DATABASE_URL each test file gets an in-memory PGlite; with it, a fresh PostgreSQL database that
 * is dropped afterwards, so the same suite proves both engines.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_ENCRYPTION_KEY: Buffer.from('test-data-key-test-data-key-0123').toString('base64'),
    DATA_DIR: `/tmp/harbor-test-${process.pid}`,
    // Seeding hashes passwords; only tests that sign in ask for it (createTestApp({ seed: true })).
    SEED_DEMO_DATA: 'false',
    // Tests run due jobs themselves (`app.jobs.runDue`), at the time they choose.
    JOBS_POLL_INTERVAL_MS: '0',
  });
  return { ...base, databaseUrl: process.env.DATABASE_URL, ...overrides };
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Drops what the test made (a PostgreSQL database) or closes PGlite. */
  dispose(): Promise<void>;
  /** The connection string of the fresh PostgreSQL database, for tests that start processes. */
  connectionString: string | undefined;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl === undefined) {
    const templateFile = inject('pgliteTemplateFile');
    const pgliteTemplate = templateFile === undefined ? undefined : new Blob([await readFile(templateFile)]);
    const handle = await openDatabase({ databaseUrl: undefined, pgliteDataDir: 'memory://', pgliteTemplate });
    return { handle, connectionString: undefined, dispose: () => handle.close() };
  }
  const name = `harbor_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const connectionString = url.toString();
  const handle = await openDatabase({ databaseUrl: connectionString, pgliteDataDir: '' });
  return {
    handle,
    connectionString,
    async dispose() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface TestApp extends BuiltApp {
  config: Config;
  close(): Promise<void>;
}

export interface CreateTestAppOptions {
  config?: Partial<Config>;
  database?: TestDatabase;
  /** Seed the demo users (db/seed.ts) at start, as a development server does. */
  seed?: boolean;
  /** Extra main-API methods, e.g. probes of what the dispatcher hands a method. */
  extraMethods?: RegisteredMethod[];
}

export async function createTestApp(options: CreateTestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const config = testConfig({ ...(options.seed === true ? { isDemoSeedEnabled: true } : {}), ...options.config });
  const built = await buildApp({ config, database: database.handle, extraMethods: options.extraMethods });
  await built.app.ready();
  return {
    ...built,
    config,
    async close() {
      await built.app.close();
      if (options.database === undefined) await database.dispose();
    },
  };
}

/** RFC 7636 appendix B's challenge: valid S256 shape; the simple flow only records it. */
export const TEST_CODE_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

/** Signs in through POST /auth/login (simple flow) and returns the tokens; fails loudly otherwise. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  options: { password?: string; remoteAddress?: string } = {},
): Promise<TokenPair> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress: options.remoteAddress,
    payload: {
      client: 'web',
      username: email,
      password: options.password ?? DEMO_PASSWORD,
      codeChallenge: TEST_CODE_CHALLENGE,
    },
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  const { authFlow } = response.json<{ authFlow: TokenPair }>();
  return { accessToken: authFlow.accessToken, refreshToken: authFlow.refreshToken, expiresIn: authFlow.expiresIn };
}

/** Calls a main-API method the way the web client does: the name in the query and in the body. */
export function callMethod(
  app: FastifyInstance,
  method: string,
  options: { token?: string; params?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api?method=${encodeURIComponent(method)}`,
    headers: {
      ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
      ...options.headers,
    },
    payload: { method, ...options.params },
  });
}

/**
 * The statement failed on a check (23514: a table's CHECK, or the `guard` of a statement that
 * checks its own result), so it wrote nothing; `message` matches the database's message.
 */
export async function expectCheckViolation(work: Promise<unknown>, message?: RegExp): Promise<void> {
  const error = await work.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(Error);
  const cause = (error as Error).cause;
  expect(cause).toMatchObject({ code: '23514' });
  if (message !== undefined) expect((cause as Error).message).toMatch(message);
}
