import { z } from 'zod';
import type { JobRunner } from '../../platform/jobs';
import * as exportsRepository from './history-exports.repository';
import { HISTORY_EXPORT_TTL_MS, prepareExport, PREPARE_HISTORY_EXPORT_QUEUE } from './history-exports.service';

const preparePayloadSchema = z.object({ exportId: z.uuid() });
const PURGE_INTERVAL_MS = 6 * 60 * 60 * 1000;
const PURGE_BATCH_LIMIT = 1_000;

/** Jobs of the history domain: count a started export; forget exports a week after they expired. */
export function registerHistoryJobs(runner: JobRunner): void {
  runner.register(PREPARE_HISTORY_EXPORT_QUEUE, async (payload, { db, now }) => {
    const { exportId } = preparePayloadSchema.parse(payload);
    await prepareExport(db, { exportId, now });
  });
  runner.every('history.purgeExpiredExports', PURGE_INTERVAL_MS, ({ db, now }) =>
    exportsRepository.deleteExpiredExports(db, {
      before: new Date(now.getTime() - HISTORY_EXPORT_TTL_MS),
      limit: PURGE_BATCH_LIMIT,
    }),
  );
}
