import { SENT_CODE_TTL_SECONDS, SIGN_IN_CODE_TTL_SECONDS } from '@app/shared/api/auth';
import type { Language } from '@app/shared/constants';
import type { Database } from '../../db/client';
import type { VerificationChannel, VerificationPurpose } from '../../db/schema/auth';
import { errors } from '../../platform/errors';
import type { Messaging } from '../../platform/messaging/messages';
import { isSameSecret, newSixDigitCode, newTwoDigitIdentifier, sha256Hex } from './auth-secrets';
import * as loginRequestsRepository from './login-requests.repository';
import { sentCodeTextsIn } from './sent-code-texts';

/**
 * Six-digit codes sent by SMS or e-mail: for a sign-in (sms, verifyDevice) or a device approval
 * (sms, approvalCode). The code row is written in the caller's transaction; the message leaves
 * after it commits (`deliverSentCode`), so a rolled-back request never sends one, and a message
 * is never sent for a code the database does not hold.
 */
export const MAX_CODE_RESENDS = 3;
export const CODE_RESEND_COOLDOWN_SECONDS = 60;
/** Against SMS pumping and mail floods: codes one user can be sent per channel per hour. */
export const MAX_CODES_PER_USER_PER_HOUR: Record<VerificationChannel, number> = { sms: 10, email: 10 };

export interface SentCodeSubject {
  userId: number;
  purpose: VerificationPurpose;
  /** The login request id, or the device id. */
  subjectKey: string;
}

/** What leaves once the transaction committed. */
export interface CodeDelivery {
  channel: VerificationChannel;
  recipient: string;
  code: string;
  identifier: string;
  purpose: VerificationPurpose;
}

export interface IssuedCode {
  delivery: CodeDelivery;
  identifier: string;
  resendsLeft: number;
  codeExpiresInSeconds: number;
}

export type SentCodeCheck = 'valid' | 'wrong' | 'expired';

async function assertHourlyBudget(db: Database, params: { userId: number; channel: VerificationChannel }) {
  const sent = await loginRequestsRepository.countCodesSentLastHour(db, params);
  if (sent >= MAX_CODES_PER_USER_PER_HOUR[params.channel]) throw errors.rateLimited(3_600);
}

async function storeNewCode(
  db: Database,
  subject: SentCodeSubject & { channel: VerificationChannel; recipient: string },
): Promise<IssuedCode> {
  await assertHourlyBudget(db, { userId: subject.userId, channel: subject.channel });
  const code = newSixDigitCode();
  const identifier = newTwoDigitIdentifier();
  const row = await loginRequestsRepository.upsertVerificationCode(db, {
    ...subject,
    codeHash: sha256Hex(`${subject.subjectKey}:${code}`),
    identifier,
    ttlSeconds: SENT_CODE_TTL_SECONDS,
  });
  return {
    delivery: { channel: subject.channel, recipient: subject.recipient, code, identifier, purpose: subject.purpose },
    identifier,
    resendsLeft: Math.max(0, MAX_CODE_RESENDS + 1 - row.sendCount),
    codeExpiresInSeconds: SENT_CODE_TTL_SECONDS,
  };
}

/** A first code for the subject (or a fresh start of it, e.g. a device approval begun again). */
export async function issueSentCode(
  db: Database,
  subject: SentCodeSubject & { channel: VerificationChannel; recipient: string },
): Promise<IssuedCode> {
  await loginRequestsRepository.deleteVerificationCode(db, subject);
  return storeNewCode(db, subject);
}

/**
 * Another code for the subject, to the same recipient: at most MAX_CODE_RESENDS times, not within
 * the cool-down of the last one. The previous code stops working.
 */
export async function resendSentCode(db: Database, subject: SentCodeSubject): Promise<IssuedCode> {
  const current = await loginRequestsRepository.findVerificationCode(db, subject);
  if (current === null) throw errors.invalidParams('No code was sent for this request.');
  // No more for this request: a new sign-in (or approval) starts afresh, so wait for this one to end.
  if (current.sendCount > MAX_CODE_RESENDS) throw errors.rateLimited(SIGN_IN_CODE_TTL_SECONDS);
  if (current.secondsSinceSent < CODE_RESEND_COOLDOWN_SECONDS) {
    throw errors.rateLimited(CODE_RESEND_COOLDOWN_SECONDS - current.secondsSinceSent);
  }
  return storeNewCode(db, { ...subject, channel: current.channel, recipient: current.recipient });
}

export async function checkSentCode(db: Database, subject: SentCodeSubject, code: string): Promise<SentCodeCheck> {
  const current = await loginRequestsRepository.findVerificationCode(db, subject);
  if (current === null) return 'wrong';
  if (current.isExpired) return 'expired';
  return isSameSecret(current.codeHash, sha256Hex(`${subject.subjectKey}:${code}`)) ? 'valid' : 'wrong';
}

export function forgetSentCode(db: Database, subject: Omit<SentCodeSubject, 'userId'>): Promise<void> {
  return loginRequestsRepository.deleteVerificationCode(db, subject);
}

/** The brand's name as users know it: `harbor` → Harbor. */
export function brandNameOf(brand: string): string {
  return brand
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Sends the code in `language`: the language of the request that asked for it. */
export async function deliverSentCode(
  messaging: Messaging,
  brand: string,
  delivery: CodeDelivery,
  language: Language,
): Promise<void> {
  const texts = sentCodeTextsIn(language);
  const facts = {
    brand: brandNameOf(brand),
    code: delivery.code,
    identifier: delivery.identifier,
    purpose: delivery.purpose,
    minutes: SENT_CODE_TTL_SECONDS / 60,
  };
  const text = texts.message(facts);
  if (delivery.channel === 'sms') {
    await messaging.sms.send({ to: delivery.recipient, text });
    return;
  }
  await messaging.mail.send({
    to: delivery.recipient,
    subject: texts.subject(facts),
    text: `${text}\n\n${texts.notYou}`,
  });
}
