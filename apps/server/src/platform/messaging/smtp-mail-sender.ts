import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import { recordDelivery } from './delivery-record';
import { assertMailMessage, MessageDeliveryError, type MailSender } from './messages';

/** Production mail through an SMTP relay (`SMTP_URL`, smtps:// for implicit TLS). */
export interface SmtpMailSenderOptions {
  smtpUrl: string;
  from: string;
  db: Database;
  log: FastifyBaseLogger;
}

const SMTP_TIMEOUT_MS = 10_000;

export function createSmtpMailSender(options: SmtpMailSenderOptions): MailSender {
  const { db, log } = options;
  const transporter = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    transport: 'smtp',
    async send(message) {
      assertMailMessage(message);
      try {
        const info = await transporter.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        await recordDelivery(db, log, {
          channel: 'mail',
          recipient: message.to,
          subject: message.subject,
          status: 'sent',
          providerReference: info.messageId,
        });
        return { reference: info.messageId };
      } catch (error) {
        log.warn({ err: error }, 'mail delivery failed');
        await recordDelivery(db, log, {
          channel: 'mail',
          recipient: message.to,
          subject: message.subject,
          status: 'failed',
          providerReference: null,
        });
        throw new MessageDeliveryError('mail', { cause: error });
      }
    },
  };
}
