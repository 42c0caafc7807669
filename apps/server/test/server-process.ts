import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_ARGUMENTS } from '../src/server-runtime';

/**
 * Starts `node [flags] --import tsx apps/server/src/server.ts` as its own process, the way production
 * runs it, on a free port. For what only real processes show: NOTIFY between processes, signals.
 */
export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Everything the process wrote so far, for failure messages. */
  output(): string;
  /** Sends the signal and resolves with the exit code (null when killed by a signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverEntry = path.join(repoRoot, 'apps/server/src/server.ts');
const START_TIMEOUT_MS = 45_000;
const LISTENING_PATTERN = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/;

export async function startServerProcess(options: {
  /** A PostgreSQL database; undefined: PGlite in a temporary data folder. */
  databaseUrl: string | undefined;
  jwtSecret: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'harbor-process-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    JWT_SECRET: options.jwtSecret,
    SEED_DEMO_DATA: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...(options.databaseUrl === undefined ? {} : { DATABASE_URL: options.databaseUrl }),
    ...options.env,
  };
  const child = spawn(process.execPath, [...SERVER_NODE_ARGUMENTS, serverEntry], { cwd: repoRoot, env, stdio: 'pipe' });
  let output = '';
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    });
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = LISTENING_PATTERN.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    baseUrl,
    child,
    exited,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
