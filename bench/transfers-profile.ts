import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../apps/server/src/db/client';
import { signIn, startBenchApp } from './bench-app';
import { createScratchDatabase } from './postgres-baseline';
import { watchStatements } from './statement-timings';
import { createCustomers, WARM_UP_SECONDS } from './transfers';
import type { LoadRequest, LoadResult } from './transfers-load';

/**
 * `node --max-semi-space-size=32 --import tsx bench/transfers-profile.ts [out.cpuprofile]`
 * (DATABASE_URL; the app runs in this process, so with the server's flags of server-runtime.ts):
 * the server's own CPU per P2P transfer under the benchmark's load (16 clients, uniform payees),
 * how late its event loop ran, the statements it sent per transfer with their round trips, the P2P
 * batches' counters, and optionally a CPU profile of the server during that window only (setup
 * and warm-up left out).
 */
const adminUrl = process.env.DATABASE_URL;
if (adminUrl === undefined) throw new Error('set DATABASE_URL');
const seconds = Number(process.env.BENCH_DURATION_SECONDS ?? 8);
const profilePath = process.argv[2];
const scratch = await createScratchDatabase(adminUrl, 'harbor_profile');
const statements = watchStatements();
const handle = await openDatabase({ databaseUrl: scratch.url, pgliteDataDir: '' });
const bench = await startBenchApp({ env: { DATABASE_URL: scratch.url } });

async function load(request: LoadRequest): Promise<LoadResult> {
  const child = fork(fileURLToPath(new URL('./transfers-load.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<LoadResult>((resolve, reject) => {
    child.once('message', (message) => resolve(message as LoadResult));
    child.once('exit', (code) => reject(new Error(`load exited ${code}`)));
    child.send(request);
  });
}

try {
  const senders = await createCustomers(handle.db, { prefix: 's', count: 16, fundingMinor: 100_000_000n });
  const payees = await createCustomers(handle.db, { prefix: 'p', count: 64, fundingMinor: 0n });
  const signedIn = await Promise.all(
    senders.map(async (sender) => ({ token: await signIn(bench.baseUrl, sender.email), accountId: sender.accountId })),
  );
  const request = (s: number): LoadRequest => ({
    baseUrl: bench.baseUrl,
    senders: signedIn,
    payees: payees.map((payee) => payee.email),
    seconds: s,
  });
  await load(request(WARM_UP_SECONDS));
  const session = new Session();
  if (profilePath !== undefined) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const batchesBefore = bench.p2pBatches?.stats();
  statements.start();
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  const before = process.cpuUsage();
  const result = await load(request(seconds));
  const used = process.cpuUsage(before);
  loopDelay.disable();
  if (profilePath !== undefined) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(profilePath, JSON.stringify(profile));
  }
  const sent = statements.stop();
  const batchesAfter = bench.p2pBatches?.stats();
  const count = result.latenciesMs.length;
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  process.stdout.write(
    `${count} transfers in ${(result.elapsedMs / 1000).toFixed(1)} s = ${((count / result.elapsedMs) * 1000).toFixed(0)}/s, ` +
      `p50 ${sorted[Math.floor(count / 2)]?.toFixed(1)} ms, failed ${result.failed}; server CPU per transfer: ` +
      `user ${(used.user / 1000 / count).toFixed(2)} ms + system ${(used.system / 1000 / count).toFixed(2)} ms\n`,
  );
  process.stdout.write(
    `server event loop delay: p50 ${(loopDelay.percentile(50) / 1e6).toFixed(2)} ms, ` +
      `p99 ${(loopDelay.percentile(99) / 1e6).toFixed(2)} ms\n`,
  );
  if (batchesBefore !== undefined && batchesAfter !== undefined) {
    const batches = batchesAfter.batches - batchesBefore.batches;
    process.stdout.write(
      `P2P batches: ${batches} written, ${((batchesAfter.made - batchesBefore.made) / Math.max(batches, 1)).toFixed(1)} ` +
        `transfers each; ${batchesAfter.reads - batchesBefore.reads} planned on a read, ` +
        `${batchesAfter.failures - batchesBefore.failures} failed\n`,
    );
  }
  process.stdout.write('statements per transfer, mean round trip:\n');
  for (const { statement, count: times, meanMs } of sent.slice(0, 12)) {
    process.stdout.write(`  ${(times / count).toFixed(3)}  ${meanMs.toFixed(2)} ms  ${statement}\n`);
  }
} finally {
  await bench.close();
  await handle.close();
  await scratch.drop();
}
process.exit(0);
