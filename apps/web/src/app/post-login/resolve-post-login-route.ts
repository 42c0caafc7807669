import type { CustomerAccess, CustomerInfo } from '@app/shared/api/customers';
import { AccessRight } from '@app/shared/constants';
import type { TermsItem } from '@app/shared/errors';
import type { RouteName } from '../route-registry';

export type PostLoginInput =
  | { kind: 'termsRequired'; terms: TermsItem[] }
  | {
      kind: 'customer';
      customer: CustomerInfo;
      /** Set when a business user or an admin acts for another customer. */
      fromCustomerId?: number;
      /** The path an unauthenticated visit asked for (rule 7). */
      savedPath: string | null;
      /** The customers the user may act for (rule 4), once loaded; see `loadCustomerAccesses`. */
      customerAccesses?: readonly CustomerAccess[];
    };

export type PostLoginDestination =
  { kind: 'route'; route: RouteName } | { kind: 'path'; path: string } | { kind: 'external'; url: string };

/** Why sign-in cannot go on: the user may act for no customer (rule 4 "they go to login"). */
export type SignInBlockReason = 'noCustomerAccess';

/**
 * What the rules decide: a destination; or, for rule 4, first load the user's customer accesses and
 * decide again with them; or back to sign-in.
 */
export type PostLoginDecision =
  PostLoginDestination | { kind: 'loadCustomerAccesses' } | { kind: 'signIn'; reason: SignInBlockReason };

/**
 * Balance information is what separates a business user who may see the company's money from one who
 * may only upload documents (spec 000 §6). Owners carry no access level; an authorized user with no
 * rights, or with only the uploading right (5), lacks it.
 */
export function hasBalanceInfoAccess(customer: CustomerInfo): boolean {
  return customer.accessRights !== AccessRight.NONE && customer.accessRights !== AccessRight.UPLOADING;
}

/**
 * Where a customer goes after sign-in (spec 000 §4 "After login"); the first matching rule wins.
 * Returns spec route names; the router maps the ones without a screen yet (see route-registry).
 */
export function resolvePostLoginRoute(input: PostLoginInput): PostLoginDecision {
  // 1. Terms to accept come before anything else.
  if (input.kind === 'termsRequired') return { kind: 'route', route: 'terms' };
  const { customer, fromCustomerId, savedPath } = input;
  // 2. Old-web users go there, unless someone is acting for a customer.
  if (customer.useOldWeb && fromCustomerId === undefined && customer.oldWebUrl) {
    return { kind: 'external', url: customer.oldWebUrl };
  }
  // 3. Administrators go to admin-overview; a deep link into it (a search, a page) is kept.
  if (customer.isAdmin) {
    if (savedPath !== null && /^\/admin-overview(?:[/?#]|$)/.test(savedPath)) return { kind: 'path', path: savedPath };
    return { kind: 'route', route: 'admin-overview' };
  }
  if (customer.customerType === 'business') {
    // 4. A business user not yet acting for a chosen customer: with related accounts, choose one of
    // them (none: back to sign-in); without, the user's own access to the company (the authorized-user
    // info) must load, else back to sign-in. The old web of the spec's rule is rule 2 here.
    if (fromCustomerId === undefined) {
      const { customerAccesses } = input;
      if (customerAccesses === undefined) return { kind: 'loadCustomerAccesses' };
      if (customer.isHaveRelatedAccounts) {
        return customerAccesses.length > 0
          ? { kind: 'route', route: 'select-customer' }
          : { kind: 'signIn', reason: 'noCustomerAccess' };
      }
      if (!customerAccesses.some((access) => access.customerId === customer.customerId)) {
        return { kind: 'signIn', reason: 'noCustomerAccess' };
      }
    }
    // Business order: KYC, then documents-only users, then the saved path, then home.
    if (customer.isNeedKyc) return { kind: 'route', route: 'business-kyc' };
    if (!hasBalanceInfoAccess(customer)) return { kind: 'route', route: 'company-documents' };
    if (savedPath) return { kind: 'path', path: savedPath };
    return { kind: 'route', route: 'home' };
  }
  // 5. Personal details to update; 6. KYC; 7. the saved path; 8. home.
  if (customer.isNeedPersonalInfoUpdate) return { kind: 'route', route: 'profile-update' };
  if (customer.isNeedKyc) return { kind: 'route', route: 'kyc' };
  if (savedPath) return { kind: 'path', path: savedPath };
  return { kind: 'route', route: 'home' };
}
