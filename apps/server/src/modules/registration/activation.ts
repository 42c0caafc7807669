import { ACTIVATION_TTL_HOURS, isLinkToken, MAX_REGISTRATION_CODE_ATTEMPTS } from '@app/shared/api/registration';
import type { CustomerType } from '@app/shared/api/customers';
import type { Language } from '@app/shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { ActivationPurpose } from '../../db/schema/registration';
import { recordAudit } from '../../platform/audit';
import { errors } from '../../platform/errors';
import type { Messaging } from '../../platform/messaging/messages';
import { brandNameOf } from '../auth/auth.service';
import * as customersService from '../customers/customers.service';
import { registrationMailsIn } from './registration-mails';
import { codeHashOf, isSameSecret, newLinkToken, newSixDigitCode, sha256Hex } from './registration-secrets';
import * as repository from './registration.repository';

/**
 * Activation of accounts that are not active yet (spec 000 §2, 001 §2, §7 "Other"): a six-digit
 * code and a link, sent together. The link opens the web app on `/activate?action=…`, which sends
 * its token as the activationCode; the code is typed. Either works once, for ACTIVATION_TTL_HOURS;
 * five wrong codes end it. A new mail replaces the previous code and link.
 */

/** The web app's query action of each purpose (spec 000 §2 "Query-driven behaviours"). */
const ACTION_OF_PURPOSE: Record<ActivationPurpose, string> = {
  activation: 'activation',
  businessActivation: 'activationBusiness',
  employeeActivation: 'activationEmployee',
};

/** What leaves by mail once the transaction that stored the code has committed. */
export interface ActivationDelivery {
  purpose: ActivationPurpose;
  email: string;
  name: string | undefined;
  businessName: string | undefined;
  code: string;
  linkToken: string;
  brand: string;
  language: Language;
}

export interface ActivationMailContext {
  messaging: Messaging;
  /** Scheme, host and port of the web app the links open. */
  webOrigin: string;
  log: FastifyBaseLogger;
}

/** Stores a fresh code and link for the user (in the caller's transaction) and says what to send. */
export async function startActivation(
  tx: Database,
  params: Omit<ActivationDelivery, 'code' | 'linkToken'> & { userId: number },
): Promise<ActivationDelivery> {
  const code = newSixDigitCode();
  const linkToken = newLinkToken();
  await repository.replaceActivationCode(tx, {
    userId: params.userId,
    purpose: params.purpose,
    codeHash: codeHashOf(`activation:${params.userId}`, code),
    linkTokenHash: sha256Hex(linkToken),
    ttlHours: ACTIVATION_TTL_HOURS,
  });
  const { userId: _userId, ...delivery } = params;
  return { ...delivery, code, linkToken };
}

export function activationLinkOf(
  webOrigin: string,
  delivery: Pick<ActivationDelivery, 'purpose' | 'email' | 'linkToken'>,
) {
  const query = new URLSearchParams({
    action: ACTION_OF_PURPOSE[delivery.purpose],
    username: delivery.email,
    activationCode: delivery.linkToken,
  });
  return `${webOrigin}/activate?${query.toString()}`;
}

/**
 * Sends the mail. The account is already stored when this runs, and the customer can ask for the
 * mail again, so a failed delivery is logged rather than turned into a failed registration.
 */
export async function deliverActivation(context: ActivationMailContext, delivery: ActivationDelivery): Promise<void> {
  const mails = registrationMailsIn(delivery.language);
  const facts = {
    brand: brandNameOf(delivery.brand),
    name: delivery.name,
    link: activationLinkOf(context.webOrigin, delivery),
    code: delivery.code,
    hours: ACTIVATION_TTL_HOURS,
  };
  const business = delivery.businessName ?? '';
  const mail =
    delivery.purpose === 'activation'
      ? mails.activation(facts)
      : delivery.purpose === 'businessActivation'
        ? mails.businessActivation({ ...facts, business })
        : mails.employeeInvitation({ ...facts, business });
  try {
    await context.messaging.mail.send({ to: delivery.email, ...mail });
  } catch (error) {
    context.log.error({ err: error, purpose: delivery.purpose }, 'activation mail could not be sent');
  }
}

const ACTIVATION_TEXT = {
  wrong: (attemptsLeft: number | undefined) =>
    attemptsLeft === undefined
      ? 'This code is not right. Check the latest activation e-mail.'
      : attemptsLeft > 0
        ? `This code is not right. Tries left: ${attemptsLeft}.`
        : 'Too many wrong codes. Request a new code.',
  locked: 'Too many wrong codes. Request a new code.',
  expired: 'This code has expired. Request a new code.',
  alreadyActive: 'This account is already active. Sign in.',
  needsDetails: 'This invitation asks for your name and a password: open the link in the invitation e-mail.',
  notInvitation: 'This code does not belong to an invitation. Activate the account on the activation page.',
} as const;

type CodeCheck =
  | { kind: 'valid'; codeId: number; purpose: ActivationPurpose }
  /** attemptsLeft: absent when there was no live code to count against. */
  | { kind: 'wrong'; attemptsLeft?: number }
  | { kind: 'locked' | 'expired' | 'alreadyActive' };

/**
 * Checks a code or link token against the user's live activation, under its row lock. A wrong one
 * is counted in the same transaction, which the caller commits: the count must survive the refusal.
 */
async function checkActivationCode(
  tx: Database,
  user: { id: number; status: string },
  activationCode: string,
): Promise<CodeCheck> {
  const row = await repository.lockActivationCode(tx, { userId: user.id });
  if (row === null || row.usedAt !== null) {
    return user.status === 'active' ? { kind: 'alreadyActive' } : { kind: 'wrong' };
  }
  if (row.failedAttempts >= MAX_REGISTRATION_CODE_ATTEMPTS) return { kind: 'locked' };
  if (row.isExpired) return { kind: 'expired' };
  const isRight = isLinkToken(activationCode)
    ? isSameSecret(row.linkTokenHash, sha256Hex(activationCode))
    : isSameSecret(row.codeHash, codeHashOf(`activation:${user.id}`, activationCode));
  if (!isRight) {
    const failures = await repository.incrementActivationFailures(tx, { id: row.id });
    return { kind: 'wrong', attemptsLeft: Math.max(0, MAX_REGISTRATION_CODE_ATTEMPTS - failures) };
  }
  return { kind: 'valid', codeId: row.id, purpose: row.purpose };
}

function refusalOf(check: Exclude<CodeCheck, { kind: 'valid' }>): Error {
  const message = check.kind === 'wrong' ? ACTIVATION_TEXT.wrong(check.attemptsLeft) : ACTIVATION_TEXT[check.kind];
  return errors.validation([{ field: 'activationCode', message }]);
}

export interface ActivationSubject {
  /** The account as found by e-mail; null when none has it (answered like a wrong code). */
  user: { id: number; status: string } | null;
  activationCode: string;
  ip: string;
}

export interface ActivationResult {
  customerType: CustomerType;
  /** Business activation: the invitations of the company's users that now go out. */
  invitations: ActivationDelivery[];
}

type ActivationOutcome = { kind: 'activated'; result: ActivationResult } | { kind: 'refused'; error: Error };

/**
 * Activates a personal or business account (not an invitation, which needs the invitee's details).
 * For a business, the company's users who wait for their invitation get one now (spec 001 §8).
 */
export async function activateAccount(db: Database, subject: ActivationSubject): Promise<ActivationResult> {
  const { user } = subject;
  if (user === null) throw refusalOf({ kind: 'wrong' });
  const outcome = await db.transaction(async (tx): Promise<ActivationOutcome> => {
    const check = await checkActivationCode(tx, user, subject.activationCode);
    if (check.kind !== 'valid') return { kind: 'refused', error: refusalOf(check) };
    if (check.purpose === 'employeeActivation') {
      return {
        kind: 'refused',
        error: errors.validation([{ field: 'activationCode', message: ACTIVATION_TEXT.needsDetails }]),
      };
    }
    if (!(await customersService.activatePendingUser(tx, { userId: user.id }))) {
      return {
        kind: 'refused',
        error: refusalOf(user.status === 'active' ? { kind: 'alreadyActive' } : { kind: 'wrong' }),
      };
    }
    await repository.markActivationCodeUsed(tx, { id: check.codeId });
    await repository.markProfileActivated(tx, { userId: user.id });
    const facts = await customersService.accountFactsOf(tx, { userId: user.id });
    const customer = facts?.customer ?? null;
    if (customer === null) throw new Error(`activated user ${user.id} has no customer`);
    const invitations =
      customer.customerType === 'business'
        ? await startCompanyInvitations(tx, { customerId: customer.id, activatedUserId: user.id })
        : [];
    await recordAudit(tx, {
      actorUserId: user.id,
      customerId: customer.id,
      action: 'registration.activated',
      details: { purpose: check.purpose, invitationsSent: invitations.length },
      ip: subject.ip,
    });
    return { kind: 'activated', result: { customerType: customer.customerType, invitations } };
  });
  if (outcome.kind === 'refused') throw outcome.error;
  return outcome.result;
}

/** Every user of the company still waiting for an invitation gets one, in their own language. */
async function startCompanyInvitations(
  tx: Database,
  params: { customerId: number; activatedUserId: number },
): Promise<ActivationDelivery[]> {
  const pending = await customersService.pendingUsersOfCustomer(tx, {
    customerId: params.customerId,
    exceptUserId: params.activatedUserId,
  });
  const waiting = new Set(
    await repository.findUsersWithoutLiveActivation(tx, { userIds: pending.map((user) => user.userId) }),
  );
  const company = await customersService.accountFactsOf(tx, { userId: params.activatedUserId });
  const deliveries: ActivationDelivery[] = [];
  for (const invitee of pending.filter((user) => waiting.has(user.userId))) {
    const profile = await repository.findRegistrationProfile(tx, { userId: invitee.userId });
    if (profile === null) continue;
    deliveries.push(
      await startActivation(tx, {
        userId: invitee.userId,
        purpose: 'employeeActivation',
        email: invitee.email,
        name: undefined,
        businessName: company?.customer?.businessName ?? undefined,
        brand: profile.brand,
        language: profile.language,
      }),
    );
  }
  return deliveries;
}

export interface EmployeeActivationSubject extends ActivationSubject {
  firstName: string;
  lastName: string;
  passwordHash: string;
}

/**
 * An invited user sets their names and password and activates in one step. The password hash is
 * made before the transaction, so the row lock is not held while argon2 works.
 */
export async function activateEmployee(
  db: Database,
  subject: EmployeeActivationSubject,
): Promise<{ businessName: string | undefined }> {
  const { user } = subject;
  if (user === null) throw refusalOf({ kind: 'wrong' });
  const outcome = await db.transaction(
    async (
      tx,
    ): Promise<{ kind: 'activated'; businessName: string | undefined } | { kind: 'refused'; error: Error }> => {
      const check = await checkActivationCode(tx, user, subject.activationCode);
      if (check.kind !== 'valid') return { kind: 'refused', error: refusalOf(check) };
      if (check.purpose !== 'employeeActivation') {
        return {
          kind: 'refused',
          error: errors.validation([{ field: 'activationCode', message: ACTIVATION_TEXT.notInvitation }]),
        };
      }
      if (!(await customersService.activatePendingUser(tx, { userId: user.id }))) {
        return {
          kind: 'refused',
          error: refusalOf(user.status === 'active' ? { kind: 'alreadyActive' } : { kind: 'wrong' }),
        };
      }
      await customersService.setUserNames(tx, {
        userId: user.id,
        firstName: subject.firstName,
        lastName: subject.lastName,
      });
      await customersService.setUserPassword(tx, { userId: user.id, passwordHash: subject.passwordHash });
      await repository.markActivationCodeUsed(tx, { id: check.codeId });
      await repository.markProfileActivated(tx, { userId: user.id });
      const facts = await customersService.accountFactsOf(tx, { userId: user.id });
      await recordAudit(tx, {
        actorUserId: user.id,
        customerId: facts?.customer?.id ?? null,
        action: 'registration.employeeActivated',
        ip: subject.ip,
      });
      return { kind: 'activated', businessName: facts?.customer?.businessName ?? undefined };
    },
  );
  if (outcome.kind === 'refused') throw outcome.error;
  return { businessName: outcome.businessName };
}

/** A new code and link for an account that still waits for activation; nothing for any other. */
export async function restartActivation(
  db: Database,
  params: { userId: number; fallbackBrand: string; language: Language },
): Promise<ActivationDelivery | null> {
  return db.transaction(async (tx) => {
    const facts = await customersService.accountFactsOf(tx, { userId: params.userId });
    const current = await repository.lockActivationCode(tx, { userId: params.userId });
    if (facts?.status !== 'pending' || current === null) return null;
    const profile = await repository.findRegistrationProfile(tx, { userId: params.userId });
    return startActivation(tx, {
      userId: params.userId,
      purpose: current.purpose,
      email: facts.email,
      name: facts.firstName ?? undefined,
      businessName: facts.customer?.businessName ?? undefined,
      brand: profile?.brand ?? params.fallbackBrand,
      language: profile?.language ?? params.language,
    });
  });
}
