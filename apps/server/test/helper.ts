import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';

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
    DATA_DIR: `/tmp/harbor-test-${process.pid}`,
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
    const handle = await openDatabase({ databaseUrl: undefined, pgliteDataDir: 'memory://' });
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

export async function createTestApp(options: { config?: Partial<Config>; database?: TestDatabase } = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const config = testConfig(options.config);
  const built = await buildApp({ config, database: database.handle });
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
