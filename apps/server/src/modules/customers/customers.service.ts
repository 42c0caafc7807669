import {
  MAX_CUSTOMER_ACCESSES,
  type CustomerAccess,
  type CustomerInfo,
  type CustomerSummary,
  type CustomerType,
  type Login2faMode,
} from '@app/shared/api/customers';
import { AccessRight } from '@app/shared/constants';
import type { TermsItem } from '@app/shared/errors';
import { collapseWhitespace } from '@app/shared/validation/names';
import type { Database } from '../../db/client';
import type { Session } from '../../platform/access-token';
import { errors } from '../../platform/errors';
import { coalesced } from '../../platform/coalesce';
import type { LiveAudiencePort } from '../../platform/live-channel';
import type { CustomerAccessPort } from '../../platform/main-api';
import * as repository from './customers.repository';
import * as termsRepository from './terms.repository';
import * as usersRepository from './users.repository';

/** Rules of the customers domain: who acts for whom, what the customer looks like, terms. */

/** Concurrent calls' acting contexts read together, one statement at a time (platform/coalesce.ts). */
const actingContextOf = coalesced(repository.findActingContexts);

/**
 * The acting-context rule as SQL text, for a write that checks it atomically instead of the
 * dispatcher's read (the P2P batch write; platform/main-api.ts `ActingCall`).
 */
export { actingCustomerSql, hasPendingTermsSql } from './customers.repository';

/**
 * What the dispatcher asks on every call (platform/main-api.ts): one statement, never cached; a
 * method whose write checks `actingCustomerSql` and `hasPendingTermsSql` may go without it.
 */
export const customerAccessPort: CustomerAccessPort = {
  actingContext: (db, params) =>
    actingContextOf(db, {
      userId: params.session.userId,
      isAdmin: params.session.isAdmin,
      fromCustomerId: params.fromCustomerId ?? null,
      checksTerms: params.checksTerms,
    }),
  pendingTerms: (db, userId) => repository.findPendingTerms(db, { userId }),
};

/** Who hears a customer's live events: the users with access to it; administrators are not among them. */
export const liveAudiencePort: LiveAudiencePort = {
  userIdsActingFor: (db, customerId) => repository.findUserIdsWithAccess(db, { customerId }),
};

export type SignInUser = Pick<
  repository.UserRow,
  'id' | 'email' | 'passwordHash' | 'status' | 'isAdmin' | 'login2faMode' | 'transactionApproveMode'
>;

/** The auth domain signs users in through these two; it never reads the users table itself. */
export function findSignInUserByEmail(db: Database, params: { email: string }): Promise<SignInUser | null> {
  return repository.findUserByEmail(db, params);
}

/** `findSignInUserByEmail` for many logins at once (a batch of payee notices), by login. */
export async function findSignInUsersByEmails(
  db: Database,
  params: { emails: string[] },
): Promise<Map<string, SignInUser>> {
  const rows = await repository.findUsersByEmails(db, { emails: [...new Set(params.emails)] });
  return new Map(rows.map((row) => [row.email, row]));
}

export function findSignInUserById(db: Database, params: { userId: number }): Promise<SignInUser | null> {
  return repository.findUserById(db, params);
}

/** Who a user is, for single sign-on's relying parties: the login and the user's names. */
export async function userProfileOf(
  db: Database,
  params: { userId: number },
): Promise<{ email: string; firstName: string | undefined; lastName: string | undefined } | null> {
  const user = await repository.findUserById(db, params);
  if (user === null) return null;
  return { email: user.email, firstName: user.firstName ?? undefined, lastName: user.lastName ?? undefined };
}

/** The auth domain turns a second factor on once the user enrolled it (spec 000 §3 login2faMode). */
export async function setLogin2faMode(db: Database, params: { userId: number; mode: Login2faMode }): Promise<void> {
  await repository.updateUserLogin2faMode(db, params);
}

/** How the user approves transactions (spec 001 §4: push=1, sms=2, otp=3, approvalCode=4, else 0); set by the security settings. */
export async function setTransactionApproveMode(db: Database, params: { userId: number; mode: number }): Promise<void> {
  await repository.updateUserTransactionApproveMode(db, params);
}

/* Accounts as registration creates and activates them (spec 000 §2, 001 §2, §8) */

/** A user awaiting activation; null when the e-mail already has an account. */
export function createPendingUser(db: Database, user: repository.NewPendingUser): Promise<{ id: number } | null> {
  return repository.insertPendingUser(db, user);
}

export async function createCustomer(
  db: Database,
  customer: Pick<
    repository.NewCustomer,
    'customerType' | 'firstName' | 'lastName' | 'businessName' | 'brand' | 'isNeedKyc'
  >,
): Promise<{ id: number }> {
  const { id } = await repository.insertCustomer(db, customer);
  return { id };
}

/** Lets the user act for the customer; an access the user already has is left as it is. */
export function grantCustomerAccess(
  db: Database,
  access: Pick<repository.NewCustomerAccess, 'userId' | 'customerId' | 'accessRights' | 'permissions' | 'isDefault'>,
): Promise<void> {
  return repository.insertCustomerAccess(db, access);
}

/** pending → active, once: false when the user was not pending (already active, or blocked). */
export function activatePendingUser(db: Database, params: { userId: number }): Promise<boolean> {
  return repository.activatePendingUser(db, params);
}

export function setUserPassword(db: Database, params: { userId: number; passwordHash: string }): Promise<void> {
  return repository.updateUserPassword(db, params);
}

export function setUserNames(
  db: Database,
  params: { userId: number; firstName: string; lastName: string },
): Promise<void> {
  return repository.updateUserNames(db, params);
}

export type AccountFacts = repository.AccountFactsRow;

/** The user with the customer they act for by default; null when there is no such user. */
export function accountFactsOf(db: Database, params: { userId: number }): Promise<AccountFacts | null> {
  return repository.findAccountFacts(db, params);
}

/** The customer's users who have not activated their sign-in yet, other than the one named. */
export function pendingUsersOfCustomer(
  db: Database,
  params: { customerId: number; exceptUserId: number },
): Promise<{ userId: number; email: string }[]> {
  return repository.findPendingUsersOfCustomer(db, params);
}

/** The terms a new customer of the type accepts at sign-up. */
export function termsInForce(db: Database, params: { customerType: CustomerType }): Promise<TermsItem[]> {
  return termsRepository.findTermsInForce(db, params);
}

/** Names are shown with whitespace collapsed (spec 000 §5); an empty name is no name. */
function nameOf(value: string | null): string | undefined {
  if (value === null) return undefined;
  const name = collapseWhitespace(value);
  return name === '' ? undefined : name;
}

export async function customerInfo(
  db: Database,
  params: { session: Session; customerId: number | null; oldWebUrl: string | undefined },
): Promise<CustomerInfo> {
  const row = await repository.findCustomerInfo(db, {
    userId: params.session.userId,
    customerId: params.customerId,
  });
  if (row === null) throw errors.auth();
  const { user, customer, access } = row;
  // Without a configured old web there is nowhere to send the user, so they stay here.
  const useOldWeb = user.useOldWeb && params.oldWebUrl !== undefined;
  const userPart = {
    userId: user.id,
    login: user.email,
    firstName: nameOf(user.firstName),
    lastName: nameOf(user.lastName),
    transactionApproveMode: user.transactionApproveMode,
    login2faMode: user.login2faMode,
    isAdmin: user.isAdmin,
    useOldWeb,
    oldWebUrl: useOldWeb ? params.oldWebUrl : undefined,
  };
  if (params.customerId === null) {
    // Only an administrator has no customer of their own; anyone else is a broken account.
    if (!user.isAdmin) throw errors.noAccess('No customer is linked to this sign-in.');
    return { ...userPart, isHaveRelatedAccounts: false };
  }
  if (customer === null) throw errors.noAccess();

  const isPersonal = customer.customerType === 'personal';
  return {
    ...userPart,
    customerId: customer.id,
    customerType: customer.customerType,
    // A person's own names come from the customer; a company user keeps their own name.
    firstName: nameOf(customer.firstName) ?? userPart.firstName,
    lastName: nameOf(customer.lastName) ?? userPart.lastName,
    businessName: nameOf(customer.businessName),
    birthDay: customer.birthDay ?? undefined,
    customerCreationDate: customer.createdAt.toISOString(),
    taxId: customer.taxId ?? undefined,
    isHaveRelatedAccounts: row.hasRelatedAccounts,
    // An administrator acting for a company holds full rights and no permissions of a company user.
    permissions: isPersonal ? undefined : (access?.permissions ?? []),
    accessRights: isPersonal ? undefined : (access?.accessRights ?? AccessRight.FULL),
    verified: customer.verified,
    limited: customer.limited,
    dueDiligenceLevel: customer.dueDiligenceLevel,
    isNeedPersonalInfoUpdate: customer.isNeedPersonalInfoUpdate,
    isNeedKyc: customer.isNeedKyc,
  };
}

export function pendingTerms(db: Database, params: { userId: number }): Promise<TermsItem[]> {
  return repository.findPendingTerms(db, params);
}

/** Accepts terms that are pending for the user; any other id is a field error and nothing is stored. */
export function acceptTerms(
  db: Database,
  params: { userId: number; termIds: number[]; ip: string | null },
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const pendingIds = new Set(
      (await repository.findPendingTerms(tx, { userId: params.userId })).map((item) => item.id),
    );
    const validationErrors = params.termIds.flatMap((termsId, index) =>
      pendingIds.has(termsId)
        ? []
        : [{ field: `termIds.${index}`, message: 'These terms are not waiting for your acceptance.' }],
    );
    if (validationErrors.length > 0) throw errors.validation(validationErrors);
    const termsIds = [...new Set(params.termIds)];
    await repository.insertTermsAcceptances(tx, { userId: params.userId, termsIds, ip: params.ip });
    return termsIds;
  });
}

function displayNameOf(
  customer: Pick<repository.CustomerRow, 'customerType' | 'businessName' | 'firstName' | 'lastName'>,
): string {
  if (customer.customerType === 'business') return nameOf(customer.businessName) ?? '';
  return collapseWhitespace(`${customer.firstName ?? ''} ${customer.lastName ?? ''}`);
}

export async function searchCustomers(
  db: Database,
  params: { query?: string; pageNumber: number; pageSize: number },
): Promise<{ customers: CustomerSummary[]; total: number }> {
  const rows = await repository.searchCustomers(db, {
    query: params.query,
    limit: params.pageSize,
    offset: (params.pageNumber - 1) * params.pageSize,
  });
  const logins = await repository.findMainLogins(db, { customerIds: rows.map((customer) => customer.id) });
  const total = await repository.countCustomers(db, { query: params.query });
  return {
    customers: rows.map((customer) => ({
      customerId: customer.id,
      customerType: customer.customerType,
      displayName: displayNameOf(customer),
      login: logins.get(customer.id),
      verified: customer.verified,
      limited: customer.limited,
      createdAt: customer.createdAt.toISOString(),
    })),
    total,
  };
}

/**
 * The customers the user may act for, each with the user's own rights: the chooser of a user with
 * related accounts. Only the user's own accesses, whoever asks; an administrator acting for
 * customers finds them with customerSearch instead.
 */
export async function customerAccesses(db: Database, params: { userId: number }): Promise<CustomerAccess[]> {
  const rows = await repository.findCustomerAccesses(db, { userId: params.userId, limit: MAX_CUSTOMER_ACCESSES });
  return rows.map(({ customer, accessRights }) => ({
    customerId: customer.id,
    displayName: displayNameOf(customer),
    customerType: customer.customerType,
    accessRights,
  }));
}

/* Verification and KYC (spec 000 §4): the verification and documents domains change the flags through these. */

export type VerificationFlags = repository.VerificationFlagsRow;

export async function verificationFlagsOf(
  db: Database,
  params: { customerId: number; forUpdate?: boolean },
): Promise<VerificationFlags> {
  const row = await repository.findVerificationFlags(db, params);
  if (row === null) throw errors.noAccess('This customer does not exist.');
  return row;
}

export function setVerificationFlags(
  db: Database,
  params: {
    customerId: number;
    flags: Partial<Pick<VerificationFlags, 'verified' | 'limited' | 'isNeedKyc' | 'isNeedPersonalInfoUpdate'>>;
  },
): Promise<void> {
  return repository.updateVerificationFlags(db, params);
}

/** The KYC personal-info update (spec 000 §4 "profile-update"): names, birthday and tax id, then the flag clears. */
export function updatePersonalInfo(
  db: Database,
  params: { customerId: number; firstName: string; lastName: string; birthDay: string; taxId: string | null },
): Promise<void> {
  return repository.updatePersonalInfo(db, {
    ...params,
    firstName: collapseWhitespace(params.firstName),
    lastName: collapseWhitespace(params.lastName),
  });
}

export function customerSummariesOf(db: Database, params: { customerIds: number[] }) {
  return repository.findCustomerSummaries(db, params);
}

/* The legal page (security domain): the agreements the user accepted, only the user's own */

export type AcceptedAgreement = termsRepository.AcceptedAgreementRow;

export function acceptedAgreementsOf(db: Database, params: { userId: number }): Promise<AcceptedAgreement[]> {
  return termsRepository.findAcceptedAgreements(db, params);
}

/** null both for terms that do not exist and for terms another user accepted. */
export function acceptedAgreementOf(
  db: Database,
  params: { userId: number; agreementId: number },
): Promise<AcceptedAgreement | null> {
  return termsRepository.findAcceptedAgreement(db, params);
}

/* The back office (admin domain) and the news announcement */

export type CustomerRecord = repository.CustomerRow;

export function findCustomerRow(db: Database, params: { customerId: number }): Promise<CustomerRecord | null> {
  return repository.findCustomerById(db, params);
}

export type CustomerUser = usersRepository.CustomerUserRow;

/** Every user with an access row to the customer, whatever its rights, by user id. */
export function customerUsers(db: Database, params: { customerId: number; limit: number }): Promise<CustomerUser[]> {
  return usersRepository.findUsersOfCustomer(db, params);
}

/** Callers look up a page of rows at a time; more ids than this is a bug, not a bigger page. */
const MAX_LOGIN_LOOKUPS = 1000;

/** The login of each user that exists, in one query; ids without a user are absent from the map. */
export function loginsOfUsers(db: Database, params: { userIds: number[] }): Promise<Map<number, string>> {
  const userIds = [...new Set(params.userIds)];
  if (userIds.length > MAX_LOGIN_LOOKUPS) throw new Error(`${userIds.length} logins asked at once`);
  return usersRepository.findLoginsOfUsers(db, { userIds });
}

/** One page of a walk over every customer: the ids above `afterCustomerId`, ascending. */
export function customerIdsAfter(db: Database, params: { afterCustomerId: number; limit: number }): Promise<number[]> {
  return repository.findCustomerIdsAfter(db, params);
}

/* The profile domain: the tax number and the change of the sign-in e-mail, in the caller's transaction */

export function setCustomerTaxId(db: Database, params: { customerId: number; taxId: string }): Promise<void> {
  return repository.updateCustomerTaxId(db, params);
}

export function userLoginOf(db: Database, params: { userId: number }): Promise<string | null> {
  return usersRepository.findUserLogin(db, params);
}

export function isLoginTaken(db: Database, params: { email: string; exceptUserId: number }): Promise<boolean> {
  return usersRepository.isLoginTaken(db, params);
}

/** false when another user already signs in with the e-mail. */
export function changeUserLogin(db: Database, params: { userId: number; email: string }): Promise<boolean> {
  return usersRepository.updateUserLogin(db, params);
}

/**
 * Serialises changes to one customer's profile (phones, e-mails, addresses): the customer's row is
 * locked until the transaction ends. False when there is no such customer.
 */
export function lockCustomer(db: Database, params: { customerId: number }): Promise<boolean> {
  return repository.lockCustomer(db, params);
}
