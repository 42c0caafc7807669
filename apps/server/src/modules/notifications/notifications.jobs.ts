import type { JobContext, JobRunner } from '../../platform/jobs';
import { documentsExpiringBetween } from '../documents/documents-expiry.service';
import { raiseCustomerNotification } from './notifications.service';

/** A document expiring within this many days raises documentExpSoon. */
export const DOCUMENT_EXPIRES_SOON_DAYS = 30;
/**
 * Documents that expired up to this many days ago still raise documentExpired (the job may not have
 * run on the day); older ones were either notified then or predate the notifications.
 */
export const DOCUMENT_EXPIRED_LOOKBACK_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

function dayOf(date: Date, offsetDays = 0): string {
  return new Date(date.getTime() + offsetDays * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Raises documentExpSoon and documentExpired from the documents' expiry days. Each is raised once per
 * document and expiry day (the dedupe key), so hourly runs on several processes notify once, and a
 * renewed date warns again. Each notification commits on its own: one failure does not undo others.
 */
export async function raiseDocumentExpiryNotifications({
  db,
  now,
}: Pick<JobContext, 'db' | 'now'>): Promise<{ raised: number }> {
  const today = dayOf(now);
  let raised = 0;
  const expired = await documentsExpiringBetween(db, {
    from: dayOf(now, -DOCUMENT_EXPIRED_LOOKBACK_DAYS),
    to: dayOf(now, -1),
  });
  const soon = await documentsExpiringBetween(db, { from: today, to: dayOf(now, DOCUMENT_EXPIRES_SOON_DAYS) });
  const batches = [
    { type: 'documentExpired', status: 'error', documents: expired },
    { type: 'documentExpSoon', status: 'warning', documents: soon },
  ] as const;
  for (const { type, status, documents } of batches) {
    for (const document of documents) {
      const isRaised = await db.transaction((tx) =>
        raiseCustomerNotification(tx, {
          customerId: document.customerId,
          type,
          status,
          payload: {
            documentId: document.documentId,
            kind: document.kind,
            documentTypeId: document.documentTypeId,
            expiresDate: document.expiresDate,
          },
          dedupeKey: `${type}:${document.documentId}:${document.expiresDate}`,
        }),
      );
      if (isRaised) raised += 1;
    }
  }
  return { raised };
}

export function registerNotificationJobs(runner: JobRunner): void {
  runner.every('notifications.documentExpiry', HOUR_MS, raiseDocumentExpiryNotifications);
}
