import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { preparedSql, type Database } from '../db/client';
import { jobs } from '../db/schema/platform';

/**
 * Durable jobs in the product's own database (DESIGN.md §2): a transactional outbox drained with
 * `FOR UPDATE SKIP LOCKED`. Enqueue inside the transaction of the change that needs the job; any
 * process running a `JobRunner` may run it. Delivery is at least once (a worker can die after the
 * work and before marking it done), so every handler is idempotent: it re-reads the state it acts
 * on and does nothing when the work is already done.
 */

export type JobPayload = Record<string, unknown>;

export interface JobContext {
  db: Database;
  /** The time the job runs at: the wall clock, or the time a development "advance time" asked for. */
  now: Date;
  log: FastifyBaseLogger;
  attempt: number;
}

export type JobHandler = (payload: JobPayload, context: JobContext) => Promise<void>;
/**
 * The jobs of one queue among those claimed together, handled at once (one read for all of them
 * rather than one each); `attempt` is the highest among them. When it throws, each job is handed
 * to it again alone, at once, so that one bad job fails (and is retried later) on its own and the
 * rest are done; like every handler it must tolerate running a job twice.
 */
export type JobBatchHandler = (payloads: JobPayload[], context: JobContext) => Promise<void>;
export type PeriodicTask = (context: Omit<JobContext, 'attempt'>) => Promise<unknown>;

export interface EnqueueJob {
  queue: string;
  payload: JobPayload;
  /** Not before this time; now when absent. */
  runAt?: Date;
  /** At most one pending job per queue and key: a second enqueue with the key is a no-op. */
  singletonKey?: string;
  maxAttempts?: number;
}

const QUEUE_PATTERN = /^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/;
const MAX_PAYLOAD_BYTES = 8_192;
const MAX_ATTEMPTS_LIMIT = 100;
/** A worker that holds a job longer than this is presumed dead; the job runs again. */
export const JOB_LEASE_MS = 5 * 60 * 1000;
/** Claimed together: a batch queue (payee e-mails) handles them in a few statements, whatever their number. */
const CLAIM_BATCH = 100;
const MAX_BACKOFF_MS = 10 * 60 * 1000;
/** One `runDue` call runs at most this many jobs: a job that enqueues itself cannot loop forever. */
const RUN_DUE_LIMIT = 10_000;
/** Finished jobs are kept this long for support, then purged. */
export const FINISHED_JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The insert that enqueues a job, as a data-modifying CTE named `name` whose parameters are
 * `$first`…`$first + 4`, valued by `jobParametersOf` in that order: for a statement that writes
 * its own rows and enqueues their job in the same round trip (a transfer and its payee's e-mail).
 * PostgreSQL runs a data-modifying CTE whether or not the statement reads it.
 */
export function enqueueJobCte(name: string, first: number): string {
  const [queue, payload, runAt, singletonKey, maxAttempts] = [0, 1, 2, 3, 4].map((offset) => `$${first + offset}`);
  return `${name} as (
    insert into jobs (queue, payload, run_at, singleton_key, max_attempts)
    values (${queue}::text, ${payload}::jsonb, ${runAt}::timestamptz, ${singletonKey}::text, ${maxAttempts}::integer)
    on conflict do nothing
    returning 1
  )`;
}

/** The checked parameters of `enqueueJobCte`. */
export function jobParametersOf(job: EnqueueJob): unknown[] {
  assert.ok(QUEUE_PATTERN.test(job.queue), `bad queue name ${job.queue}`);
  const payload = JSON.stringify(job.payload);
  assert.ok(payload.length <= MAX_PAYLOAD_BYTES, 'job payload too large');
  const maxAttempts = job.maxAttempts ?? 10;
  assert.ok(Number.isInteger(maxAttempts) && maxAttempts >= 1 && maxAttempts <= MAX_ATTEMPTS_LIMIT);
  return [job.queue, payload, (job.runAt ?? new Date()).toISOString(), job.singletonKey ?? null, maxAttempts];
}

/** Enqueued inside the money transactions: one statement text, planned once. */
const enqueueStatement = preparedSql('jobs_enqueue', `with ${enqueueJobCte('job', 1)} select 1`);

export async function enqueueJob(db: Database, job: EnqueueJob): Promise<void> {
  await enqueueStatement(db, jobParametersOf(job));
}

/** Exponential: 2 s, 4 s, 8 s … capped at 10 minutes. */
export function backoffMs(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(1, Math.min(attempt, 20)));
}

interface ClaimedJob {
  id: number;
  queue: string;
  payload: JobPayload;
  attempts: number;
  maxAttempts: number;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function claimDue(db: Database, params: { due: Date; exclude: number[] }): Promise<ClaimedJob[]> {
  const wallNow = new Date();
  const leaseEnd = new Date(wallNow.getTime() + JOB_LEASE_MS);
  const result = await db.execute(sql`
    update ${jobs} set locked_until = ${leaseEnd.toISOString()}::timestamptz, attempts = attempts + 1
    where id in (
      select id from ${jobs}
      where status = 'pending' and run_at <= ${params.due.toISOString()}::timestamptz
        and (locked_until is null or locked_until < ${wallNow.toISOString()}::timestamptz)
        and id <> all(${`{${params.exclude.join(',')}}`}::bigint[])
      order by run_at, id
      limit ${CLAIM_BATCH}
      for update skip locked
    )
    returning id::int as id, queue, payload, attempts, max_attempts as "maxAttempts", to_json(run_at) #>> '{}' as "runAt"`);
  // UPDATE … RETURNING comes back in no particular order: run them in the order they fell due.
  return rowsOf<ClaimedJob & { runAt: string }>(result)
    .map(({ runAt, ...job }) => ({ job, dueMs: Date.parse(runAt) }))
    .sort((a, b) => a.dueMs - b.dueMs || a.job.id - b.job.id)
    .map(({ job }) => job);
}

/**
 * Marks the jobs of one claimed batch done in one statement rather than one each: a job's finish
 * is a commit of its own, and on the P2P path every transfer has a job (the payee's e-mail). At
 * least once still holds: a worker that dies before this runs the batch's jobs again once their
 * lease ends, and handlers are idempotent.
 */
async function finishAll(db: Database, jobIds: number[]): Promise<void> {
  if (jobIds.length === 0) return;
  await db.execute(sql`
    update ${jobs} set status = 'done', locked_until = null, finished_at = now(), last_error = null
    where id = any(${`{${jobIds.join(',')}}`}::bigint[])`);
}

async function fail(db: Database, job: ClaimedJob, error: unknown): Promise<void> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  if (job.attempts >= job.maxAttempts) {
    await db.execute(sql`
      update ${jobs} set status = 'failed', locked_until = null, finished_at = now(), last_error = ${message}
      where id = ${job.id}`);
    return;
  }
  const retryAt = new Date(Date.now() + backoffMs(job.attempts));
  await db.execute(sql`
    update ${jobs} set run_at = ${retryAt.toISOString()}::timestamptz, locked_until = null, last_error = ${message}
    where id = ${job.id}`);
}

export interface JobRunner {
  /** One handler per queue, registered before `start`. */
  register(queue: string, handler: JobHandler): void;
  /** The same for a queue whose jobs are handled together (`JobBatchHandler`). */
  registerBatch(queue: string, handler: JobBatchHandler): void;
  /** A task run every `intervalMs` by each process's runner (so it must tolerate running twice). */
  every(name: string, intervalMs: number, task: PeriodicTask): void;
  /** Starts polling; `pollIntervalMs` 0 leaves the runner to `runDue` calls (tests). */
  start(): void;
  /** Stops polling and waits for the job in hand. */
  stop(): Promise<void>;
  /**
   * Runs every job due at `now` and every periodic task once with that time, until none is left;
   * a job that fails is retried later, not in this call. Returns how many jobs ran. The development
   * "advance time" tool and the tests drive the runner through this.
   */
  runDue(now?: Date): Promise<number>;
}

export function createJobRunner(options: { db: Database; log: FastifyBaseLogger; pollIntervalMs: number }): JobRunner {
  const handlers = new Map<string, JobHandler>();
  const batchHandlers = new Map<string, JobBatchHandler>();
  const periodic: { name: string; intervalMs: number; task: PeriodicTask; lastRunMs: number }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let isStopped = false;

  /** Runs the job's handler; true when it succeeded (the caller marks it done), false when it failed. */
  async function runJob(job: ClaimedJob, now: Date): Promise<boolean> {
    const handler = handlers.get(job.queue);
    try {
      if (handler === undefined) throw new Error(`no handler for queue ${job.queue}`);
      await handler(job.payload, { db: options.db, now, log: options.log, attempt: job.attempts });
      return true;
    } catch (error) {
      await failJob(job, error);
      return false;
    }
  }

  async function failJob(job: ClaimedJob, error: unknown): Promise<void> {
    options.log.warn({ err: error, jobId: job.id, queue: job.queue, attempt: job.attempts }, 'job failed');
    await fail(options.db, job, error);
  }

  /** Runs a batch queue's jobs together, or one by one when that fails; returns the ids done and failed. */
  async function runBatch(
    handler: JobBatchHandler,
    batch: ClaimedJob[],
    now: Date,
  ): Promise<{ done: number[]; failed: number[] }> {
    const context = (jobs: ClaimedJob[]) => ({
      db: options.db,
      now,
      log: options.log,
      attempt: Math.max(...jobs.map((job) => job.attempts)),
    });
    try {
      await handler(
        batch.map((job) => job.payload),
        context(batch),
      );
      return { done: batch.map((job) => job.id), failed: [] };
    } catch (error) {
      const [only] = batch;
      if (batch.length === 1 && only !== undefined) {
        await failJob(only, error);
        return { done: [], failed: [only.id] };
      }
      options.log.warn({ err: error, queue: only?.queue, jobs: batch.length }, 'job batch failed; one by one');
    }
    const result: { done: number[]; failed: number[] } = { done: [], failed: [] };
    for (const job of batch) {
      try {
        await handler([job.payload], context([job]));
        result.done.push(job.id);
      } catch (error) {
        await failJob(job, error);
        result.failed.push(job.id);
      }
    }
    return result;
  }

  async function runJobsDue(now: Date): Promise<number> {
    let ran = 0;
    // A failed job is retried later, not in this call, even when `now` is past its retry time;
    // done jobs are no longer pending, so only failures need excluding.
    const failed: number[] = [];
    for (;;) {
      if (ran >= RUN_DUE_LIMIT) return ran;
      const claimed = await claimDue(options.db, { due: now, exclude: failed });
      if (claimed.length === 0) return ran;
      const done: number[] = [];
      const batches = new Map<string, ClaimedJob[]>();
      for (const job of claimed) {
        ran += 1;
        if (batchHandlers.has(job.queue)) {
          batches.set(job.queue, [...(batches.get(job.queue) ?? []), job]);
          continue;
        }
        if (await runJob(job, now)) done.push(job.id);
        else failed.push(job.id);
      }
      for (const [queue, batch] of batches) {
        const handler = batchHandlers.get(queue);
        assert.ok(handler !== undefined);
        const outcome = await runBatch(handler, batch, now);
        done.push(...outcome.done);
        failed.push(...outcome.failed);
      }
      await finishAll(options.db, done);
    }
  }

  async function runPeriodic(now: Date, force: boolean): Promise<void> {
    for (const entry of periodic) {
      if (!force && Date.now() - entry.lastRunMs < entry.intervalMs) continue;
      entry.lastRunMs = Date.now();
      try {
        await entry.task({ db: options.db, now, log: options.log });
      } catch (error) {
        options.log.warn({ err: error, task: entry.name }, 'periodic task failed');
      }
    }
  }

  async function tick(): Promise<void> {
    const now = new Date();
    await runPeriodic(now, false);
    await runJobsDue(now);
  }

  function schedule(): void {
    if (isStopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((error: unknown) => options.log.error({ err: error }, 'job runner tick failed'))
        .finally(schedule);
    }, options.pollIntervalMs);
    timer.unref();
  }

  return {
    register(queue, handler) {
      assert.ok(QUEUE_PATTERN.test(queue), `bad queue name ${queue}`);
      assert.ok(!handlers.has(queue) && !batchHandlers.has(queue), `queue ${queue} registered twice`);
      handlers.set(queue, handler);
    },
    registerBatch(queue, handler) {
      assert.ok(QUEUE_PATTERN.test(queue), `bad queue name ${queue}`);
      assert.ok(!handlers.has(queue) && !batchHandlers.has(queue), `queue ${queue} registered twice`);
      batchHandlers.set(queue, handler);
    },
    every(name, intervalMs, task) {
      assert.ok(intervalMs >= 1000, 'periodic tasks run at most once a second');
      periodic.push({ name, intervalMs, task, lastRunMs: Date.now() });
    },
    start() {
      if (options.pollIntervalMs <= 0 || timer !== undefined) return;
      isStopped = false;
      schedule();
    },
    async stop() {
      isStopped = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      await running;
    },
    async runDue(now = new Date()) {
      await runPeriodic(now, true);
      return runJobsDue(now);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Durable jobs of this process: register handlers at start, enqueue with `enqueueJob`. */
    jobs: JobRunner;
  }
}
