import type { Config } from '../../config';

/** The contract every mail and SMS adapter keeps; `messaging.ts` picks the adapters. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface SmsMessage {
  /** E.164, e.g. +40712345678. */
  to: string;
  text: string;
}

export interface SentMessage {
  /** The provider's id of the message (or the outbox's), for support and delivery reports. */
  reference: string;
}

export interface MailSender {
  readonly transport: Config['mail']['transport'];
  send(message: MailMessage): Promise<SentMessage>;
  /** Many messages in one go where the transport can (the outbox: one insert); see `sendMails`. */
  sendAll?(messages: MailMessage[]): Promise<SentMessage[]>;
}

/** Sends each message, all in one go where the sender can, else one after another. */
export async function sendMails(sender: MailSender, messages: MailMessage[]): Promise<SentMessage[]> {
  if (messages.length === 0) return [];
  if (sender.sendAll !== undefined) return sender.sendAll(messages);
  const sent: SentMessage[] = [];
  for (const message of messages) sent.push(await sender.send(message));
  return sent;
}

export interface SmsSender {
  readonly transport: Config['sms']['transport'];
  send(message: SmsMessage): Promise<SentMessage>;
}

export interface Messaging {
  mail: MailSender;
  sms: SmsSender;
}

export class MessageDeliveryError extends Error {
  constructor(channel: 'mail' | 'sms', options: { cause: unknown }) {
    super(`The ${channel === 'mail' ? 'e-mail' : 'SMS'} could not be sent`, options);
    this.name = 'MessageDeliveryError';
  }
}

const MAX_RECIPIENT_LENGTH = 254;
const MAX_SUBJECT_LENGTH = 200;
const MAX_MAIL_TEXT_LENGTH = 100_000;
const MAX_MAIL_HTML_LENGTH = 500_000;
/** Ten concatenated GSM-7 segments. */
const MAX_SMS_TEXT_LENGTH = 1_530;
const E164_PATTERN = /^\+[1-9]\d{6,14}$/;
const LINE_BREAK_PATTERN = /[\r\n]/;

/** Callers validate what users type; breaking these limits is a bug, so it throws plainly. */
export function assertMailMessage(message: MailMessage): void {
  if (message.to.length === 0 || message.to.length > MAX_RECIPIENT_LENGTH || LINE_BREAK_PATTERN.test(message.to)) {
    throw new Error('Mail recipient is empty, too long or has a line break');
  }
  if (message.subject.length > MAX_SUBJECT_LENGTH || LINE_BREAK_PATTERN.test(message.subject)) {
    throw new Error('Mail subject is too long or has a line break');
  }
  if (message.text.length > MAX_MAIL_TEXT_LENGTH) throw new Error('Mail text is too long');
  if (message.html !== undefined && message.html.length > MAX_MAIL_HTML_LENGTH)
    throw new Error('Mail HTML is too long');
}

export function assertSmsMessage(message: SmsMessage): void {
  if (!E164_PATTERN.test(message.to)) throw new Error('SMS recipient must be an E.164 number');
  if (message.text.length === 0 || message.text.length > MAX_SMS_TEXT_LENGTH)
    throw new Error('SMS text is empty or too long');
}
