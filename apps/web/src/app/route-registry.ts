/**
 * The one place that knows which spec routes (000 §2) have screens in this build. Routing logic may
 * name any spec route; a route whose screen is not built yet resolves to home. A later issue that adds
 * a screen adds its name to `availableRoutes` and its entry to the route table.
 */
export type RouteName =
  | 'login'
  | 'home'
  | 'admin-overview'
  | 'news'
  | 'terms'
  | 'register'
  | 'register/personal'
  | 'register/business'
  | 'activate'
  | 'auth/sei'
  | 'reset-password'
  | 'profile-update'
  | 'kyc'
  | 'business-kyc'
  | 'company-documents'
  | 'profile'
  | 'setting'
  | 'login-history'
  | 'transfer'
  | 'transfer/account'
  | 'transfer/p2p'
  | 'transfer/preapproved-payments'
  | 'history'
  | 'statements'
  | 'payout-blacklist'
  | 'smart-contracts'
  | 'legal'
  | 'profile/notifications'
  | 'transfer/invoices'
  | 'company'
  | 'company-access'
  | 'company-emails'
  | 'merchant'
  | 'scp'
  | 'scp-mobile'
  | 'select-customer'
  | 'limited-account'
  | 'unverified-account'
  | 'admin/documents';

export const availableRoutes: ReadonlySet<RouteName> = new Set<RouteName>([
  'login',
  'home',
  'admin-overview',
  'news',
  'terms',
  'register',
  'register/personal',
  'activate',
  'reset-password',
  'auth/sei',
  'scp',
  'scp-mobile',
  'select-customer',
  'kyc',
  'profile-update',
  'limited-account',
  'unverified-account',
  'admin/documents',
  'transfer',
  'transfer/account',
  'transfer/p2p',
  'transfer/preapproved-payments',
  'history',
  'statements',
  'setting',
  'login-history',
  'payout-blacklist',
  'profile/notifications',
  'legal',
  'profile',
]);

export function isRouteAvailable(route: RouteName): boolean {
  return availableRoutes.has(route);
}

/** The path of a route; routes without a screen yet go home. */
export function pathOfRoute(route: RouteName): string {
  return isRouteAvailable(route) ? `/${route}` : '/home';
}
