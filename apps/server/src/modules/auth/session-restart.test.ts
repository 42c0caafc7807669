import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMethod, createTestDatabase, signIn, testConfig, type TestDatabase } from '../../../test/helper';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import { users } from '../../db/schema/customers';
import { DEMO_FACTOR_USERS, DEMO_TERMS_USER, DEMO_USERS } from '../../db/seed';

/**
 * The server process opens its own database: a file-backed PGlite under the data folder, or the
 * PostgreSQL of DATABASE_URL. Sessions and the seed must survive a restart on the same data.
 */
let dataDir: string;
let postgres: TestDatabase | undefined;
let config: Config;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'harbor-restart-'));
  // With DATABASE_URL, a fresh database that the app opens by URL; the test's handle only drops it.
  if (process.env.DATABASE_URL !== undefined) postgres = await createTestDatabase();
  config = testConfig({ dataDir, databaseUrl: postgres?.connectionString, isDemoSeedEnabled: true });
});

afterAll(async () => {
  await postgres?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

async function startApp() {
  const built = await buildApp({ config });
  await built.app.ready();
  return built;
}

describe('restart on the same data', () => {
  it('keeps the refresh token working and seeds only once', async () => {
    const first = await startApp();
    const tokens = await signIn(first.app, DEMO_USERS.personal);
    await first.app.close();

    const second = await startApp();
    try {
      const refreshed = await second.app.inject({
        method: 'POST',
        url: '/auth/refresh',
        payload: { refreshToken: tokens.refreshToken },
      });
      expect(refreshed.statusCode).toBe(200);
      const { accessToken } = refreshed.json<{ accessToken: string }>();
      expect((await callMethod(second.app, 'customerInfoGet', { token: accessToken })).statusCode).toBe(200);
      expect(await second.database.db.$count(users)).toBe(
        Object.keys(DEMO_USERS).length + Object.keys(DEMO_FACTOR_USERS).length + [DEMO_TERMS_USER].length,
      );
    } finally {
      await second.app.close();
    }
  });
});
