import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { loadNamespaces, type Namespace } from '../lib/i18n';
import { isSignedIn } from '../lib/session';
import { AppRoot } from './app-root';
import type { QueryClientHolder } from './query-client';
import { requireSessionLoader } from './guards/require-session';
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
        { index: true, loader: () => redirect('/login'), Component: RedirectingRoute },
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
              loader: requireSessionLoader,
              lazy: lazyRoute(
                () => import('./layouts/main-layout'),
                ['customers'],
                () => prefetchCustomerInfo(queryClientHolder),
              ),
              children: [
                { path: 'home', lazy: lazyRoute(() => import('./routes/home'), ['customers']) },
                {
                  path: 'admin-overview',
                  lazy: lazyRoute(() => import('../features/admin/routes/admin-overview'), ['admin']),
                },
              ],
            },
            { path: '*', lazy: lazyRoute(() => import('./routes/not-found'), ['customers']) },
          ],
        },
      ],
    },
  ];
}
