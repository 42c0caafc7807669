import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLiveAs, signTestAccessToken } from '../../test/live-client';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/helper';
import { startServerProcess, type ServerProcess } from '../../test/server-process';

/**
 * Fan-out across processes: an event published on process A reaches a socket held by process B
 * through PostgreSQL NOTIFY, also after the listener connections were cut. PGlite is one process,
 * so `*.postgres.test.ts` files belong to the PostgreSQL run only (apps/server/vitest.config.ts).
 */
const JWT_SECRET = 'process-test-secret-process-test-secret';

describe('live channel across server processes', () => {
  let database: TestDatabase;
  let serverA: ServerProcess;
  let serverB: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    [serverA, serverB] = await Promise.all([
      startServerProcess({ databaseUrl: database.connectionString, jwtSecret: JWT_SECRET }),
      startServerProcess({ databaseUrl: database.connectionString, jwtSecret: JWT_SECRET }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([serverA.stop(), serverB.stop()]);
    await database.dispose();
  });

  it('delivers an event published on process A to a socket on process B', async () => {
    const config = { ...testConfig(), jwtSecret: new TextEncoder().encode(JWT_SECRET) };
    const client = await connectLiveAs(serverB.baseUrl, await signTestAccessToken(config, 7));
    const response = await fetch(`${serverA.baseUrl}/dev/live/publish`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 7, type: 'documentRejected', status: 'error', payload: { documentId: 3 } }),
    });
    expect(await response.json()).toEqual({ responseCode: '00' });
    expect(await client.nextMessage()).toEqual({
      type: 'documentRejected',
      status: 'error',
      payload: { documentId: 3 },
    });
    client.close();
  });

  it('reconnects every listener after its connection drops and still fans out', async () => {
    const admin = new pg.Client({ connectionString: database.connectionString });
    await admin.connect();
    const listenerPids = async (): Promise<number[]> => {
      // Idle after its LISTEN: connected and subscribed, not merely connected.
      const result = await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity
         where application_name = 'harbor-live-listener' and datname = current_database()
           and query = 'LISTEN live_events' and state = 'idle'`,
      );
      return result.rows.map((row) => row.pid);
    };
    try {
      const before = await listenerPids();
      expect(before).toHaveLength(2);
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where application_name = 'harbor-live-listener' and datname = current_database()`,
      );
      const deadline = Date.now() + 15_000;
      let after = await listenerPids();
      while (!(after.length === 2 && after.every((pid) => !before.includes(pid))) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        after = await listenerPids();
      }
      expect(after.filter((pid) => !before.includes(pid))).toHaveLength(2);
    } finally {
      await admin.end();
    }

    const config = { ...testConfig(), jwtSecret: new TextEncoder().encode(JWT_SECRET) };
    const client = await connectLiveAs(serverB.baseUrl, await signTestAccessToken(config, 8));
    const response = await fetch(`${serverA.baseUrl}/dev/live/publish`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 8, type: 'info', status: 'info', payload: { n: 1 } }),
    });
    expect(await response.json()).toEqual({ responseCode: '00' });
    expect(await client.nextMessage()).toEqual({ type: 'info', status: 'info', payload: { n: 1 } });
    client.close();
  });
});
