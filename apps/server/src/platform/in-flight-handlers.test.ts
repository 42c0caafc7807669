import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineMethod } from '@app/shared/api/method';
import { afterEach, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/helper';
import { buildApp, type BuiltApp } from '../app';
import { users } from '../db/schema/customers';
import { closeConnectionsWhenClosing } from './in-flight-handlers';
import { handleMethod } from './main-api';

/**
 * Closing the app (SIGTERM in server.ts, the end of a benchmark) must not fail requests that are
 * still running: the database closes only after their handlers finish, including handlers whose
 * client already hung up, which Node's server.close() no longer waits for.
 */
interface Probe {
  started: Promise<void>;
  release(): void;
  /** What the handler's query did after the release. */
  outcome: Promise<string>;
}

function createProbe() {
  let markStarted = (): void => undefined;
  let release = (): void => undefined;
  let settle = (_outcome: string): void => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  const outcome = new Promise<string>((resolve) => (settle = resolve));
  const method = handleMethod(
    defineMethod({
      name: 'testSlowProbe',
      summary: 'Test only: waits for the test, then queries the database.',
      access: 'public',
      actsForCustomer: false,
      input: z.object({}),
      output: z.object({ answer: z.number().int() }),
    }),
    async (_input, context) => {
      markStarted();
      await gate;
      try {
        const userCount = await context.db.$count(users);
        settle('answered');
        return { answer: userCount + 1 };
      } catch (error) {
        settle(`failed: ${error instanceof Error ? error.message : String(error)}`);
        throw error;
      }
    },
  );
  const probe: Probe = { started, release: () => release(), outcome };
  return { method, probe };
}

function isSettledWithin(promise: Promise<unknown>, waitMs: number): Promise<boolean> {
  return Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), waitMs)),
  ]);
}

let cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** An app that opens and closes its own database, as the server process does. */
async function buildAppOwningItsDatabase(probe: ReturnType<typeof createProbe>, lines: string[]): Promise<BuiltApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'harbor-close-'));
  cleanups.push(() => {
    rmSync(dataDir, { recursive: true, force: true });
    return Promise.resolve();
  });
  let database: TestDatabase | undefined;
  if (process.env.DATABASE_URL !== undefined) {
    const created = await createTestDatabase();
    cleanups.push(() => created.dispose());
    database = created;
  }
  const built = await buildApp({
    config: testConfig({ dataDir, databaseUrl: database?.connectionString, logLevel: 'warn' }),
    extraMethods: [probe.method],
    logStream: { write: (line) => lines.push(line) },
  });
  cleanups.push(async () => {
    probe.probe.release();
    await built.app.close();
  });
  return built;
}

describe('closing the app', () => {
  it('waits for a handler whose client hung up, and only then closes the database', async () => {
    const probe = createProbe();
    const lines: string[] = [];
    const { app } = await buildAppOwningItsDatabase(probe, lines);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');

    const request = http.request({
      host: '127.0.0.1',
      port: address.port,
      method: 'POST',
      path: '/api?method=testSlowProbe',
      headers: { 'content-type': 'application/json' },
    });
    request.on('error', () => undefined);
    request.end(JSON.stringify({ method: 'testSlowProbe' }));
    await probe.probe.started;
    // The client gives up (autocannon stopping, a proxy timing out) while the handler runs.
    request.destroy();

    const closed = app.close();
    expect(await isSettledWithin(closed, 300)).toBe(false);
    probe.probe.release();
    await closed;
    expect(await probe.probe.outcome).toBe('answered');
    expect(lines.join('')).not.toContain('unhandled error');
  });

  it('answers a call that was running when close began', async () => {
    const probe = createProbe();
    const { app } = await buildAppOwningItsDatabase(probe, []);
    await app.ready();
    const response = app.inject({ method: 'POST', url: '/api?method=testSlowProbe', payload: {} });
    await probe.probe.started;

    const closed = app.close();
    expect(await isSettledWithin(closed, 300)).toBe(false);
    probe.probe.release();
    expect((await response).json()).toEqual({ responseCode: '00', answer: 1 });
    await closed;
    expect(await probe.probe.outcome).toBe('answered');
  });
});

describe('closing with connections still open', () => {
  it('asks a client answered while closing to hang up, and ends a half-sent request after the grace', async () => {
    const app = Fastify();
    closeConnectionsWhenClosing(app, { graceMs: 300 });
    let releaseSlow = (): void => undefined;
    const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));
    app.get('/slow', async () => {
      await slowGate;
      return { ok: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;

    const agent = new http.Agent({ keepAlive: true });
    const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: '/slow', agent }, resolve).on('error', reject);
    });
    // A client that sent half its request and went quiet: its connection is never idle.
    const stalled = connect(port, '127.0.0.1');
    stalled.write('GET /slow HTTP/1.1\r\nHost: x\r\n');
    const stalledClosed = new Promise<void>((resolve) => stalled.on('close', () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 50));

    const startedAt = Date.now();
    const closing = app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    releaseSlow();
    const response = await answered;
    expect(response.headers.connection).toBe('close');
    response.resume();
    await closing;
    await stalledClosed;
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    agent.destroy();
  });
});
