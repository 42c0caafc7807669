import { NOTIFICATION_SETTINGS } from '@app/shared/api/security';
import type { Language } from '@app/shared/constants';
import { formatAmount } from '@app/shared/money';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { JobRunner } from '../../platform/jobs';
import { sendMails, type MailMessage } from '../../platform/messaging/messages';
import { brandNameOf } from '../auth/auth.service';
import * as customersService from '../customers/customers.service';
import { mailLanguagesOf } from '../registration/registration.service';
import { usersToNotify } from '../security/notification-settings.service';
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
 * The payees' e-mails about money received, for a batch of the queue's jobs in a few reads: the
 * transfers, the payees' users, their notification setting and their language. A payee's language
 * is the one they chose when they registered: the notice leaves from a job, outside any request of
 * theirs, and the database keeps no other language preference, so payees without a registration
 * profile (demo and admin-made users, addresses of no user) get English. Only a completed P2P
 * transfer is told, and a payee who switched the notice off (notification settings) is not.
 */
async function notifyPayees(db: Database, settings: TransferSettings, transferIds: number[]): Promise<void> {
  const transfers = (await repository.findTransfers(db, { transferIds })).filter(
    (transfer) => transfer.status === 'completed' && transfer.kind === 'p2p' && transfer.toEmail !== null,
  );
  const emails = transfers.map((transfer) => (transfer.toEmail ?? '').toLowerCase());
  const users = await customersService.findSignInUsersByEmails(db, { emails });
  const userIds = [...users.values()].map((user) => user.id);
  const allowed = await usersToNotify(db, { userIds, setting: 'transferReceivedEmail' });
  const languages = await mailLanguagesOf(db, { userIds });
  const mails: MailMessage[] = [];
  for (const transfer of transfers) {
    const email = transfer.toEmail ?? '';
    const user = users.get(email.toLowerCase());
    // An address without a user gets the setting's default.
    if (user === undefined ? !NOTIFICATION_SETTINGS.transferReceivedEmail.defaultValue : !allowed.has(user.id))
      continue;
    const language: Language = (user === undefined ? undefined : languages.get(user.id)) ?? 'en';
    const texts = payeeNoticeTextsIn(language);
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
    mails.push({ to: email, subject: texts.subject(facts), text: lines.join('\n') });
  }
  await sendMails(settings.messaging.mail, mails);
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
  runner.registerBatch(NOTIFY_PAYEE_QUEUE, async (payloads, { db }) => {
    const transferIds = payloads.map((payload) => transferJobSchema.parse(payload).transferId);
    await notifyPayees(db, settings, transferIds);
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
