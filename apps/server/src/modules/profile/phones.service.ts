import {
  MAX_PHONE_CODE_ATTEMPTS,
  MAX_PHONES,
  MOBILE_PHONE_TYPE,
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_TTL_MINUTES,
  type CustomerPhone,
} from '@app/shared/api/profile';
import type { Language } from '@app/shared/constants';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { AppError, errors } from '../../platform/errors';
import type { SmsSender } from '../../platform/messaging/messages';
import { confirmationTextsIn } from './confirmation-texts';
import * as repository from './profile.repository';
import { codeHashOf, isSameSecret, newRequestId, newSixDigitCode, s256ChallengeOf } from './profile-secrets';
import { lockCustomer } from '../customers/customers.service';

/**
 * Phones of a customer (spec 000 §3, §5, §7): mobile numbers (type 2), country calling code
 * without '+', confirmed by a six-digit SMS code, exactly one confirmed phone primary. The code is
 * checked either with the request id it was sent under (reqId + approvalCode) or with the PKCE
 * verifier of the challenge given when asking for it.
 */

interface Actor {
  customerId: number;
  userId: number;
  ip: string | null;
}

export function phoneViewOf(row: repository.PhoneRow): CustomerPhone {
  return {
    phoneId: row.id,
    countryCode: row.countryCode,
    number: row.number,
    e164: row.e164,
    phoneType: row.phoneType,
    status: row.isPrimary ? 'Primary' : row.status === 'confirmed' ? 'Confirmed' : 'Unconfirmed',
    isPrimary: row.isPrimary,
    replacesPhoneId: row.replacesPhoneId ?? undefined,
  };
}

export async function phoneViews(db: Database, params: { customerId: number }): Promise<CustomerPhone[]> {
  return (await repository.findPhones(db, params)).map(phoneViewOf);
}

/** The number in E.164, only when the country issues mobile numbers like it. */
export function mobileE164Of(countryCode: string, number: string): string | null {
  const parsed = parsePhoneNumberFromString(`+${countryCode}${number}`);
  if (parsed === undefined || !parsed.isValid() || parsed.countryCallingCode !== countryCode) return null;
  const type = parsed.getType();
  // Numbering plans that do not tell mobile from fixed lines (US, CA…) answer FIXED_LINE_OR_MOBILE.
  if (type !== undefined && type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return null;
  return parsed.number;
}

export interface CodeSent {
  phone: CustomerPhone;
  reqId: string;
  expiresAt: string;
  isSandbox: boolean;
}

interface IssuedCode {
  phone: repository.PhoneRow;
  reqId: string;
  code: string;
  expiresAt: Date;
}

async function issueCode(
  tx: Database,
  params: { phone: repository.PhoneRow; codeChallenge: string | undefined },
): Promise<IssuedCode> {
  const reqId = newRequestId();
  const code = newSixDigitCode();
  const expiresAt = new Date(Date.now() + PHONE_CODE_TTL_MINUTES * 60_000);
  await repository.insertPhoneVerification(tx, {
    id: reqId,
    phoneId: params.phone.id,
    customerId: params.phone.customerId,
    codeHash: codeHashOf(reqId, code),
    codeChallenge: params.codeChallenge ?? null,
    expiresAt,
  });
  return { phone: params.phone, reqId, code, expiresAt };
}

/**
 * Sent once the code is committed: the message adapters write with their own connection, and a
 * message about a code that never committed would be a lie. If sending fails, the phone stays
 * unconfirmed and a new code can be asked for.
 */
async function deliverCode(sms: SmsSender, issued: IssuedCode, language: Language): Promise<CodeSent> {
  await sms.send({
    to: issued.phone.e164,
    text: confirmationTextsIn(language).phoneCode({ code: issued.code, minutes: PHONE_CODE_TTL_MINUTES }),
  });
  return {
    phone: phoneViewOf(issued.phone),
    reqId: issued.reqId,
    expiresAt: issued.expiresAt.toISOString(),
    isSandbox: sms.transport === 'outbox',
  };
}

function checkedNumber(countryCode: string, number: string): string {
  const e164 = mobileE164Of(countryCode, number);
  if (e164 === null) throw errors.validation([{ field: 'number', message: 'This is not a valid mobile number.' }]);
  return e164;
}

async function insertNewPhone(
  tx: Database,
  params: Actor & { countryCode: string; number: string; replacesPhoneId: number | null },
): Promise<repository.PhoneRow> {
  const e164 = checkedNumber(params.countryCode, params.number);
  const phones = await repository.findPhones(tx, params);
  if (phones.length >= MAX_PHONES) throw errors.invalidParams(`You can keep at most ${MAX_PHONES} phones.`);
  if (phones.some((phone) => phone.e164 === e164)) {
    throw errors.validation([{ field: 'number', message: 'You already added this number.' }]);
  }
  return repository.insertPhone(tx, {
    customerId: params.customerId,
    countryCode: params.countryCode,
    number: e164.slice(1 + params.countryCode.length),
    e164,
    phoneType: MOBILE_PHONE_TYPE,
    replacesPhoneId: params.replacesPhoneId,
  });
}

export async function addPhone(
  db: Database,
  params: Actor & {
    sms: SmsSender;
    countryCode: string;
    number: string;
    codeChallenge: string | undefined;
    language: Language;
  },
): Promise<CodeSent> {
  const issued = await db.transaction(async (tx) => {
    if (!(await lockCustomer(tx, params))) throw errors.noAccess();
    const phone = await insertNewPhone(tx, { ...params, replacesPhoneId: null });
    await recordAudit(tx, {
      actorUserId: params.userId,
      customerId: params.customerId,
      action: 'profile.phoneAdded',
      details: { phoneId: phone.id },
      ip: params.ip,
    });
    return issueCode(tx, { phone, codeChallenge: params.codeChallenge });
  });
  return deliverCode(params.sms, issued, params.language);
}

function notYours(): AppError {
  return errors.noAccess('This phone does not exist or is not yours.');
}

/** A confirmed phone is replaced by a new number that takes over once its code is confirmed. */
export async function replacePhone(
  db: Database,
  params: Actor & {
    sms: SmsSender;
    phoneId: number;
    countryCode: string;
    number: string;
    codeChallenge: string | undefined;
    language: Language;
  },
): Promise<CodeSent> {
  const issued = await db.transaction(async (tx) => {
    if (!(await lockCustomer(tx, params))) throw errors.noAccess();
    const old = await repository.lockPhone(tx, params);
    if (old === null) throw notYours();
    if (old.status !== 'confirmed') throw errors.invalidParams('Confirm this phone first, or add a new one.');
    const pending = (await repository.findPhones(tx, params)).find((phone) => phone.replacesPhoneId === old.id);
    if (pending !== undefined && pending.status === 'unconfirmed') {
      // The latest attempt wins: an unconfirmed earlier replacement is dropped.
      await repository.updatePhone(tx, {
        customerId: params.customerId,
        phoneId: pending.id,
        values: { status: 'removed' },
      });
    }
    const phone = await insertNewPhone(tx, { ...params, replacesPhoneId: old.id });
    await recordAudit(tx, {
      actorUserId: params.userId,
      customerId: params.customerId,
      action: 'profile.phoneReplaceRequested',
      details: { phoneId: phone.id, replacesPhoneId: old.id },
      ip: params.ip,
    });
    return issueCode(tx, { phone, codeChallenge: params.codeChallenge });
  });
  return deliverCode(params.sms, issued, params.language);
}

/** `POST /verification/phones/{phoneId}/verify`: a new code for an unconfirmed phone, at most once a minute. */
export async function requestPhoneCode(
  db: Database,
  params: Actor & { sms: SmsSender; phoneId: number; codeChallenge: string | undefined; language: Language },
): Promise<CodeSent> {
  const issued = await db.transaction(async (tx) => {
    const phone = await repository.lockPhone(tx, params);
    if (phone === null) throw notYours();
    if (phone.status !== 'unconfirmed') throw errors.invalidParams('This phone is already confirmed.');
    const lastSentAt = await repository.findLatestPhoneVerificationAt(tx, params);
    if (lastSentAt !== null) {
      const waitSeconds = PHONE_CODE_RESEND_SECONDS - (Date.now() - lastSentAt.getTime()) / 1000;
      if (waitSeconds > 0) throw errors.rateLimited(waitSeconds);
    }
    return issueCode(tx, { phone, codeChallenge: params.codeChallenge });
  });
  return deliverCode(params.sms, issued, params.language);
}

export type PhoneProof = { code: string; codeVerifier: string } | { reqId: string; approvalCode: string };

type ConfirmOutcome = { phone: repository.PhoneRow } | { refusal: AppError };

/**
 * Checks the code and, when right, confirms the phone (a replacement takes over the old one and its
 * primary mark; the first confirmed phone becomes primary). A wrong code is counted even though
 * the call fails, so the count is committed before the refusal is thrown.
 */
export async function confirmPhone(
  db: Database,
  params: Actor & { phoneId: number; proof: PhoneProof },
): Promise<CustomerPhone> {
  const outcome = await db.transaction(async (tx): Promise<ConfirmOutcome> => {
    if (!(await lockCustomer(tx, params))) throw errors.noAccess();
    const phone = await repository.lockPhone(tx, params);
    if (phone === null) throw notYours();
    if (phone.status !== 'unconfirmed') throw errors.invalidParams('This phone is already confirmed.');
    const verification = await repository.lockLatestPhoneVerification(tx, params);
    if (verification === null) throw errors.invalidParams('Ask for a new code first.');
    if (verification.expiresAt.getTime() <= Date.now()) {
      return { refusal: errors.invalidParams('This code has expired. Ask for a new one.') };
    }
    if (verification.attempts >= MAX_PHONE_CODE_ATTEMPTS) {
      return { refusal: errors.invalidParams('Too many wrong codes. Ask for a new one.') };
    }
    const code = 'approvalCode' in params.proof ? params.proof.approvalCode : params.proof.code;
    const isRightRequest =
      'reqId' in params.proof
        ? isSameSecret(verification.id, params.proof.reqId)
        : verification.codeChallenge !== null &&
          isSameSecret(verification.codeChallenge, s256ChallengeOf(params.proof.codeVerifier));
    if (!isRightRequest || !isSameSecret(verification.codeHash, codeHashOf(verification.id, code))) {
      await repository.updatePhoneVerification(tx, {
        id: verification.id,
        values: { attempts: verification.attempts + 1 },
      });
      return { refusal: errors.validation([{ field: 'code', message: 'The code is not right.' }]) };
    }
    await repository.updatePhoneVerification(tx, { id: verification.id, values: { usedAt: new Date() } });

    let isPrimary = false;
    if (phone.replacesPhoneId !== null) {
      const old = await repository.lockPhone(tx, { customerId: params.customerId, phoneId: phone.replacesPhoneId });
      if (old !== null) {
        isPrimary = old.isPrimary;
        await repository.updatePhone(tx, {
          customerId: params.customerId,
          phoneId: old.id,
          values: { status: 'removed', isPrimary: false },
        });
      }
    }
    const others = await repository.findPhones(tx, params);
    if (!others.some((other) => other.isPrimary && other.id !== phone.id)) isPrimary = true;
    const confirmed = await repository.updatePhone(tx, {
      customerId: params.customerId,
      phoneId: phone.id,
      values: { status: 'confirmed', isPrimary, confirmedAt: new Date() },
    });
    await recordAudit(tx, {
      actorUserId: params.userId,
      customerId: params.customerId,
      action: 'profile.phoneConfirmed',
      details: { phoneId: phone.id, replacedPhoneId: phone.replacesPhoneId, isPrimary },
      ip: params.ip,
    });
    return { phone: confirmed };
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return phoneViewOf(outcome.phone);
}

export function setPrimaryPhone(db: Database, params: Actor & { phoneId: number }): Promise<CustomerPhone[]> {
  return db.transaction(async (tx) => {
    if (!(await lockCustomer(tx, params))) throw errors.noAccess();
    const phone = await repository.lockPhone(tx, params);
    if (phone === null) throw notYours();
    if (phone.status !== 'confirmed') throw errors.invalidParams('Confirm this phone first.');
    if (!phone.isPrimary) {
      await repository.clearPrimaryPhone(tx, params);
      await repository.updatePhone(tx, {
        customerId: params.customerId,
        phoneId: phone.id,
        values: { isPrimary: true },
      });
      await recordAudit(tx, {
        actorUserId: params.userId,
        customerId: params.customerId,
        action: 'profile.phonePrimarySet',
        details: { phoneId: phone.id },
        ip: params.ip,
      });
    }
    return (await repository.findPhones(tx, params)).map(phoneViewOf);
  });
}
