import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig, type TestDatabase } from '../test/helper';
import { buildApp, type BuiltApp } from './app';

/**
 * The app opening its own PostgreSQL pool, as the server does: an idle connection lost (a restart,
 * an administrator ending it) is logged as what happened, without the client pg-pool hangs on the
 * error, whose statements and connection details have no place in a log line.
 */
let database: TestDatabase;
let built: BuiltApp;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  built = await buildApp({
    config: testConfig({ logLevel: 'warn', databaseUrl: database.connectionString }),
    logStream: { write: (line) => lines.push(line) },
  });
  await built.app.ready();
});

afterAll(async () => {
  await built.app.close();
  await database.dispose();
});

describe('the app on PostgreSQL', () => {
  it('logs a lost idle connection by its reason and code only', async () => {
    await built.database.db.execute(sql`select 1`);
    const admin = new pg.Client({ connectionString: database.connectionString });
    await admin.connect();
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and application_name = ''`,
    );
    await admin.end();
    const deadline = Date.now() + 5_000;
    const isLost = (line: string) => line.includes('idle database connection lost');
    while (!lines.some(isLost) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const lost = lines.filter(isLost).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lost.length).toBeGreaterThan(0);
    for (const entry of lost) {
      expect(entry.code).toBe('57P01');
      expect(String(entry.reason)).toContain('terminating connection');
      expect(Object.keys(entry)).not.toContain('err');
    }
    expect(lines.filter(isLost).join('\n')).not.toContain('parsedStatements');
  });
});
