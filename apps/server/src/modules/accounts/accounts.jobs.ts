import { z } from 'zod';
import type { JobRunner } from '../../platform/jobs';
import type { LiveChannel } from '../../platform/live-channel';
import { settleIncomingTransfer, SETTLE_INCOMING_TRANSFER_QUEUE } from './incoming-transfers.service';

const settlePayloadSchema = z.object({ incomingTransferId: z.number().int().positive() });

/** Jobs of the accounts domain: the incoming rail settles what it reported. */
export function registerAccountsJobs(runner: JobRunner, options: { live: LiveChannel }): void {
  runner.register(SETTLE_INCOMING_TRANSFER_QUEUE, async (payload, { db, now }) => {
    const { incomingTransferId } = settlePayloadSchema.parse(payload);
    await settleIncomingTransfer(db, { incomingTransferId, now, live: options.live });
  });
}
