import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { assertMailMessage, assertSmsMessage, type MailMessage, type MailSender, type SmsSender } from './messages';
import { insertOutboundMessage, insertOutboundMessages } from './outbound-messages.repository';

/**
 * Development adapters: nothing leaves the machine; each message is stored whole (body included)
 * so a developer or a browser test can read the link or code at /dev/outbox.
 */
export function createOutboxMailSender(db: Database): MailSender {
  const stored = (message: MailMessage) => {
    assertMailMessage(message);
    return {
      channel: 'mail' as const,
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      status: 'stored' as const,
      providerReference: `outbox-${randomUUID()}`,
    };
  };
  return {
    transport: 'outbox',
    async send(message) {
      const row = stored(message);
      await insertOutboundMessages(db, [row]);
      return { reference: row.providerReference };
    },
    async sendAll(messages) {
      const rows = messages.map(stored);
      await insertOutboundMessages(db, rows);
      return rows.map((row) => ({ reference: row.providerReference }));
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
