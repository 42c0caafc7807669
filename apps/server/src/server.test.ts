import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLiveAs, signTestAccessToken } from '../test/live-client';
import { createTestDatabase, testConfig, type TestDatabase } from '../test/helper';
import { startServerProcess, type ServerProcess } from '../test/server-process';

/** The process entry: SIGTERM drains the server and exits 0 (DESIGN.md §3 server.ts). */
const JWT_SECRET = 'shutdown-test-secret-shutdown-test-secret';

describe('graceful shutdown', () => {
  let database: TestDatabase | undefined;
  let server: ServerProcess;

  beforeAll(async () => {
    // PostgreSQL: a fresh database; PGlite: the process opens its own in a temporary folder.
    if (process.env.DATABASE_URL !== undefined) database = await createTestDatabase();
    server = await startServerProcess({ databaseUrl: database?.connectionString, jwtSecret: JWT_SECRET });
  });

  afterAll(async () => {
    await server.stop('SIGKILL');
    await database?.dispose();
  });

  it('on SIGTERM finishes the request in flight, closes sockets with 1001 and exits 0', async () => {
    const config = { ...testConfig(), jwtSecret: new TextEncoder().encode(JWT_SECRET) };
    const client = await connectLiveAs(server.baseUrl, await signTestAccessToken(config, 1));

    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({ userId: 1, type: 'info', status: 'info', payload: {} });
    const { hostname, port } = new URL(server.baseUrl);
    const request = http.request({
      hostname,
      port,
      method: 'POST',
      path: '/dev/live/publish',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const response = new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
      request.on('response', (incoming) => {
        let text = '';
        incoming.on('data', (chunk: Buffer) => (text += chunk.toString()));
        incoming.on('end', () => resolve({ status: incoming.statusCode, body: text }));
      });
      request.on('error', reject);
    });
    request.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const startedAt = Date.now();
    server.child.kill('SIGTERM');
    expect((await client.closed).code).toBe(1001);
    request.end(body.slice(10));
    expect(await response).toEqual({ status: 200, body: JSON.stringify({ responseCode: '00' }) });

    expect(await server.exited).toBe(0);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(server.output()).toContain('shutting down');
  });
});
