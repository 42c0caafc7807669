import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * PostgreSQL helpers for benchmarks that need a database of their own next to the one in
 * DATABASE_URL, and pgbench's TPC-B-like run as the baseline: what this PostgreSQL does with
 * five-statement money transactions and no application at all.
 */

export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface PgbenchFigures {
  tps: number;
  latencyAverageMs: number;
}

/**
 * A pgbench database made with `pgbench -i` once, for the built-in tpcb-like script to run on as
 * many times as the caller needs (the transfers benchmark takes it in slices, in turn with its own).
 */
export interface PreparedPgbench {
  /** The tpcb-like script with `clients` connections for `seconds`. */
  run(options: { clients: number; seconds: number }): PgbenchFigures;
  drop(): Promise<void>;
}

export async function preparePgbench(adminUrl: string, options: { scale: number }): Promise<PreparedPgbench> {
  const database = await createScratchDatabase(adminUrl, 'harbor_bench_pgbench');
  try {
    execFileSync('pgbench', ['-i', '-q', '-s', String(options.scale), database.url], { stdio: 'ignore' });
  } catch (error) {
    await database.drop();
    throw error;
  }
  return {
    run({ clients, seconds }) {
      const output = execFileSync(
        'pgbench',
        ['-b', 'tpcb-like', '-c', String(clients), '-j', '2', '-T', String(seconds), '-n', database.url],
        { encoding: 'utf8' },
      );
      const tps = /tps = ([\d.]+)/.exec(output)?.[1];
      const latency = /latency average = ([\d.]+) ms/.exec(output)?.[1];
      if (tps === undefined || latency === undefined) throw new Error(`Could not read pgbench's output:\n${output}`);
      return { tps: Number(tps), latencyAverageMs: Number(latency) };
    },
    drop: () => database.drop(),
  };
}
