import { AccessRight, type Language } from '@app/shared/constants';
import type { TermsItem } from '@app/shared/errors';
import {
  ACTIVATION_TTL_HOURS,
  REGISTRATION_POLICIES,
  type CountryCode,
  type PersonalRegistrationType,
  type RegistrationBrand,
} from '@app/shared/api/registration';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { errors } from '../../platform/errors';
import { brandNameOf } from '../auth/auth.service';
import * as customersService from '../customers/customers.service';
import {
  activateAccount,
  activateEmployee,
  deliverActivation,
  restartActivation,
  startActivation,
  type ActivationMailContext,
} from './activation';
import { assertAcceptablePassword, hashNewPassword } from './new-password';
import { toE164 } from './phone-number';
import { countPublicRequest, PUBLIC_REQUEST_LIMITS } from './public-request-limits';
import { registrationMailsIn } from './registration-mails';
import { newLinkToken, sha256Hex } from './registration-secrets';
import * as repository from './registration.repository';

/**
 * Rules of registration (spec 000 §1, §2, §6; 001 §2, §7, §8): who may register under which brand,
 * the password rule, one account per e-mail and per phone, terms accepted at sign-up, and the
 * existence checks. Activation and password reset live beside this file (activation.ts,
 * password-reset.ts). Other domains use registration through this file only.
 */
export interface RegistrationContext extends ActivationMailContext {
  /** The deployment's brand, for users who registered under none. */
  brand: string;
}

export interface RequestOrigin {
  ip: string;
  language: Language;
}

const TEXT = {
  registrationClosed: 'Registration is not available here. Please contact support.',
  typeNotOffered: 'Choose one of the types offered.',
  phoneInvalid: 'Enter a valid phone number, with the country code if it is not from the country you chose.',
  emailTaken: 'An account with this e-mail address already exists. Sign in, or reset your password.',
  phoneTaken: 'An account with this phone number already exists.',
  termsChanged: 'The terms have changed since this page was opened. Please read and accept them again.',
} as const;

export interface PersonalRegistration {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  countryCode: CountryCode;
  phone: string;
  registrationType: PersonalRegistrationType;
  brand: RegistrationBrand;
  termIds: number[];
}

function fieldError(field: string, message: string): Error {
  return errors.validation([{ field, message }]);
}

export function registrationTerms(db: Database): Promise<TermsItem[]> {
  return customersService.termsInForce(db, { customerType: 'personal' });
}

/**
 * A personal customer and its user, not active until the e-mailed code or link is used. Everything
 * that can be refused is checked before the password is hashed; the e-mail and phone are checked
 * again by the unique indexes inside the transaction, so two registrations at once cannot both win.
 */
export async function registerPersonal(
  db: Database,
  context: RegistrationContext,
  params: { registration: PersonalRegistration; origin: RequestOrigin },
): Promise<{ login: string; activationExpiresAt: string }> {
  const { registration, origin } = params;
  await countPublicRequest(db, PUBLIC_REQUEST_LIMITS.registrationPerIp, { ip: origin.ip });
  const policy = REGISTRATION_POLICIES[registration.brand];
  if (!policy.isSelfRegistrationEnabled) throw errors.noAccess(TEXT.registrationClosed);
  if (!(policy.personalTypes as readonly string[]).includes(registration.registrationType)) {
    throw fieldError('registrationType', TEXT.typeNotOffered);
  }
  const phone = toE164(registration.phone, registration.countryCode);
  if (phone === null) throw fieldError('phone', TEXT.phoneInvalid);
  await assertAcceptablePassword(registration.password, [
    registration.email,
    registration.firstName,
    registration.lastName,
    brandNameOf(registration.brand),
  ]);
  const termsInForce = await registrationTerms(db);
  const shownIds = new Set(registration.termIds);
  if (termsInForce.length !== shownIds.size || termsInForce.some((terms) => !shownIds.has(terms.id))) {
    throw fieldError('termIds', TEXT.termsChanged);
  }
  const passwordHash = await hashNewPassword(registration.password);

  const delivery = await db.transaction(async (tx) => {
    const user = await customersService.createPendingUser(tx, {
      email: registration.email,
      passwordHash,
      firstName: registration.firstName,
      lastName: registration.lastName,
    });
    if (user === null) throw fieldError('email', TEXT.emailTaken);
    const customer = await customersService.createCustomer(tx, {
      customerType: 'personal',
      firstName: registration.firstName,
      lastName: registration.lastName,
      brand: registration.brand,
      // Nobody is verified at sign-up: post-login routing sends the new customer to KYC.
      isNeedKyc: true,
    });
    await customersService.grantCustomerAccess(tx, {
      userId: user.id,
      customerId: customer.id,
      accessRights: AccessRight.FULL,
      permissions: [],
      isDefault: true,
    });
    const isPhoneFree = await repository.insertRegistrationProfile(tx, {
      userId: user.id,
      customerId: customer.id,
      kind: 'personal',
      registrationType: registration.registrationType,
      brand: registration.brand,
      countryCode: registration.countryCode,
      phone,
      language: origin.language,
    });
    if (!isPhoneFree) throw fieldError('phone', TEXT.phoneTaken);
    await customersService.acceptTerms(tx, { userId: user.id, termIds: [...shownIds], ip: origin.ip });
    await recordAudit(tx, {
      actorUserId: user.id,
      customerId: customer.id,
      action: 'registration.registered',
      details: { kind: 'personal', brand: registration.brand, registrationType: registration.registrationType },
      ip: origin.ip,
    });
    return startActivation(tx, {
      userId: user.id,
      purpose: 'activation',
      email: registration.email,
      name: registration.firstName,
      businessName: undefined,
      brand: registration.brand,
      language: origin.language,
    });
  });
  await deliverActivation(context, delivery);
  return {
    login: registration.email,
    activationExpiresAt: new Date(Date.now() + ACTIVATION_TTL_HOURS * 3_600_000).toISOString(),
  };
}

/** accountActivate: a personal or business account, by e-mail and code or link token. */
export async function activateByCode(
  db: Database,
  context: RegistrationContext,
  params: { email: string; activationCode: string; ip: string },
): Promise<{ login: string; customerType: 'personal' | 'business'; invitedUsersNotified?: number }> {
  await countPublicRequest(db, PUBLIC_REQUEST_LIMITS.activationPerIp, { ip: params.ip });
  const user = await customersService.findSignInUserByEmail(db, { email: params.email });
  const result = await activateAccount(db, { user, activationCode: params.activationCode, ip: params.ip });
  for (const invitation of result.invitations) await deliverActivation(context, invitation);
  return {
    login: params.email,
    customerType: result.customerType,
    invitedUsersNotified: result.customerType === 'business' ? result.invitations.length : undefined,
  };
}

/** employeeActivate: the invitee's names and password, checked before anything is locked. */
export async function activateInvitedUser(
  db: Database,
  params: {
    email: string;
    activationCode: string;
    firstName: string;
    lastName: string;
    password: string;
    ip: string;
    fallbackBrand: string;
  },
): Promise<{ login: string; businessName: string | undefined }> {
  await countPublicRequest(db, PUBLIC_REQUEST_LIMITS.activationPerIp, { ip: params.ip });
  const user = await customersService.findSignInUserByEmail(db, { email: params.email });
  const profile = user === null ? null : await repository.findRegistrationProfile(db, { userId: user.id });
  const company = user === null ? null : (await customersService.accountFactsOf(db, { userId: user.id }))?.customer;
  // The company's name is the first word a colleague would guess.
  await assertAcceptablePassword(params.password, [
    params.email,
    params.firstName,
    params.lastName,
    brandNameOf(profile?.brand ?? params.fallbackBrand),
    company?.businessName,
  ]);
  const passwordHash = await hashNewPassword(params.password);
  const result = await activateEmployee(db, {
    user,
    activationCode: params.activationCode,
    firstName: params.firstName,
    lastName: params.lastName,
    passwordHash,
    ip: params.ip,
  });
  return { login: params.email, businessName: result.businessName };
}

/** A new activation mail for an account still waiting; the same silence for any other e-mail. */
export async function resendActivation(
  db: Database,
  context: RegistrationContext,
  params: { email: string; origin: RequestOrigin },
): Promise<void> {
  await countPublicRequest(db, PUBLIC_REQUEST_LIMITS.activationResendPerIp, { ip: params.origin.ip });
  await countPublicRequest(db, PUBLIC_REQUEST_LIMITS.activationResendPerEmail, { email: params.email });
  const user = await customersService.findSignInUserByEmail(db, { email: params.email });
  if (user?.status !== 'pending') return;
  const delivery = await restartActivation(db, {
    userId: user.id,
    fallbackBrand: context.brand,
    language: params.origin.language,
  });
  if (delivery !== null) await deliverActivation(context, delivery);
}

/** 0 free, 1 an active account, 2 an account that is not active (spec 001 §5 counts 1 and 2 as taken). */
export async function emailExistence(
  db: Database,
  params: { email: string; ip: string },
): Promise<{ exists: boolean; status: 0 | 1 | 2 }> {
  await countPublicRequest(db, PUBLIC_REQUEST_LIMITS.existenceCheckPerIp, { ip: params.ip });
  const user = await customersService.findSignInUserByEmail(db, { email: params.email });
  if (user === null) return { exists: false, status: 0 };
  return { exists: true, status: user.status === 'active' ? 1 : 2 };
}

export async function phoneExistence(
  db: Database,
  params: { phone: string; countryCode: CountryCode | undefined; ip: string },
): Promise<{ exists: boolean; phone: string }> {
  await countPublicRequest(db, PUBLIC_REQUEST_LIMITS.existenceCheckPerIp, { ip: params.ip });
  const phone = toE164(params.phone, params.countryCode);
  if (phone === null) throw fieldError('phone', TEXT.phoneInvalid);
  return { exists: await repository.isPhoneRegistered(db, { phone }), phone };
}

/**
 * For the business domain (company users, spec 001 §2 company-access): adds a user to a company who
 * activates their sign-in from the invitation mail by choosing their names and password
 * (`?action=activationEmployee`). Until then the user cannot sign in. The caller authorizes.
 */
export async function inviteCompanyUser(
  db: Database,
  context: RegistrationContext,
  params: {
    customerId: number;
    email: string;
    accessRights: number;
    permissions: string[];
    invitedByUserId: number;
    businessName: string;
    brand: string;
    origin: RequestOrigin;
  },
): Promise<{ userId: number }> {
  // Nobody knows this password: the invitee sets their own when activating.
  const passwordHash = await hashNewPassword(newLinkToken());
  const { userId, delivery } = await db.transaction(async (tx) => {
    const user = await customersService.createPendingUser(tx, {
      email: params.email,
      passwordHash,
      firstName: null,
      lastName: null,
    });
    if (user === null) throw fieldError('email', TEXT.emailTaken);
    await customersService.grantCustomerAccess(tx, {
      userId: user.id,
      customerId: params.customerId,
      accessRights: params.accessRights,
      permissions: params.permissions,
      isDefault: true,
    });
    await repository.insertRegistrationProfile(tx, {
      userId: user.id,
      customerId: params.customerId,
      kind: 'employee',
      brand: params.brand,
      language: params.origin.language,
      invitedByUserId: params.invitedByUserId,
    });
    await recordAudit(tx, {
      actorUserId: params.invitedByUserId,
      customerId: params.customerId,
      action: 'registration.userInvited',
      details: { userId: user.id, accessRights: params.accessRights },
      ip: params.origin.ip,
    });
    const started = await startActivation(tx, {
      userId: user.id,
      purpose: 'employeeActivation',
      email: params.email,
      name: undefined,
      businessName: params.businessName,
      brand: params.brand,
      language: params.origin.language,
    });
    return { userId: user.id, delivery: started };
  });
  await deliverActivation(context, delivery);
  return { userId };
}

/** How long an e-mail confirmation link works. */
export const EMAIL_CONFIRMATION_TTL_HOURS = 48;

/**
 * For the profile domain (added and changed e-mail addresses, spec 000 §3): mails a link that
 * confirms the user owns the address. Following it lands on the web app with
 * `?emailConfirmation=success|fail` (GET /auth/email-confirmation/{token}).
 */
export async function requestEmailConfirmation(
  db: Database,
  context: RegistrationContext,
  params: { userId: number; email: string; language: Language },
): Promise<void> {
  const token = newLinkToken();
  await repository.insertEmailConfirmation(db, {
    userId: params.userId,
    email: params.email,
    tokenHash: sha256Hex(token),
    ttlHours: EMAIL_CONFIRMATION_TTL_HOURS,
  });
  const brand = (await repository.findRegistrationProfile(db, { userId: params.userId }))?.brand ?? context.brand;
  const mail = registrationMailsIn(params.language).emailConfirmation({
    brand: brandNameOf(brand),
    email: params.email,
    link: `${context.webOrigin}/auth/email-confirmation/${token}`,
    hours: EMAIL_CONFIRMATION_TTL_HOURS,
  });
  await context.messaging.mail.send({ to: params.email, ...mail });
}

/** Follows a confirmation link: true when it was live (and is now used). */
export async function confirmEmail(db: Database, params: { token: string; ip: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const confirmed = await repository.confirmEmailByToken(tx, { tokenHash: sha256Hex(params.token) });
    if (confirmed === null) return false;
    await recordAudit(tx, {
      actorUserId: confirmed.userId,
      customerId: null,
      action: 'registration.emailConfirmed',
      ip: params.ip,
    });
    return true;
  });
}

export function isEmailConfirmed(db: Database, params: { userId: number; email: string }): Promise<boolean> {
  return repository.isEmailConfirmed(db, params);
}

/**
 * The language a user chose when they registered or were invited, for mails that leave outside
 * their requests (jobs); null for users who came in another way (demo, admin-made).
 */
export async function mailLanguageOf(db: Database, params: { userId: number }): Promise<Language | null> {
  return (await repository.findRegistrationProfile(db, params))?.language ?? null;
}

/** `mailLanguageOf` for many users in one read; users without a profile are left out. */
export function mailLanguagesOf(db: Database, params: { userIds: number[] }): Promise<Map<number, Language>> {
  return repository.findRegistrationLanguages(db, params);
}
