import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { loadNamespaces, type Namespace } from '../lib/i18n';
import { isSignedIn } from '../lib/session';
import { AppRoot } from './app-root';
import type { QueryClientHolder } from './query-client';
import { entryPathOf, isGuestOnlyActivateVisit } from '../features/registration/utils/entry-query';
import { guestOnlyLoader } from './guards/guest-only';
import { requireSessionLoader } from './guards/require-session';
import { isRouteAvailable } from './route-registry';
import { withPreload } from './route-preload';
import { createLoginLoader } from './routes/login-loader';
import { RouteErrorPage } from './routes/route-error';

/** Renders nothing: its loader always redirects first. */
function RedirectingRoute() {
  return null;
}

/**
 * A code-split route: its module and its words load together, so it never renders untranslated. The
 * data it shows first (`loadData`, optional) starts downloading with them instead of after its first render.
 */
function lazyRoute(
  load: () => Promise<{ default: ComponentType }>,
  namespaces: readonly Namespace[],
  loadData?: () => Promise<unknown>,
) {
  return withPreload(
    async () => {
      // The screen renders its own loading and error states: the route never waits for its data.
      loadData?.().catch(() => undefined);
      const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
      return { Component: module.default };
    },
    { loadCode: load, loadData, namespaces },
  );
}

/** Home shows the balances first: their request starts with the screen's code. */
async function prefetchAccounts(queryClientHolder: QueryClientHolder): Promise<void> {
  if (!isSignedIn()) return;
  const [queryClient, { accountsQueryOptions }] = await Promise.all([
    queryClientHolder.load(),
    import('../features/accounts/api/get-accounts'),
  ]);
  await queryClient.query(accountsQueryOptions());
}

/** The signed-in layout and home show the customer: the request starts with their code. */
async function prefetchCustomerInfo(queryClientHolder: QueryClientHolder): Promise<void> {
  if (!isSignedIn()) return;
  const [queryClient, { customerInfoQueryOptions }] = await Promise.all([
    queryClientHolder.load(),
    import('../features/customers/api/get-customer-info'),
  ]);
  await queryClient.query(customerInfoQueryOptions());
}

/**
 * The route table. Paths are the spec's route names (000 §2). Only screens that exist have routes;
 * route-registry.ts lists them for the routing rules.
 */
export function createRoutes(queryClientHolder: QueryClientHolder): RouteObject[] {
  return [
    {
      id: 'root',
      Component: AppRoot,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: PageLoader,
      children: [
        {
          index: true,
          // Mail links to the root keep their activation or confirmation query (spec 000 §2).
          loader: ({ request }) => redirect(entryPathOf(new URL(request.url))),
          Component: RedirectingRoute,
        },
        {
          path: 'login',
          loader: createLoginLoader(queryClientHolder),
          lazy: lazyRoute(() => import('./routes/login'), ['auth']),
        },
        {
          // Every screen below reads server data; TanStack Query loads with the first of them.
          lazy: lazyRoute(async () => {
            const [module] = await Promise.all([import('./query-layout'), queryClientHolder.load()]);
            return module;
          }, []),
          children: [
            {
              path: 'terms',
              loader: requireSessionLoader,
              lazy: lazyRoute(() => import('./routes/terms'), ['terms']),
            },
            {
              // Pre-account screens, in the sign-in card.
              lazy: lazyRoute(async () => ({ default: (await import('./layouts/auth-layout')).AuthLayout }), []),
              children: [
                {
                  path: 'register',
                  loader: guestOnlyLoader,
                  lazy: lazyRoute(async () => {
                    const { RegisterChoice } = await import('../features/registration/routes/register');
                    return {
                      default: function RegisterRoute() {
                        return <RegisterChoice isBusinessAvailable={isRouteAvailable('register/business')} />;
                      },
                    };
                  }, ['registration']),
                },
                {
                  path: 'register/personal',
                  loader: guestOnlyLoader,
                  lazy: lazyRoute(() => import('../features/registration/routes/register-personal'), ['registration']),
                },
                {
                  path: 'activate',
                  loader: ({ request }) => (isGuestOnlyActivateVisit(new URL(request.url)) ? guestOnlyLoader() : null),
                  lazy: lazyRoute(() => import('../features/registration/routes/activate'), ['registration']),
                },
                {
                  path: 'reset-password',
                  loader: guestOnlyLoader,
                  lazy: lazyRoute(() => import('../features/registration/routes/reset-password'), ['registration']),
                },
                {
                  path: 'legal/:code/:version',
                  lazy: lazyRoute(() => import('../features/registration/routes/legal-terms'), ['registration']),
                },
              ],
            },
            {
              path: 'select-customer',
              loader: requireSessionLoader,
              lazy: lazyRoute(() => import('./routes/select-customer'), ['signIn']),
            },
            {
              path: 'scp',
              loader: requireSessionLoader,
              lazy: lazyRoute(() => import('./routes/scp'), ['signIn']),
            },
            {
              path: 'scp-mobile',
              loader: requireSessionLoader,
              lazy: lazyRoute(() => import('./routes/scp-mobile'), ['signIn']),
            },
            {
              path: 'kyc',
              loader: requireSessionLoader,
              lazy: lazyRoute(() => import('./routes/kyc'), ['kyc', 'verification']),
            },
            {
              loader: requireSessionLoader,
              lazy: lazyRoute(
                () => import('./layouts/main-layout'),
                ['customers', 'verification'],
                () => prefetchCustomerInfo(queryClientHolder),
              ),
              children: [
                {
                  path: 'home',
                  lazy: lazyRoute(
                    () => import('./routes/home'),
                    ['accounts', 'history'],
                    () => prefetchAccounts(queryClientHolder),
                  ),
                },
                {
                  path: 'transfer',
                  children: [
                    { index: true, loader: () => redirect('/transfer/p2p'), Component: RedirectingRoute },
                    { path: 'p2p', lazy: lazyRoute(() => import('./routes/transfer-p2p'), ['transfers', 'accounts']) },
                    {
                      path: 'account',
                      lazy: lazyRoute(() => import('./routes/transfer-account'), ['transfers', 'accounts']),
                    },
                    {
                      path: 'preapproved-payments',
                      lazy: lazyRoute(() => import('./routes/preapproved-payments'), ['transfers', 'accounts']),
                    },
                  ],
                },
                { path: 'history', lazy: lazyRoute(() => import('./routes/history'), ['history', 'accounts']) },
                { path: 'setting', lazy: lazyRoute(() => import('./routes/setting'), ['security', 'accessLists']) },
                { path: 'profile', lazy: lazyRoute(() => import('./routes/profile'), ['profile']) },
                { path: 'login-history', lazy: lazyRoute(() => import('./routes/login-history'), ['security']) },
                {
                  path: 'payout-blacklist',
                  lazy: lazyRoute(() => import('./routes/payout-blacklist'), ['accessLists']),
                },
                {
                  path: 'profile/notifications',
                  lazy: lazyRoute(() => import('./routes/notification-settings'), ['preferences']),
                },
                { path: 'legal', lazy: lazyRoute(() => import('./routes/legal'), ['preferences']) },
                { path: 'statements', lazy: lazyRoute(() => import('./routes/statements'), ['history', 'accounts']) },
                {
                  path: 'admin-overview',
                  lazy: lazyRoute(() => import('../features/admin/routes/admin-overview'), ['admin', 'adminReview']),
                },
                { path: 'profile-update', lazy: lazyRoute(() => import('./routes/profile-update'), ['kyc']) },
                {
                  path: 'limited-account',
                  lazy: lazyRoute(() => import('./routes/limited-account'), ['kyc', 'verification']),
                },
                {
                  path: 'unverified-account',
                  lazy: lazyRoute(() => import('./routes/unverified-account'), ['kyc', 'verification']),
                },
                {
                  path: 'video-identity-job/:jobId',
                  lazy: lazyRoute(() => import('./routes/video-identity-job'), ['kyc']),
                },
                { path: 'admin/documents', lazy: lazyRoute(() => import('./routes/admin-documents'), ['adminReview']) },
                {
                  path: 'admin-customer/:customerId',
                  lazy: lazyRoute(() => import('../features/admin/routes/admin-customer'), ['admin', 'accounts']),
                },
                {
                  path: 'admin-audit',
                  lazy: lazyRoute(() => import('../features/admin/routes/admin-audit'), ['admin']),
                },
                { path: 'admin-news', lazy: lazyRoute(() => import('../features/admin/routes/admin-news'), ['admin']) },
                { path: 'news', lazy: lazyRoute(() => import('../features/news/routes/news-list'), ['news']) },
                {
                  path: 'news/:newsId',
                  lazy: lazyRoute(() => import('../features/news/routes/news-detail'), ['news']),
                },
                { path: 'auth/sei', lazy: lazyRoute(() => import('../features/sso/routes/sso-consent'), ['sso']) },
              ],
            },
            { path: '*', lazy: lazyRoute(() => import('./routes/not-found'), ['customers']) },
          ],
        },
      ],
    },
  ];
}
