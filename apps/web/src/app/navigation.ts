import type { CustomerInfo } from '@app/shared/api/customers';
import { isRouteAvailable, type RouteName } from './route-registry';

export interface NavEntry {
  route: RouteName;
  labelKey: 'nav.accounts' | 'nav.transfers' | 'nav.history' | 'nav.adminOverview';
  icon: 'home' | 'transfers' | 'history' | 'customers';
}

/**
 * Side navigation (desktop) and bottom navigation (phone), the main areas of UI.md: Accounts (home),
 * Transfers, History, and for administrators the customers. Only screens that exist are listed. An
 * administrator acting for no customer has no accounts, so the money areas are left out for them.
 */
export function mainNavEntries(customer: CustomerInfo | undefined): NavEntry[] {
  const hasMoney = customer === undefined || customer.customerId !== undefined;
  const entries: (NavEntry | false)[] = [
    { route: 'home', labelKey: 'nav.accounts', icon: 'home' },
    hasMoney && { route: 'transfer', labelKey: 'nav.transfers', icon: 'transfers' },
    hasMoney && { route: 'history', labelKey: 'nav.history', icon: 'history' },
    customer?.isAdmin === true && { route: 'admin-overview', labelKey: 'nav.adminOverview', icon: 'customers' },
  ];
  return entries.filter((entry): entry is NavEntry => entry !== false && isRouteAvailable(entry.route));
}

export type ProfileMenuLabel =
  | 'profile'
  | 'notifications'
  | 'accountSecurity'
  | 'smartContracts'
  | 'preApprovedPayments'
  | 'payoutBlacklist'
  | 'loginHistory'
  | 'legalInfo'
  | 'invoices'
  | 'companyDetails'
  | 'manageUsers'
  | 'paymentEmails'
  | 'merchantServices';

export interface ProfileMenuEntry {
  route: RouteName;
  label: ProfileMenuLabel;
}

export interface ProfileMenuContext {
  customer: CustomerInfo;
  /** Smart contracts are switched on for this customer (a later issue supplies it). */
  areContractsEnabled: boolean;
}

/** The personal and company profile menus of spec 001 §2, in the spec's order. */
export function profileMenuEntries({ customer, areContractsEnabled }: ProfileMenuContext): ProfileMenuEntry[] {
  const canRequestMoney = customer.permissions?.includes('requestMoney') ?? false;
  const showsContracts = customer.verified && areContractsEnabled;
  const entries: (ProfileMenuEntry | false)[] =
    customer.customerType === 'business'
      ? [
          { route: 'company', label: 'companyDetails' },
          { route: 'company-access', label: 'manageUsers' },
          { route: 'company-emails', label: 'paymentEmails' },
          showsContracts ? { route: 'smart-contracts', label: 'smartContracts' } : false,
          { route: 'transfer/preapproved-payments', label: 'preApprovedPayments' },
          { route: 'payout-blacklist', label: 'payoutBlacklist' },
          { route: 'profile/notifications', label: 'notifications' },
          { route: 'legal', label: 'legalInfo' },
          { route: 'merchant', label: 'merchantServices' },
          canRequestMoney ? { route: 'transfer/invoices', label: 'invoices' } : false,
        ]
      : [
          { route: 'profile', label: 'profile' },
          { route: 'profile/notifications', label: 'notifications' },
          { route: 'setting', label: 'accountSecurity' },
          showsContracts ? { route: 'smart-contracts', label: 'smartContracts' } : false,
          { route: 'transfer/preapproved-payments', label: 'preApprovedPayments' },
          { route: 'payout-blacklist', label: 'payoutBlacklist' },
          { route: 'login-history', label: 'loginHistory' },
          { route: 'legal', label: 'legalInfo' },
          canRequestMoney ? { route: 'transfer/invoices', label: 'invoices' } : false,
        ];
  return entries.filter((entry): entry is ProfileMenuEntry => entry !== false && isRouteAvailable(entry.route));
}
