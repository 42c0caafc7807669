import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig, type Config } from '../apps/server/src/config';
import type { P2PBatcher } from '../apps/server/src/modules/transfers/p2p-batches';
import { SERVER_NODE_ARGUMENTS, SERVER_NODE_FLAGS } from '../apps/server/src/server-runtime';

/**
 * The real app on a real port, on a throw-away PGlite folder or on DATABASE_URL, in this process:
 * `npm run bench` starts it with the server's Node flags (server-runtime.ts), so that it runs as
 * `npm start` runs it.
 */
export interface BenchApp {
  app: FastifyInstance;
  baseUrl: string;
  config: Config;
  /** The P2P group commit's counters (p2p-batches.ts), or null where it is off. */
  p2pBatches: P2PBatcher | null;
  close(): Promise<void>;
}

export async function startBenchApp(
  options: { beforeReady?: (app: FastifyInstance) => void; env?: Record<string, string> } = {},
): Promise<BenchApp> {
  const missingFlags = SERVER_NODE_FLAGS.filter((flag) => !process.execArgv.includes(flag));
  if (missingFlags.length > 0) {
    process.stderr.write(
      `The app runs here without the server's flags ${missingFlags.join(' ')}: use npm run bench.\n`,
    );
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'harbor-bench-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'true',
    // The benchmark measures throughput, not the per-IP limit that protects production.
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    ...options.env,
  });
  const { app, p2pBatches } = await buildApp({ config });
  options.beforeReady?.(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The bench app has no TCP address');
  return {
    app,
    config,
    baseUrl: `http://127.0.0.1:${address.port}`,
    p2pBatches,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The API as `processes` server processes on one port (bench-server.ts), the bench app's settings. */
export async function startBenchServerProcesses(options: {
  processes: number;
  env: Record<string, string>;
}): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'harbor-bench-'));
  const child = fork(fileURLToPath(new URL('./bench-server.ts', import.meta.url)), {
    execArgv: [...SERVER_NODE_ARGUMENTS],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      BENCH_SERVER_PROCESSES: String(options.processes),
      ...options.env,
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the bench server exited with ${code} before listening`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function signIn(baseUrl: string, username: string, password = 'Demo-pass-2026'): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client: 'web',
      username,
      password,
      codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    }),
  });
  const body = (await response.json()) as { authFlow?: { accessToken?: string } };
  const token = body.authFlow?.accessToken;
  if (token === undefined) throw new Error(`Sign-in failed for ${username}: ${response.status}`);
  return token;
}
