import type { Language } from '@app/shared/constants';
import { formatAmount } from '@app/shared/money';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { JobRunner } from '../../platform/jobs';
import { brandNameOf } from '../auth/auth.service';
import * as customersService from '../customers/customers.service';
import { mailLanguageOf } from '../registration/registration.service';
import { canNotifyEmail } from '../security/notification-settings.service';
import { registerRateJobs } from './exchange-rate-lookup';
import { EXPIRE_APPROVAL_QUEUE } from './approval-challenges';
import { payeeNoticeTextsIn } from './payee-notice-texts';
import { expireChallenge, expireOverdueChallenges } from './transfer-approvals';
import { NOTIFY_PAYEE_QUEUE } from './transfer-execution';
import type { TransferSettings } from './transfer-settings';
import * as repository from './transfers.repository';
import { RUN_STANDING_ORDER_QUEUE, runStandingOrder } from './standing-orders';

/**
 * Durable work of the transfers domain. Every handler is idempotent (delivery is at least once):
 * an expiry rejects only a transfer still waiting, a standing order's run is made once per run
 * number, and the payee's e-mail is sent only for a completed transfer (a crash between the send
 * and the job's completion can send it twice, which a notice survives).
 */

/** Daily usage is kept two days (a day's limit is all it serves), purged hourly in batches. */
const DAILY_USAGE_RETENTION_DAYS = 2;
const PURGE_INTERVAL_MS = 60 * 60 * 1000;
const PURGE_BATCH_LIMIT = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The sweep behind the expiry jobs: a transfer never waits long past its challenge. */
export const OVERDUE_APPROVALS_SWEEP_MS = 5 * 60 * 1000;

const transferJobSchema = z.object({ transferId: z.number().int().positive() });
const standingOrderJobSchema = z.object({
  standingOrderId: z.number().int().positive(),
  runNumber: z.number().int().min(2),
});

/**
 * The payee's language: the one they chose when they registered. The notice leaves from a job,
 * outside any request of theirs, and the database keeps no other language preference, so payees
 * without a registration profile (demo and admin-made users, addresses of no user) get English.
 */
async function payeeLanguageOf(db: Database, email: string): Promise<Language> {
  const payee = await customersService.findSignInUserByEmail(db, { email: email.toLowerCase() });
  if (payee === null) return 'en';
  return (await mailLanguageOf(db, { userId: payee.id })) ?? 'en';
}

async function notifyPayee(db: Database, settings: TransferSettings, transferId: number): Promise<void> {
  const transfer = await repository.findTransfer(db, { transferId });
  if (transfer?.status !== 'completed' || transfer.kind !== 'p2p' || transfer.toEmail === null) return;
  // An optional notice: the payee may have switched it off (notification settings).
  if (!(await canNotifyEmail(db, { email: transfer.toEmail, setting: 'transferReceivedEmail' }))) return;
  const texts = payeeNoticeTextsIn(await payeeLanguageOf(db, transfer.toEmail));
  const facts = {
    brand: brandNameOf(settings.brand),
    amount: `${formatAmount(transfer.toAmountMinor, transfer.toCurrency)} ${transfer.toCurrency}`,
    currency: transfer.toCurrency,
    from: transfer.fromEmail,
    transferId: transfer.id,
  };
  const lines = [
    texts.received(facts),
    ...(transfer.note === null ? [] : [texts.note(transfer.note)]),
    ...(transfer.reference === null ? [] : [texts.reference(transfer.reference)]),
    '',
    texts.closing(facts),
  ];
  await settings.messaging.mail.send({ to: transfer.toEmail, subject: texts.subject(facts), text: lines.join('\n') });
}

export function registerTransferJobs(runner: JobRunner, settings: TransferSettings): void {
  runner.register(EXPIRE_APPROVAL_QUEUE, async (payload, { db, now }) => {
    const { transferId } = transferJobSchema.parse(payload);
    await expireChallenge(db, settings, { transferId, now });
  });
  runner.register(RUN_STANDING_ORDER_QUEUE, async (payload, { db, now }) => {
    const { standingOrderId, runNumber } = standingOrderJobSchema.parse(payload);
    await runStandingOrder(db, settings, { orderId: standingOrderId, runNumber, now });
  });
  runner.register(NOTIFY_PAYEE_QUEUE, async (payload, { db }) => {
    const { transferId } = transferJobSchema.parse(payload);
    await notifyPayee(db, settings, transferId);
  });
  runner.every('transfers.expireOverdueApprovals', OVERDUE_APPROVALS_SWEEP_MS, ({ db, now }) =>
    expireOverdueChallenges(db, settings, { now }),
  );
  runner.every('transfers.purgeDailyUsage', PURGE_INTERVAL_MS, ({ db, now }) =>
    repository.purgeDailyUsage(db, {
      beforeDay: new Date(now.getTime() - DAILY_USAGE_RETENTION_DAYS * DAY_MS).toISOString().slice(0, 10),
      limit: PURGE_BATCH_LIMIT,
    }),
  );
  registerRateJobs(runner, { provider: settings.rates });
}
