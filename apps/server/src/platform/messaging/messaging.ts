import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createHttpSmsSender } from './http-sms-sender';
import type { Messaging } from './messages';
import { createOutboxMailSender, createOutboxSmsSender } from './outbox-senders';
import { createSmtpMailSender } from './smtp-mail-sender';

/**
 * Mail and SMS leave through two interfaces (DESIGN.md §1). Configuration picks the adapter: the
 * outbox (development default: rows in `outbound_messages`, shown at /dev/outbox) or the production
 * relays (SMTP, an HTTP SMS gateway), which record each delivery without its body. A failed delivery
 * is recorded, then thrown as MessageDeliveryError for the caller to report.
 *
 * Route and method handlers reach it as `request.server.messaging` (decorated in app.ts).
 */
export interface CreateMessagingOptions {
  config: Pick<Config, 'mail' | 'sms'>;
  db: Database;
  log: FastifyBaseLogger;
}

export function createMessaging(options: CreateMessagingOptions): Messaging {
  const { config, db, log } = options;
  const mail =
    config.mail.transport === 'smtp'
      ? createSmtpMailSender({ smtpUrl: required(config.mail.smtpUrl, 'SMTP_URL'), from: config.mail.from, db, log })
      : createOutboxMailSender(db);
  const sms =
    config.sms.transport === 'http'
      ? createHttpSmsSender({
          gatewayUrl: required(config.sms.gatewayUrl, 'SMS_GATEWAY_URL'),
          gatewayToken: required(config.sms.gatewayToken, 'SMS_GATEWAY_TOKEN'),
          db,
          log,
        })
      : createOutboxSmsSender(db);
  return { mail, sms };
}

function required(value: string | undefined, variable: string): string {
  if (value === undefined) throw new Error(`${variable} is required by the configured message transport`);
  return value;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Mail and SMS, through the configured adapters. */
    messaging: Messaging;
  }
}
