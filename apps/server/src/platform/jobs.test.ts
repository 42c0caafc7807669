import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helper';
import type { Database } from '../db/client';
import { jobs } from '../db/schema/platform';
import { createJobRunner, enqueueJob, JOB_LEASE_MS, type JobPayload } from './jobs';

let database: TestDatabase;
let db: Database;
const log = Fastify({ logger: false }).log;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
});

afterAll(async () => {
  await database.dispose();
});

async function statusOf(queue: string) {
  return db
    .select({ status: jobs.status, attempts: jobs.attempts, lastError: jobs.lastError })
    .from(jobs)
    .where(eq(jobs.queue, queue));
}

describe('durable jobs', () => {
  it('runs a job enqueued in a committed transaction, and never one whose transaction rolled back', async () => {
    const runner = createJobRunner({ db, log, pollIntervalMs: 0 });
    const seen: JobPayload[] = [];
    runner.register('test.commit', (payload) => {
      seen.push(payload);
      return Promise.resolve();
    });
    await db.transaction(async (tx) => enqueueJob(tx, { queue: 'test.commit', payload: { n: 1 } }));
    await expect(
      db.transaction(async (tx) => {
        await enqueueJob(tx, { queue: 'test.commit', payload: { n: 2 } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await statusOf('test.commit')).toEqual([{ status: 'done', attempts: 1, lastError: null }]);
    // Done is done: a second pass runs nothing.
    expect(await runner.runDue()).toBe(0);
  });

  it('waits for runAt: a job for tomorrow runs only when the clock is advanced to it', async () => {
    const runner = createJobRunner({ db, log, pollIntervalMs: 0 });
    const times: Date[] = [];
    runner.register('test.later', (_payload, context) => {
      times.push(context.now);
      return Promise.resolve();
    });
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await enqueueJob(db, { queue: 'test.later', payload: {}, runAt: tomorrow });
    expect(await runner.runDue()).toBe(0);
    const later = new Date(tomorrow.getTime() + 1000);
    expect(await runner.runDue(later)).toBe(1);
    expect(times).toEqual([later]);
  });

  it('retries a failing job with backoff, then marks it failed after its attempts', async () => {
    const runner = createJobRunner({ db, log, pollIntervalMs: 0 });
    let calls = 0;
    runner.register('test.flaky', () => {
      calls += 1;
      return Promise.reject(new Error(`rail down ${calls}`));
    });
    await enqueueJob(db, { queue: 'test.flaky', payload: {}, maxAttempts: 2 });
    expect(await runner.runDue()).toBe(1);
    // The retry waits for its backoff: not due now, due an hour later.
    expect(await runner.runDue()).toBe(0);
    expect(await statusOf('test.flaky')).toEqual([{ status: 'pending', attempts: 1, lastError: 'rail down 1' }]);
    expect(await runner.runDue(new Date(Date.now() + 60 * 60 * 1000))).toBe(1);
    expect(await statusOf('test.flaky')).toEqual([{ status: 'failed', attempts: 2, lastError: 'rail down 2' }]);
    expect(calls).toBe(2);
  });

  it('marks a batch of jobs done together, retries only the one that failed, and never twice in one call', async () => {
    const runner = createJobRunner({ db, log, pollIntervalMs: 0 });
    const runs: number[] = [];
    runner.register('test.batch', (payload) => {
      const n = Number(payload.n);
      runs.push(n);
      // The second job fails once, then succeeds.
      return n === 2 && runs.filter((run) => run === 2).length === 1
        ? Promise.reject(new Error('mailbox full'))
        : Promise.resolve();
    });
    for (const n of [1, 2, 3]) await enqueueJob(db, { queue: 'test.batch', payload: { n } });
    // Far enough ahead that the failed job's retry is due by then: still not run again in this call.
    const muchLater = new Date(Date.now() + 60 * 60 * 1000);
    expect(await runner.runDue(muchLater)).toBe(3);
    expect(runs).toEqual([1, 2, 3]);
    const statuses = await db
      .select({ n: sql<number>`(${jobs.payload} ->> 'n')::int`, status: jobs.status, lastError: jobs.lastError })
      .from(jobs)
      .where(eq(jobs.queue, 'test.batch'))
      .orderBy(jobs.id);
    expect(statuses).toEqual([
      { n: 1, status: 'done', lastError: null },
      { n: 2, status: 'pending', lastError: 'mailbox full' },
      { n: 3, status: 'done', lastError: null },
    ]);
    expect(await runner.runDue(muchLater)).toBe(1);
    expect(runs).toEqual([1, 2, 3, 2]);
    expect((await statusOf('test.batch')).every((job) => job.status === 'done')).toBe(true);
  });

  it('hands the jobs of a batch queue to its handler together; when that throws, one by one, so a bad job fails alone', async () => {
    const runner = createJobRunner({ db, log, pollIntervalMs: 0 });
    const calls: JobPayload[][] = [];
    const single: JobPayload[] = [];
    let isBroken = true;
    runner.registerBatch('test.together', (payloads) => {
      calls.push(payloads);
      // The job n: 2 is bad until mended; any batch holding it fails.
      if (isBroken && payloads.some((payload) => payload.n === 2)) return Promise.reject(new Error('bad job'));
      return Promise.resolve();
    });
    runner.register('test.alone', (payload) => {
      single.push(payload);
      return Promise.resolve();
    });
    for (const n of [1, 2, 3]) await enqueueJob(db, { queue: 'test.together', payload: { n } });
    await enqueueJob(db, { queue: 'test.alone', payload: { n: 4 } });
    expect(await runner.runDue()).toBe(4);
    expect(calls).toEqual([[{ n: 1 }, { n: 2 }, { n: 3 }], [{ n: 1 }], [{ n: 2 }], [{ n: 3 }]]);
    expect(single).toEqual([{ n: 4 }]);
    const rows = await db
      .select({ payload: jobs.payload, status: jobs.status, attempts: jobs.attempts, lastError: jobs.lastError })
      .from(jobs)
      .where(eq(jobs.queue, 'test.together'))
      .orderBy(jobs.id);
    expect(rows.map((row) => [row.payload, row.status, row.attempts, row.lastError])).toEqual([
      [{ n: 1 }, 'done', 1, null],
      [{ n: 2 }, 'pending', 1, 'bad job'],
      [{ n: 3 }, 'done', 1, null],
    ]);
    isBroken = false;
    expect(await runner.runDue(new Date(Date.now() + 60 * 60 * 1000))).toBe(1);
    expect(calls.at(-1)).toEqual([{ n: 2 }]);
    expect((await statusOf('test.together')).map((row) => row.status)).toEqual(['done', 'done', 'done']);
    expect(() => runner.register('test.together', () => Promise.resolve())).toThrow(/registered twice/);
  });

  it('keeps one pending job per singleton key', async () => {
    const runner = createJobRunner({ db, log, pollIntervalMs: 0 });
    runner.register('test.single', () => Promise.resolve());
    await enqueueJob(db, { queue: 'test.single', payload: { a: 1 }, singletonKey: 'order-7' });
    await enqueueJob(db, { queue: 'test.single', payload: { a: 2 }, singletonKey: 'order-7' });
    expect(await statusOf('test.single')).toHaveLength(1);
    expect(await runner.runDue()).toBe(1);
    // Once done, the key is free for the next run of the same order.
    await enqueueJob(db, { queue: 'test.single', payload: { a: 3 }, singletonKey: 'order-7' });
    expect(await runner.runDue()).toBe(1);
  });

  it('does not run a job another worker holds, and runs it again when that worker’s lease ends', async () => {
    const runner = createJobRunner({ db, log, pollIntervalMs: 0 });
    let calls = 0;
    runner.register('test.leased', () => {
      calls += 1;
      return Promise.resolve();
    });
    await enqueueJob(db, { queue: 'test.leased', payload: {} });
    // Another process claimed it a moment ago and is still working.
    await db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() + JOB_LEASE_MS), attempts: 1 })
      .where(eq(jobs.queue, 'test.leased'));
    expect(await runner.runDue()).toBe(0);
    // That process died: its lease ran out without the job being marked done.
    await db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.queue, 'test.leased'));
    expect(await runner.runDue()).toBe(1);
    expect(calls).toBe(1);
    expect(await statusOf('test.leased')).toEqual([{ status: 'done', attempts: 2, lastError: null }]);
  });

  it('runs periodic tasks with the time asked for', async () => {
    const runner = createJobRunner({ db, log, pollIntervalMs: 0 });
    const times: Date[] = [];
    runner.every('test.sweep', 60_000, ({ now }) => {
      times.push(now);
      return Promise.resolve();
    });
    const at = new Date('2030-01-01T00:00:00Z');
    await runner.runDue(at);
    expect(times).toEqual([at]);
  });

  it('refuses a malformed queue name', async () => {
    await expect(enqueueJob(db, { queue: 'No Dots', payload: {} })).rejects.toThrow(/queue/);
  });
});
