import {
  EMAIL_CODE_RESEND_SECONDS,
  EMAIL_CODE_TTL_MINUTES,
  MAX_EMAIL_CODE_ATTEMPTS,
  MAX_EMAILS,
  type CustomerEmail,
  type UsernameChangeRequest,
} from '@app/shared/api/profile';
import type { Language } from '@app/shared/constants';
import type { Database } from '../../db/client';
import type { UsernameChangeLog } from '../../db/schema/profile';
import { recordAudit } from '../../platform/audit';
import { AppError, errors } from '../../platform/errors';
import type { MailSender } from '../../platform/messaging/messages';
import { changeUserLogin, isLoginTaken, lockCustomer, userLoginOf } from '../customers/customers.service';
import { notifyCustomer } from '../notifications/notifications.service';
import { confirmationTextsIn } from './confirmation-texts';
import * as repository from './profile.repository';
import { codeHashOf, isSameSecret, newLinkToken, newSixDigitCode, sha256Hex } from './profile-secrets';

/**
 * E-mails of a customer and the change of the sign-in e-mail (spec 000 §3: e-mails, one primary,
 * with an optional username change request carrying its logs and status active or failed). An
 * e-mail is confirmed by the code or the link mailed to it; the login changes only once the code
 * sent to the new address is confirmed, and a failed change raises usernameChangeFailed.
 */

interface Actor {
  customerId: number;
  userId: number;
  ip: string | null;
}

export function emailViewOf(row: repository.EmailRow): CustomerEmail {
  return { emailId: row.id, email: row.email, isConfirmed: row.isConfirmed, isPrimary: row.isPrimary };
}

export function usernameChangeViewOf(row: repository.UsernameChangeRow): UsernameChangeRequest {
  return {
    requestId: row.id,
    desiredUsername: row.desiredUsername,
    status: row.status,
    logs: row.logs,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function emailInquiry(
  db: Database,
  params: { customerId: number; userId: number },
): Promise<{ username: string; emails: CustomerEmail[]; usernameChangeRequest?: UsernameChangeRequest }> {
  const [username, emails, change] = await Promise.all([
    userLoginOf(db, params),
    repository.findEmails(db, params),
    repository.findLatestUsernameChange(db, params),
  ]);
  if (username === null) throw errors.auth();
  return {
    username,
    emails: emails.map(emailViewOf),
    usernameChangeRequest: change === null ? undefined : usernameChangeViewOf(change),
  };
}

export interface MailContext {
  mail: MailSender;
  /** The language of the request: the mails go out in it. */
  language: Language;
  /** Where the link in the mail points: the server's origin as the customer reached it. */
  webOrigin: string;
  confirmationPath: string;
}

interface IssuedEmailCode {
  to: string;
  code: string;
  token: string;
}

async function issueEmailCode(
  tx: Database,
  params: { row: repository.EmailRow; customerId: number },
): Promise<IssuedEmailCode> {
  const code = newSixDigitCode();
  const token = newLinkToken();
  await repository.updateEmail(tx, {
    customerId: params.customerId,
    emailId: params.row.id,
    values: {
      codeHash: codeHashOf(`email:${params.row.id}`, code),
      linkTokenHash: sha256Hex(token),
      codeExpiresAt: new Date(Date.now() + EMAIL_CODE_TTL_MINUTES * 60_000),
      codeAttempts: 0,
    },
  });
  return { to: params.row.email, code, token };
}

/**
 * Mailed once the code is committed: the message adapters write with their own connection, and a
 * mail about a code that never committed would be a lie. If sending fails, a new code can be asked for.
 */
async function mailEmailCode(context: MailContext, issued: IssuedEmailCode): Promise<void> {
  const link = `${context.webOrigin}${context.confirmationPath}?token=${issued.token}`;
  const mail = confirmationTextsIn(context.language).emailCode({
    email: issued.to,
    link,
    code: issued.code,
    minutes: EMAIL_CODE_TTL_MINUTES,
  });
  await context.mail.send({ to: issued.to, ...mail });
}

export async function addEmail(
  db: Database,
  params: Actor & { context: MailContext; email: string },
): Promise<CustomerEmail> {
  const { row, issued } = await db.transaction(async (tx) => {
    if (!(await lockCustomer(tx, params))) throw errors.noAccess();
    const emails = await repository.findEmails(tx, params);
    if (emails.length >= MAX_EMAILS) throw errors.invalidParams(`You can keep at most ${MAX_EMAILS} e-mails.`);
    const row = await repository.insertEmail(tx, { customerId: params.customerId, email: params.email });
    if (row === null) throw errors.validation([{ field: 'email', message: 'You already added this e-mail.' }]);
    await recordAudit(tx, {
      actorUserId: params.userId,
      customerId: params.customerId,
      action: 'profile.emailAdded',
      details: { emailId: row.id },
      ip: params.ip,
    });
    return { row, issued: await issueEmailCode(tx, { row, customerId: params.customerId }) };
  });
  await mailEmailCode(params.context, issued);
  return emailViewOf(row);
}

/** A new code at most once a minute: every code is a mail, and mailboxes are not ours to flood. */
function throwIfSentRecently(codeExpiresAt: Date | null): void {
  if (codeExpiresAt === null) return;
  const sentAt = codeExpiresAt.getTime() - EMAIL_CODE_TTL_MINUTES * 60_000;
  const waitSeconds = EMAIL_CODE_RESEND_SECONDS - (Date.now() - sentAt) / 1000;
  if (waitSeconds > 0) throw errors.rateLimited(waitSeconds);
}

function notYours(): AppError {
  return errors.noAccess('This e-mail does not exist or is not yours.');
}

export async function resendEmailCode(
  db: Database,
  params: Actor & { context: MailContext; emailId: number },
): Promise<CustomerEmail> {
  const { row, issued } = await db.transaction(async (tx) => {
    const row = await repository.lockEmail(tx, params);
    if (row === null) throw notYours();
    if (row.isConfirmed) throw errors.invalidParams('This e-mail is already confirmed.');
    throwIfSentRecently(row.codeExpiresAt);
    return { row, issued: await issueEmailCode(tx, { row, customerId: params.customerId }) };
  });
  await mailEmailCode(params.context, issued);
  return emailViewOf(row);
}

/** Confirms the e-mail; the first confirmed e-mail becomes the primary one. */
async function markConfirmed(
  tx: Database,
  row: repository.EmailRow,
  actor: { userId: number | null; ip: string | null },
) {
  const emails = await repository.findEmails(tx, { customerId: row.customerId });
  const isPrimary = !emails.some((email) => email.isPrimary);
  const confirmed = await repository.updateEmail(tx, {
    customerId: row.customerId,
    emailId: row.id,
    values: {
      isConfirmed: true,
      isPrimary,
      codeHash: null,
      linkTokenHash: null,
      codeExpiresAt: null,
      confirmedAt: new Date(),
    },
  });
  await recordAudit(tx, {
    actorUserId: actor.userId,
    customerId: row.customerId,
    action: 'profile.emailConfirmed',
    details: { emailId: row.id, isPrimary },
    ip: actor.ip,
  });
  return confirmed;
}

type Outcome<T> = { value: T } | { refusal: AppError };

export async function confirmEmail(
  db: Database,
  params: Actor & { emailId: number; code: string },
): Promise<CustomerEmail> {
  const outcome = await db.transaction(async (tx): Promise<Outcome<repository.EmailRow>> => {
    const row = await repository.lockEmail(tx, params);
    if (row === null) throw notYours();
    if (row.isConfirmed || row.codeHash === null) throw errors.invalidParams('This e-mail is already confirmed.');
    if (row.codeExpiresAt === null || row.codeExpiresAt.getTime() <= Date.now()) {
      return { refusal: errors.invalidParams('This code has expired. Ask for a new one.') };
    }
    if (row.codeAttempts >= MAX_EMAIL_CODE_ATTEMPTS) {
      return { refusal: errors.invalidParams('Too many wrong codes. Ask for a new one.') };
    }
    if (!isSameSecret(row.codeHash, codeHashOf(`email:${row.id}`, params.code))) {
      await repository.updateEmail(tx, {
        customerId: params.customerId,
        emailId: row.id,
        values: { codeAttempts: row.codeAttempts + 1 },
      });
      return { refusal: errors.validation([{ field: 'code', message: 'The code is not right.' }]) };
    }
    return { value: await markConfirmed(tx, row, params) };
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return emailViewOf(outcome.value);
}

/** Follows the link in the mail: true when it was live (and is now used). */
export function confirmEmailByLink(db: Database, params: { token: string; ip: string | null }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await repository.lockEmailByLinkToken(tx, { linkTokenHash: sha256Hex(params.token) });
    if (row === null || row.isConfirmed || row.codeExpiresAt === null || row.codeExpiresAt.getTime() <= Date.now()) {
      return false;
    }
    await markConfirmed(tx, row, { userId: null, ip: params.ip });
    return true;
  });
}

export function deleteEmail(db: Database, params: Actor & { emailId: number }): Promise<void> {
  return db.transaction(async (tx) => {
    const row = await repository.lockEmail(tx, params);
    if (row === null) throw notYours();
    if (row.isPrimary) throw errors.invalidParams('Make another e-mail primary before deleting this one.');
    await repository.deleteEmail(tx, params);
    await recordAudit(tx, {
      actorUserId: params.userId,
      customerId: params.customerId,
      action: 'profile.emailDeleted',
      details: { emailId: row.id },
      ip: params.ip,
    });
  });
}

export function setPrimaryEmail(db: Database, params: Actor & { emailId: number }): Promise<CustomerEmail[]> {
  return db.transaction(async (tx) => {
    if (!(await lockCustomer(tx, params))) throw errors.noAccess();
    const row = await repository.lockEmail(tx, params);
    if (row === null) throw notYours();
    if (!row.isConfirmed) throw errors.invalidParams('Confirm this e-mail first.');
    if (!row.isPrimary) {
      await repository.clearPrimaryEmail(tx, params);
      await repository.updateEmail(tx, { customerId: params.customerId, emailId: row.id, values: { isPrimary: true } });
      await recordAudit(tx, {
        actorUserId: params.userId,
        customerId: params.customerId,
        action: 'profile.emailPrimarySet',
        details: { emailId: row.id },
        ip: params.ip,
      });
    }
    return (await repository.findEmails(tx, params)).map(emailViewOf);
  });
}

/* The sign-in e-mail */

function logOf(event: string, detail?: string): UsernameChangeLog {
  return detail === undefined
    ? { at: new Date().toISOString(), event }
    : { at: new Date().toISOString(), event, detail };
}

export async function requestUsernameChange(
  db: Database,
  params: Actor & { context: Pick<MailContext, 'mail' | 'language'>; desiredUsername: string },
): Promise<UsernameChangeRequest> {
  const { view, code, current } = await db.transaction(async (tx) => {
    const current = await userLoginOf(tx, params);
    if (current === null) throw errors.auth();
    if (current === params.desiredUsername) {
      throw errors.validation([{ field: 'desiredUsername', message: 'You already sign in with this e-mail.' }]);
    }
    if (await isLoginTaken(tx, { email: params.desiredUsername, exceptUserId: params.userId })) {
      throw errors.validation([{ field: 'desiredUsername', message: 'Another account uses this e-mail.' }]);
    }
    const earlier = await repository.lockActiveUsernameChange(tx, params);
    if (earlier !== null) {
      throwIfSentRecently(earlier.codeExpiresAt);
      await repository.updateUsernameChange(tx, {
        requestId: earlier.id,
        values: { status: 'failed', completedAt: new Date() },
        log: logOf('superseded'),
      });
    }
    const code = newSixDigitCode();
    const row = await repository.insertUsernameChange(tx, {
      customerId: params.customerId,
      userId: params.userId,
      desiredUsername: params.desiredUsername,
      codeHash: '',
      codeExpiresAt: new Date(Date.now() + EMAIL_CODE_TTL_MINUTES * 60_000),
      logs: [logOf('requested'), logOf('codeSent', params.desiredUsername)],
    });
    await repository.updateUsernameChange(tx, {
      requestId: row.id,
      values: { codeHash: codeHashOf(`username:${row.id}`, code) },
    });
    await recordAudit(tx, {
      actorUserId: params.userId,
      customerId: params.customerId,
      action: 'profile.usernameChangeRequested',
      details: { requestId: row.id },
      ip: params.ip,
    });
    const latest = await repository.findLatestUsernameChange(tx, params);
    if (latest === null) throw new Error('username change request vanished inside its own transaction');
    return { view: usernameChangeViewOf(latest), code, current };
  });
  // After the commit, as with every code this domain mails.
  const mail = confirmationTextsIn(params.context.language).usernameCode({
    desired: params.desiredUsername,
    current,
    code,
    minutes: EMAIL_CODE_TTL_MINUTES,
  });
  await params.context.mail.send({ to: params.desiredUsername, ...mail });
  return view;
}

async function failUsernameChange(
  tx: Database,
  params: Actor & { row: repository.UsernameChangeRow; reason: string },
): Promise<void> {
  await repository.updateUsernameChange(tx, {
    requestId: params.row.id,
    values: { status: 'failed', completedAt: new Date() },
    log: logOf('failed', params.reason),
  });
  await notifyCustomer(tx, {
    customerId: params.customerId,
    type: 'usernameChangeFailed',
    status: 'error',
    payload: { requestId: params.row.id, reason: params.reason },
  });
  await recordAudit(tx, {
    actorUserId: params.userId,
    customerId: params.customerId,
    action: 'profile.usernameChangeFailed',
    details: { requestId: params.row.id, reason: params.reason },
    ip: params.ip,
  });
}

/**
 * Confirms the change with the code mailed to the new address. An expired request, the last wrong
 * attempt, or a login taken in the meantime fails it for good (usernameChangeFailed); a wrong code
 * before that is counted. Either way the outcome is committed before the refusal is thrown.
 */
export async function confirmUsernameChange(
  db: Database,
  params: Actor & { requestId: number; code: string },
): Promise<{ username: string; usernameChangeRequest: UsernameChangeRequest }> {
  const outcome = await db.transaction(async (tx): Promise<Outcome<repository.UsernameChangeRow>> => {
    const row = await repository.lockUsernameChange(tx, params);
    if (row === null) throw errors.noAccess('This request does not exist or is not yours.');
    if (row.status !== 'active') throw errors.invalidParams('This request is no longer open. Start a new one.');
    if (row.codeExpiresAt.getTime() <= Date.now()) {
      await failUsernameChange(tx, { ...params, row, reason: 'expired' });
      return { refusal: errors.invalidParams('This code has expired. Start a new request.') };
    }
    if (!isSameSecret(row.codeHash, codeHashOf(`username:${row.id}`, params.code))) {
      const attempts = row.codeAttempts + 1;
      if (attempts >= MAX_EMAIL_CODE_ATTEMPTS) {
        await repository.updateUsernameChange(tx, { requestId: row.id, values: { codeAttempts: attempts } });
        await failUsernameChange(tx, { ...params, row, reason: 'tooManyAttempts' });
        return { refusal: errors.invalidParams('Too many wrong codes. Start a new request.') };
      }
      await repository.updateUsernameChange(tx, {
        requestId: row.id,
        values: { codeAttempts: attempts },
        log: logOf('wrongCode'),
      });
      return { refusal: errors.validation([{ field: 'code', message: 'The code is not right.' }]) };
    }
    if (!(await changeUserLogin(tx, { userId: params.userId, email: row.desiredUsername }))) {
      await failUsernameChange(tx, { ...params, row, reason: 'usernameTaken' });
      return { refusal: errors.invalidParams('Another account took this e-mail meanwhile.') };
    }
    const done = await repository.updateUsernameChange(tx, {
      requestId: row.id,
      values: { status: 'completed', completedAt: new Date() },
      log: logOf('completed'),
    });
    await recordAudit(tx, {
      actorUserId: params.userId,
      customerId: params.customerId,
      action: 'profile.usernameChanged',
      details: { requestId: row.id },
      ip: params.ip,
    });
    return { value: done };
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return { username: outcome.value.desiredUsername, usernameChangeRequest: usernameChangeViewOf(outcome.value) };
}
