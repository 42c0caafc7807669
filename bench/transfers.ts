import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { AccessRight } from '@app/shared/constants';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { terms } from '../apps/server/src/db/schema/customers';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed';
import * as accountsService from '../apps/server/src/modules/accounts/accounts.service';
import { hashPassword } from '../apps/server/src/modules/auth/password-hash';
import * as customersRepository from '../apps/server/src/modules/customers/customers.repository';
import * as ledger from '../apps/server/src/modules/ledger/ledger.service';
import { NOTIFY_PAYEE_QUEUE } from '../apps/server/src/modules/transfers/transfer-execution';
import { signIn, startBenchApp, startBenchServerProcesses } from './bench-app';
import { createScratchDatabase, preparePgbench, type PgbenchFigures } from './postgres-baseline';
import type { LoadRequest, LoadResult } from './transfers-load';

/**
 * `npm run bench -- transfers` (PostgreSQL only: DATABASE_URL). From one run on one database server:
 * 1. pgbench's TPC-B-like transactions per second with 16 clients: the baseline;
 * 2. our API's P2P transfers per second with 16 clients (each a different customer) paying random
 *    customers, with p50/p99, and the ratio to the baseline;
 * 3. the same with every transfer crediting one merchant account, and its ratio to (2);
 * 4. the p99 of a history page when the customer's account holds 10 000 postings and 1 000 000
 *    postings, and that ratio.
 * Every transfer is a real main-API call: token check, access, idempotency key, transfer row, ledger
 * postings with the fee, all committed before the answer, and the payee's live notice published
 * right after the commit; its e-mail is a job, and each run waits for those to be sent.
 *
 * The machine's speed drifts over a run (other tenants of its host), so the three loads (pgbench,
 * random payees, hot merchant) are cut into BENCH_ROUNDS slices taken in turn, and each figure
 * merges its slices: a drift then weighs on all three alike instead of on whichever ran last.
 *
 * Environment: BENCH_DURATION_SECONDS (10) per load, shared among its slices; BENCH_ROUNDS (2);
 * BENCH_WARM_UP_SECONDS (15) of transfers before them; BENCH_SERVER_PROCESSES (1) runs the API as
 * that many processes on one port, as it is deployed on a machine of several cores;
 * BENCH_SKIP_HISTORY=1 stops after the transfer runs. Tools beside it: transfers-trace.ts (the
 * statements of one transfer) and transfers-profile.ts (the server's CPU per transfer under this
 * load, and a profile).
 */
const CLIENTS = 16;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const ROUNDS = Math.max(1, Math.floor(Number(process.env.BENCH_ROUNDS ?? 2)));
const SLICE_SECONDS = Math.max(1, Math.round(DURATION_SECONDS / ROUNDS));
const PAYEES = 64;
const FUNDING_MINOR = 100_000_000_00n;
const HISTORY_SMALL = 10_000;
const HISTORY_LARGE = 1_000_000;
const HISTORY_SAMPLES_PER_CLIENT = 50;
const MAIL_DRAIN_LIMIT_MS = 120_000;
/** `BENCH_SKIP_HISTORY=1` stops after the transfer runs (profiling them needs no million postings). */
const SKIP_HISTORY = process.env.BENCH_SKIP_HISTORY === '1';
/**
 * Load run and thrown away before the measured slices, so that they measure the server as it runs
 * for hours, not while V8 still compiles it. Under this load V8 finishes 90-180 optimised
 * functions a second for the first 12 s, on threads that take CPU from the server and PostgreSQL,
 * and fewer than 15 a second after 20 s; transfers per 2-s window climbed over the first 6-8 s
 * (919, 1251, 1428, then 1500-1900). With 2 s of warm-up, the first slice ran 15 % below the
 * later ones, and whichever load took it measured slower. pgbench is run before its slices too.
 */
export const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 15);
/** Server processes behind the one port (node:cluster, bench-server.ts); 1: the app in this process. */
const SERVER_PROCESSES = Number(process.env.BENCH_SERVER_PROCESSES ?? 1);

interface BenchServer {
  baseUrl: string;
  close(): Promise<void>;
}

interface RunFigures {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  completed: number;
  failed: number;
}

function percentile(sortedMs: number[], fraction: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  return sortedMs[Math.min(sortedMs.length - 1, Math.floor(sortedMs.length * fraction))] ?? Number.NaN;
}

function figuresOf(latenciesMs: number[], failed: number, elapsedMs: number): RunFigures {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return {
    perSecond: (latenciesMs.length / elapsedMs) * 1000,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    completed: latenciesMs.length,
    failed,
  };
}

async function callApi(
  baseUrl: string,
  token: string,
  method: string,
  params: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}/api?method=${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-client-version': '2.1.2' },
    body: JSON.stringify({ method, ...params }),
  });
  return (await response.json()) as Record<string, unknown>;
}

interface BenchCustomer {
  email: string;
  customerId: number;
  accountId: number;
}

/** Customers made through the same repositories and services as the seed; money booked through the ledger. */
export async function createCustomers(
  db: Database,
  options: { prefix: string; count: number; fundingMinor: bigint; balanceShardCount?: number },
): Promise<BenchCustomer[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const termsIds = (await db.select({ id: terms.id }).from(terms)).map((row) => row.id);
  const clearing = await ledger.systemAccount(db, 'clearing', 'USD');
  const created: BenchCustomer[] = [];
  for (let index = 0; index < options.count; index += 1) {
    const email = `${options.prefix}-${index}@bench.test`;
    const user = await customersRepository.insertUser(db, {
      email,
      passwordHash,
      firstName: 'Bench',
      lastName: `${index}`,
    });
    const customer = await customersRepository.insertCustomer(db, {
      customerType: 'personal',
      firstName: 'Bench',
      lastName: `${options.prefix} ${index}`,
      brand: 'harbor',
      verified: true,
    });
    await customersRepository.insertCustomerAccess(db, {
      userId: user.id,
      customerId: customer.id,
      accessRights: AccessRight.FULL,
      permissions: [],
      isDefault: true,
    });
    await customersRepository.insertTermsAcceptances(db, { userId: user.id, termsIds, ip: null });
    const account = await accountsService.openCustomerAccount(db, {
      customerId: customer.id,
      typeId: 1001,
      currency: 'USD',
      balanceShardCount: options.balanceShardCount,
    });
    if (options.fundingMinor > 0n) {
      await ledger.postTransfer(db, {
        fromAccountId: clearing.id,
        toAccountId: account.ledgerAccountId,
        amountMinor: options.fundingMinor,
        currency: 'USD',
        kind: 'incoming.bank',
        description: 'Benchmark funding',
      });
    }
    created.push({ email, customerId: customer.id, accountId: account.accountId });
  }
  return created;
}

/**
 * 16 clients, each a customer paying one of `payees` (at random) 0.01 USD per call, for the run's
 * duration. The clients run in a process of their own (transfers-load.ts), as pgbench's run
 * outside the database server: on the server's event loop their HTTP work would count against the API.
 */
async function runTransfers(
  bench: BenchServer,
  senders: { token: string; accountId: number }[],
  payees: string[],
  seconds: number,
): Promise<LoadResult> {
  const request: LoadRequest = { baseUrl: bench.baseUrl, senders, payees, seconds };
  const child = fork(fileURLToPath(new URL('./transfers-load.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const result = await new Promise<LoadResult>((resolve, reject) => {
    child.once('message', (message) => resolve(message as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the load process exited with ${code} before answering`)));
    child.send(request);
  });
  if (result.firstFailure !== undefined) {
    process.stdout.write(`first failed transfer: ${JSON.stringify(result.firstFailure)}\n`);
  }
  return result;
}

/**
 * Waits until every payee e-mail job of the transfers so far has run, and returns how long that
 * took: the work a transfer leaves to the job runner is part of its cost, so a run ends with its
 * backlog drained rather than handing it to the next run (or to nobody).
 */
async function drainPayeeMails(db: Database): Promise<number> {
  const startedAt = performance.now();
  for (;;) {
    const result = await db.execute(
      sql`select count(*)::int as pending from jobs where queue = ${NOTIFY_PAYEE_QUEUE} and status = 'pending'`,
    );
    const [row] = (result as { rows: { pending: number }[] }).rows;
    if ((row?.pending ?? 0) === 0) return performance.now() - startedAt;
    if (performance.now() - startedAt > MAIL_DRAIN_LIMIT_MS)
      throw new Error(`${row?.pending} payee e-mails still pending`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Books `count` deposits on one account in bulk, straight into the ledger tables with balanced
 * postings and the cached balances kept equal to them (ledger:verify passes afterwards): building a
 * million postings through the API would take the whole benchmark's time.
 *
 * Then it leaves the tables as months of postings would be: vacuumed and analysed, the load's WAL
 * checkpointed. Otherwise autovacuum (a million freshly inserted rows set it off) and the
 * checkpoint of a gigabyte of WAL ran during the measurement of the history pages after it, and
 * their p99 measured the disk's background work: 231 ms at 1M against 152 ms at 10k in one run,
 * with the median at 1M the lower of the two (70 against 79 ms).
 */
async function bookDeposits(db: Database, params: { ledgerAccountId: number; count: number }): Promise<void> {
  const clearing = await ledger.systemAccount(db, 'clearing', 'USD');
  const batch = 100_000;
  for (let done = 0; done < params.count; done += batch) {
    const size = Math.min(batch, params.count - done);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        with deposits as (
          insert into ledger_transactions (kind, description, metadata, created_at)
          select 'incoming.bank', 'Deposit ' || g, jsonb_build_object('reference', 'BENCH-' || g),
                 now() - make_interval(secs => ${params.count} - (${done} + g))
          from generate_series(1, ${size}) g
          returning id, created_at)
        insert into ledger_postings (transaction_id, account_id, amount_minor, currency, created_at)
        select id, ${params.ledgerAccountId}::bigint, 100::bigint, 'USD', created_at from deposits
        union all
        select id, ${clearing.id}::bigint, -100::bigint, 'USD', created_at from deposits`);
      await tx.execute(
        sql`update ledger_accounts set balance_minor = balance_minor + ${size * 100} where id = ${params.ledgerAccountId}`,
      );
      await tx.execute(sql`
        update ledger_balance_shards set balance_minor = balance_minor - ${size * 100}
        where account_id = ${clearing.id} and shard = 0`);
    });
  }
  await db.execute(sql`vacuum (analyze) ledger_postings`);
  await db.execute(sql`vacuum (analyze) ledger_transactions`);
  await db.execute(sql`checkpoint`);
}

/** p99 of the first history page and of a later page, 16 clients at once. */
async function measureHistory(bench: BenchServer, token: string, accountId: number): Promise<RunFigures> {
  const latenciesMs: number[] = [];
  let failed = 0;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let sample = 0; sample < HISTORY_SAMPLES_PER_CLIENT; sample += 1) {
        const begin = performance.now();
        const answer = await callApi(bench.baseUrl, token, 'transactionHistory', {
          accountId,
          pageNumber: 1 + ((client + sample) % 5),
        });
        if (answer.responseCode === '00') latenciesMs.push(performance.now() - begin);
        else failed += 1;
      }
    }),
  );
  return figuresOf(latenciesMs, failed, performance.now() - startedAt);
}

/** One load's figures from its slices: all their latencies, over the time they ran together. */
function figuresOfSlices(slices: LoadResult[]): RunFigures {
  return figuresOf(
    slices.flatMap((slice) => slice.latenciesMs),
    slices.reduce((sum, slice) => sum + slice.failed, 0),
    slices.reduce((sum, slice) => sum + slice.elapsedMs, 0),
  );
}

/** pgbench's slices ran for equal times: their mean tps is the tps of the whole. */
function pgbenchOfSlices(slices: PgbenchFigures[]): PgbenchFigures {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    tps: mean(slices.map((slice) => slice.tps)),
    latencyAverageMs: mean(slices.map((slice) => slice.latencyAverageMs)),
  };
}

function line(label: string, figures: RunFigures, unit: string): string {
  return (
    `${label.padEnd(34)} ${figures.perSecond.toFixed(0).padStart(7)} ${unit}   p50 ${figures.p50Ms.toFixed(1).padStart(7)} ms` +
    `   p99 ${figures.p99Ms.toFixed(1).padStart(7)} ms   ok ${figures.completed}   failed ${figures.failed}`
  );
}

export async function runTransfersBenchmark(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl === undefined) {
    process.stdout.write('The transfers benchmark compares with pgbench: set DATABASE_URL to a PostgreSQL server.\n');
    return;
  }
  process.stdout.write(
    `${CLIENTS} clients, ${SLICE_SECONDS * ROUNDS} s per load in ${ROUNDS} slices taken in turn, PostgreSQL, ` +
      `${SERVER_PROCESSES} server process(es)\n`,
  );
  const pgbench = await preparePgbench(adminUrl, { scale: CLIENTS });
  const scratch = await createScratchDatabase(adminUrl, 'harbor_bench_transfers');
  const handle = await openDatabase({ databaseUrl: scratch.url, pgliteDataDir: '' });
  let bench: BenchServer | undefined;
  try {
    bench =
      SERVER_PROCESSES > 1
        ? await startBenchServerProcesses({ processes: SERVER_PROCESSES, env: { DATABASE_URL: scratch.url } })
        : await startBenchApp({ env: { DATABASE_URL: scratch.url } });
    const app = bench;
    const db = handle.db;
    const senders = await createCustomers(db, { prefix: 'sender', count: CLIENTS, fundingMinor: FUNDING_MINOR });
    const payees = await createCustomers(db, { prefix: 'payee', count: PAYEES, fundingMinor: 0n });
    const [merchant] = await createCustomers(db, {
      prefix: 'merchant',
      count: 1,
      fundingMinor: 0n,
      balanceShardCount: ledger.SYSTEM_ACCOUNT_SHARD_COUNT,
    });
    if (merchant === undefined) throw new Error('no merchant');
    const signedIn = await Promise.all(
      senders.map(async (sender) => ({ token: await signIn(app.baseUrl, sender.email), accountId: sender.accountId })),
    );
    const payeeEmails = payees.map((payee) => payee.email);

    // Warm-up: JIT, plans, pools, caches; both loads, then pgbench, as in the rounds below.
    await runTransfers(app, signedIn, payeeEmails, Math.ceil(WARM_UP_SECONDS / 2));
    await drainPayeeMails(db);
    await runTransfers(app, signedIn, [merchant.email], Math.ceil(WARM_UP_SECONDS / 2));
    await drainPayeeMails(db);
    pgbench.run({ clients: CLIENTS, seconds: SLICE_SECONDS });
    const baselineSlices: PgbenchFigures[] = [];
    const uniformSlices: LoadResult[] = [];
    const hotSlices: LoadResult[] = [];
    let uniformDrainMs = 0;
    let hotDrainMs = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      baselineSlices.push(pgbench.run({ clients: CLIENTS, seconds: SLICE_SECONDS }));
      uniformSlices.push(await runTransfers(app, signedIn, payeeEmails, SLICE_SECONDS));
      uniformDrainMs += await drainPayeeMails(db);
      hotSlices.push(await runTransfers(app, signedIn, [merchant.email], SLICE_SECONDS));
      hotDrainMs += await drainPayeeMails(db);
    }
    const baseline = pgbenchOfSlices(baselineSlices);
    const uniform = figuresOfSlices(uniformSlices);
    const hot = figuresOfSlices(hotSlices);
    process.stdout.write(
      `pgbench tpcb-like (baseline)       ${baseline.tps.toFixed(0).padStart(7)} tps    avg ` +
        `${baseline.latencyAverageMs.toFixed(1)} ms   slices ${baselineSlices.map((slice) => slice.tps.toFixed(0)).join(' / ')} tps\n`,
    );
    process.stdout.write(`${line('P2P transfers, random payees', uniform, 'tps')}\n`);
    process.stdout.write(`${line('P2P transfers, one hot merchant', hot, 'tps')}\n`);
    process.stdout.write(
      `payee e-mails (a job per transfer) all sent ${(uniformDrainMs / 1000).toFixed(1)} s and ` +
        `${(hotDrainMs / 1000).toFixed(1)} s after the runs ended (summed over the slices)\n`,
    );
    process.stdout.write(
      `ratio API / pgbench: ${(uniform.perSecond / baseline.tps).toFixed(2)} (target ≥ 0.5)   ` +
        `hot / uniform: ${(hot.perSecond / uniform.perSecond).toFixed(2)} (target ≥ 0.8)\n`,
    );

    if (SKIP_HISTORY) return;
    const [reader] = await createCustomers(db, { prefix: 'history', count: 1, fundingMinor: 0n });
    if (reader === undefined) throw new Error('no history customer');
    const readerAccount = await accountsService.requireCustomerAccount(db, {
      customerId: reader.customerId,
      accountId: reader.accountId,
    });
    const readerToken = await signIn(app.baseUrl, reader.email);
    await bookDeposits(db, { ledgerAccountId: readerAccount.ledgerAccountId, count: HISTORY_SMALL });
    await measureHistory(app, readerToken, reader.accountId); // warm-up
    const small = await measureHistory(app, readerToken, reader.accountId);
    await bookDeposits(db, { ledgerAccountId: readerAccount.ledgerAccountId, count: HISTORY_LARGE - HISTORY_SMALL });
    await measureHistory(app, readerToken, reader.accountId); // warm-up
    const large = await measureHistory(app, readerToken, reader.accountId);
    process.stdout.write(`${line('history page, 10k postings', small, 'req/s')}\n`);
    process.stdout.write(`${line('history page, 1M postings', large, 'req/s')}\n`);
    process.stdout.write(`ratio history p99 1M / 10k: ${(large.p99Ms / small.p99Ms).toFixed(2)} (target ≤ 1.5)\n`);

    const report = await ledger.verifyLedger(db);
    process.stdout.write(
      `ledger verify after the runs: ${JSON.stringify(report, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))}\n`,
    );
  } finally {
    await bench?.close();
    await handle.close();
    await scratch.drop();
    await pgbench.drop();
  }
}
