import { sql } from 'drizzle-orm';
import { jobs } from '../db/schema/platform';
import { IDEMPOTENCY_KEY_RETENTION_DAYS, purgeIdempotencyKeys } from './idempotency';
import { FINISHED_JOB_RETENTION_MS, type JobRunner } from './jobs';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const PURGE_BATCH_LIMIT = 10_000;

/** Housekeeping of the platform's own tables, in batches so that no run holds locks for long. */
export function registerPlatformJobs(runner: JobRunner): void {
  runner.every('platform.purgeIdempotencyKeys', HOUR_MS, ({ db, now }) =>
    purgeIdempotencyKeys(db, { createdBefore: new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_DAYS * DAY_MS) }),
  );
  runner.every('platform.purgeFinishedJobs', HOUR_MS, ({ db, now }) =>
    db.execute(sql`
      delete from ${jobs} where id in (
        select id from ${jobs}
        where status <> 'pending' and finished_at < ${new Date(now.getTime() - FINISHED_JOB_RETENTION_MS).toISOString()}::timestamptz
        limit ${PURGE_BATCH_LIMIT})`),
  );
}
