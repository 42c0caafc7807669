import { z } from 'zod';
import type { JobRunner } from '../../platform/jobs';
import type { LiveChannel } from '../../platform/live-channel';
import { ANNOUNCE_NEWS_QUEUE, announceBatch } from './news.service';

const announcePayloadSchema = z.object({
  newsId: z.number().int().positive(),
  afterCustomerId: z.number().int().min(0),
});

export function registerNewsJobs(runner: JobRunner, options: { live: Pick<LiveChannel, 'publish'> }): void {
  runner.register(ANNOUNCE_NEWS_QUEUE, async (payload, { db }) => {
    await announceBatch(db, options.live, announcePayloadSchema.parse(payload));
  });
}
