import { randomUUID } from 'node:crypto';
import type { videoIdentityJobSchema } from '@app/shared/api/documents';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { errors } from '../../platform/errors';
import { enqueueJob, type JobRunner } from '../../platform/jobs';
import { notifyCustomer } from '../notifications/notifications.service';
import * as repository from './documents.repository';

/**
 * Video identity (spec 000 §2 `video-identity-job/{id}`): the customer holds a short video call
 * with the identity provider, which reports the outcome later. The provider is an adapter; the
 * sandbox one here accepts every session and reports asynchronously through a durable job, as the
 * real one reports through its webhook.
 */

export interface VideoIdentityProvider {
  readonly name: string;
  readonly isSandbox: boolean;
  /** Opens a session at the provider; returns its reference. */
  startSession(params: { customerId: number; jobId: string }): Promise<{ reference: string }>;
}

export const COMPLETE_VIDEO_IDENTITY_QUEUE = 'documents.videoIdentityComplete';
/** How long the sandbox takes to "review" the call: long enough for the page to show it waiting. */
export const SANDBOX_VIDEO_IDENTITY_DELAY_MS = 4_000;
/** A customer has at most this many sessions waiting at once. */
const MAX_PENDING_SESSIONS = 1;

export const sandboxVideoIdentityProvider: VideoIdentityProvider = {
  name: 'sandbox',
  isSandbox: true,
  startSession: ({ jobId }) => Promise.resolve({ reference: `sandbox-${jobId.slice(0, 8)}` }),
};

type VideoIdentityJob = z.infer<typeof videoIdentityJobSchema>;

function jobViewOf(row: repository.VideoIdentityJobRow, provider: VideoIdentityProvider): VideoIdentityJob {
  return {
    id: row.publicId,
    status: row.status,
    provider: row.provider,
    isSandbox: row.provider === provider.name && provider.isSandbox,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString(),
    failureReason: row.failureReason ?? undefined,
  };
}

export async function startVideoIdentity(
  db: Database,
  params: { customerId: number; userId: number; ip: string | null; provider: VideoIdentityProvider },
): Promise<VideoIdentityJob> {
  const publicId = randomUUID();
  const session = await params.provider.startSession({ customerId: params.customerId, jobId: publicId });
  const row = await db.transaction(async (tx) => {
    if ((await repository.countPendingVideoJobs(tx, { customerId: params.customerId })) >= MAX_PENDING_SESSIONS) {
      throw errors.invalidParams('A video identity session is already in progress.');
    }
    const created = await repository.insertVideoIdentityJob(tx, {
      publicId,
      customerId: params.customerId,
      provider: params.provider.name,
      providerReference: session.reference,
    });
    await recordAudit(tx, {
      actorUserId: params.userId,
      customerId: params.customerId,
      action: 'documents.videoIdentityStarted',
      details: { jobId: publicId },
      ip: params.ip,
    });
    if (params.provider.isSandbox) {
      await enqueueJob(tx, {
        queue: COMPLETE_VIDEO_IDENTITY_QUEUE,
        payload: { jobId: created.id, outcome: 'validated' },
        runAt: new Date(Date.now() + SANDBOX_VIDEO_IDENTITY_DELAY_MS),
        singletonKey: `video-identity-${created.id}`,
      });
    }
    return created;
  });
  return jobViewOf(row, params.provider);
}

export async function videoIdentityJob(
  db: Database,
  params: { customerId: number; publicId: string; provider: VideoIdentityProvider },
): Promise<VideoIdentityJob> {
  const row = await repository.findVideoIdentityJob(db, params);
  // Another customer's session answers like a missing one.
  if (row === null) throw errors.noAccess('This video identity session does not exist.');
  return jobViewOf(row, params.provider);
}

const completionSchema = z.object({
  jobId: z.number().int().positive(),
  outcome: z.enum(['validated', 'rejected']),
  failureReason: z.string().max(200).optional(),
});

/** The provider's report: idempotent, a replayed report finds the session complete and does nothing. */
export async function completeVideoIdentity(db: Database, payload: unknown, now: Date): Promise<void> {
  const report = completionSchema.parse(payload);
  await db.transaction(async (tx) => {
    const completed = await repository.completeVideoIdentityJob(tx, {
      id: report.jobId,
      status: report.outcome,
      failureReason: report.failureReason ?? null,
      now,
    });
    if (completed === null) return;
    await recordAudit(tx, {
      actorUserId: null,
      customerId: completed.customerId,
      action: 'documents.videoIdentityCompleted',
      details: { jobId: completed.publicId, outcome: report.outcome },
      ip: null,
    });
    await notifyCustomer(tx, {
      customerId: completed.customerId,
      type: report.outcome === 'validated' ? 'info' : 'documentRejected',
      status: report.outcome === 'validated' ? 'success' : 'error',
      payload: { event: 'videoIdentityCompleted', jobId: completed.publicId, outcome: report.outcome },
    });
  });
}

export function registerDocumentJobs(runner: JobRunner): void {
  runner.register(COMPLETE_VIDEO_IDENTITY_QUEUE, (payload, { db, now }) => completeVideoIdentity(db, payload, now));
}
