import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { assertMailMessage, assertSmsMessage, type MailSender, type SmsSender } from './messages';
import { insertOutboundMessage } from './outbound-messages.repository';

/**
 * Development adapters: nothing leaves the machine; each message is stored whole (body included)
 * so a developer or a browser test can read the link or code at /dev/outbox.
 */
export function createOutboxMailSender(db: Database): MailSender {
  return {
    transport: 'outbox',
    async send(message) {
      assertMailMessage(message);
      const reference = `outbox-${randomUUID()}`;
      await insertOutboundMessage(db, {
        channel: 'mail',
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        status: 'stored',
        providerReference: reference,
      });
      return { reference };
    },
  };
}

export function createOutboxSmsSender(db: Database): SmsSender {
  return {
    transport: 'outbox',
    async send(message) {
      assertSmsMessage(message);
      const reference = `outbox-${randomUUID()}`;
      await insertOutboundMessage(db, {
        channel: 'sms',
        recipient: message.to,
        subject: null,
        body: message.text,
        status: 'stored',
        providerReference: reference,
      });
      return { reference };
    },
  };
}
