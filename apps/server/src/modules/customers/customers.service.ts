import type { CustomerInfo, CustomerSummary, Login2faMode } from '@app/shared/api/customers';
import { AccessRight } from '@app/shared/constants';
import type { TermsItem } from '@app/shared/errors';
import { collapseWhitespace } from '@app/shared/validation/names';
import type { Database } from '../../db/client';
import type { Session } from '../../platform/access-token';
import { errors } from '../../platform/errors';
import type { LiveAudiencePort } from '../../platform/live-channel';
import type { CustomerAccessPort } from '../../platform/main-api';
import * as repository from './customers.repository';

/** Rules of the customers domain: who acts for whom, what the customer looks like, terms. */

/** What the dispatcher asks on every call (platform/main-api.ts): one statement, never cached. */
export const customerAccessPort: CustomerAccessPort = {
  actingContext: (db, params) =>
    repository.findActingContext(db, {
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
  'id' | 'email' | 'passwordHash' | 'status' | 'isAdmin' | 'login2faMode'
>;

/** The auth domain signs users in through these two; it never reads the users table itself. */
export function findSignInUserByEmail(db: Database, params: { email: string }): Promise<SignInUser | null> {
  return repository.findUserByEmail(db, params);
}

export function findSignInUserById(db: Database, params: { userId: number }): Promise<SignInUser | null> {
  return repository.findUserById(db, params);
}

/** The auth domain turns a second factor on once the user enrolled it (spec 000 §3 login2faMode). */
export async function setLogin2faMode(db: Database, params: { userId: number; mode: Login2faMode }): Promise<void> {
  await repository.updateUserLogin2faMode(db, params);
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

function displayNameOf(customer: repository.CustomerRow): string {
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
