/**
 * A PostgreSQL cluster of its own for one run of a script, for tests that must crash PostgreSQL
 * (`pg_ctl stop -m immediate`) without touching a server that others share. It is made with the
 * system's binaries (`pg_config --bindir`, else the newest /usr/lib/postgresql/<version>/bin, else
 * `initdb` and `pg_ctl` on PATH) in a fresh temporary folder: trust authentication, TCP on
 * 127.0.0.1 only, its Unix socket inside the folder, and fsync on — a crash test on a cluster that
 * does not flush its commits would prove nothing. initdb and postgres refuse to run as root, so as
 * root (CI) they run as the `postgres` OS user, who then owns the folder.
 */
import { execFile } from 'node:child_process';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

const POSTGRES_OS_USER = 'postgres';
const INITDB_LIMIT_MS = 120_000;
/** How long `pg_ctl start` may wait; crash recovery of a run's worth of WAL takes seconds. */
const START_LIMIT_SECONDS = 120;
const STOP_LIMIT_SECONDS = 60;
/** Lines of the server's log quoted when it fails to start. */
const LOG_TAIL_LINES = 20;
/** What PostgreSQL logs when it starts from a cluster that was not shut down cleanly. */
const CRASH_RECOVERY_LOG_TEXT = 'automatic recovery in progress';

export interface PrivatePostgres {
  /** The cluster's `postgres` database as the `postgres` role, over TCP. */
  readonly adminUrl: string;
  /** Stops the cluster the way a crash would: `pg_ctl stop -m immediate`, no checkpoint. */
  crash(): Promise<void>;
  /**
   * Starts it again and waits until it accepts connections. After `crash()` this is crash
   * recovery (WAL replay), which the answer confirms from the server's log.
   */
  start(): Promise<{ isCrashRecovery: boolean }>;
  /** Stops it (`-m fast`, else `-m immediate`) and removes its folder; safe to call twice. */
  dispose(): Promise<void>;
}

function postgresVersionOf(folderName: string): number {
  const version = Number(folderName);
  return Number.isFinite(version) ? version : -1;
}

/** The folder holding initdb and pg_ctl, or null to find them on PATH. */
async function postgresBinDir(): Promise<string | null> {
  const candidates: string[] = [];
  try {
    const { stdout } = await execFileAsync('pg_config', ['--bindir']);
    candidates.push(stdout.trim());
  } catch {
    // No pg_config (it ships with the development package): look where Debian puts the server.
  }
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot).sort((a, b) => postgresVersionOf(b) - postgresVersionOf(a));
    candidates.push(...versions.map((version) => path.join(debianRoot, version, 'bin')));
  }
  return candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) ?? null;
}

async function osUserIds(user: string): Promise<{ uid: number; gid: number }> {
  try {
    const uid = Number((await execFileAsync('id', ['-u', user])).stdout.trim());
    const gid = Number((await execFileAsync('id', ['-g', user])).stdout.trim());
    if (Number.isInteger(uid) && Number.isInteger(gid)) return { uid, gid };
  } catch {
    // Reported below.
  }
  throw new Error(`running as root needs the OS user '${user}' to run initdb and postgres`);
}

function errorOutputOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error);
  const stderr = 'stderr' in error ? String(error.stderr).trim() : '';
  const stdout = 'stdout' in error ? String(error.stdout).trim() : '';
  return stderr || stdout || (error instanceof Error ? error.message : 'no output');
}

function logTail(logFile: string): string {
  if (!existsSync(logFile)) return '(no log)';
  return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-LOG_TAIL_LINES).join('\n');
}

function logSize(logFile: string): number {
  return existsSync(logFile) ? statSync(logFile).size : 0;
}

export async function startPrivatePostgres(options: { port: number }): Promise<PrivatePostgres> {
  const binDir = await postgresBinDir();
  const binary = (name: string) => (binDir === null ? name : path.join(binDir, name));
  const isRoot = process.getuid?.() === 0;
  const owner = isRoot ? await osUserIds(POSTGRES_OS_USER) : null;

  const folder = mkdtempSync(path.join(tmpdir(), 'harbor-private-pg-'));
  const dataDir = path.join(folder, 'data');
  const logFile = path.join(folder, 'postgres.log');
  if (owner !== null) chownSync(folder, owner.uid, owner.gid);

  /** Runs a PostgreSQL program, as the postgres OS user when this process is root. */
  const run = async (program: string, args: string[], timeoutMs: number): Promise<void> => {
    const [command, commandArgs] = isRoot
      ? ['runuser', ['-u', POSTGRES_OS_USER, '--', binary(program), ...args]]
      : [binary(program), args];
    try {
      // In the cluster's folder: the postgres user may not be allowed into this process's directory.
      await execFileAsync(command, commandArgs, { cwd: folder, timeout: timeoutMs });
    } catch (error) {
      throw new Error(`${program} ${args.join(' ')} failed: ${errorOutputOf(error)}`, { cause: error });
    }
  };
  const pgCtl = (args: string[], limitSeconds: number) =>
    run('pg_ctl', [...args, '-D', dataDir, '-t', String(limitSeconds)], (limitSeconds + 10) * 1000);

  let isDisposed = false;
  const dispose = async () => {
    if (isDisposed) return;
    isDisposed = true;
    if (existsSync(path.join(dataDir, 'postmaster.pid'))) {
      await pgCtl(['stop', '-w', '-m', 'fast'], STOP_LIMIT_SECONDS).catch(() =>
        pgCtl(['stop', '-w', '-m', 'immediate'], STOP_LIMIT_SECONDS).catch(() => undefined),
      );
    }
    rmSync(folder, { recursive: true, force: true });
  };

  const start = async () => {
    const logOffset = logSize(logFile);
    try {
      await pgCtl(['start', '-w', '-l', logFile], START_LIMIT_SECONDS);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'pg_ctl start failed';
      throw new Error(`${message}\nPostgreSQL log:\n${logTail(logFile)}`, { cause: error });
    }
    const startLog = readFileSync(logFile).subarray(logOffset).toString('utf8');
    return { isCrashRecovery: startLog.includes(CRASH_RECOVERY_LOG_TEXT) };
  };

  try {
    await run(
      'initdb',
      ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale'],
      INITDB_LIMIT_MS,
    );
    appendFileSync(
      path.join(dataDir, 'postgresql.conf'),
      [
        '',
        '# Private cluster of one test run.',
        "listen_addresses = '127.0.0.1'",
        `port = ${options.port}`,
        `unix_socket_directories = '${folder}'`,
        // The defaults, stated: the run crashes this cluster and counts on every commit surviving.
        'fsync = on',
        'synchronous_commit = on',
        'full_page_writes = on',
        '',
      ].join('\n'),
    );
    await start();
  } catch (error) {
    await dispose();
    throw error;
  }

  return {
    adminUrl: `postgres://postgres@127.0.0.1:${options.port}/postgres`,
    crash: () => pgCtl(['stop', '-w', '-m', 'immediate'], STOP_LIMIT_SECONDS),
    start,
    dispose,
  };
}
