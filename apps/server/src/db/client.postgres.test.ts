import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helper';
import { openDatabase, type DatabaseHandle } from './client';

/**
 * A PostgreSQL restart or an administrator ending a backend kills idle pooled connections. The
 * process must survive it (an unhandled pool 'error' would crash it) and the next query must work.
 */
let database: TestDatabase;
let handle: DatabaseHandle;
const idleErrors: Error[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  handle = await openDatabase({
    databaseUrl: database.connectionString,
    pgliteDataDir: '',
    onIdleConnectionError: (error) => idleErrors.push(error),
  });
});

afterAll(async () => {
  await handle.close();
  await database.dispose();
});

describe('pooled PostgreSQL connections', () => {
  it('survives the loss of idle connections and reconnects on the next query', async () => {
    await handle.db.execute(sql`select 1`);
    const admin = new pg.Client({ connectionString: database.connectionString });
    await admin.connect();
    const terminated = await admin.query<{ count: string }>(
      `select count(pg_terminate_backend(pid)) as count from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()`,
    );
    await admin.end();
    expect(Number(terminated.rows[0]?.count)).toBeGreaterThan(0);

    const deadline = Date.now() + 5_000;
    while (idleErrors.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(idleErrors.length).toBeGreaterThan(0);
    if (handle.kind !== 'postgres') throw new Error('expected a PostgreSQL handle');
    await expect(handle.db.execute(sql`select 1`)).resolves.toBeDefined();
    const result = await handle.pool.query<{ answer: number }>('select 42 as answer');
    expect(result.rows[0]?.answer).toBe(42);
  });
});
