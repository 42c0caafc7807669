import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { loadNamespaces, type Namespace } from '../lib/i18n';
import { AppRoot } from './app-root';
import type { QueryClientHolder } from './query-client';
import { requireSessionLoader } from './guards/require-session';
import { createLoginLoader } from './routes/login-loader';
import { RouteErrorPage } from './routes/route-error';

/** Renders nothing: its loader always redirects first. */
function RedirectingRoute() {
  return null;
}

/** A code-split route: its module and its words load together, so it never renders untranslated. */
function lazyRoute(load: () => Promise<{ default: ComponentType }>, namespaces: readonly Namespace[]) {
  return async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component: module.default };
  };
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
          lazy: async () => {
            const [module] = await Promise.all([import('./query-layout'), queryClientHolder.load()]);
            return { Component: module.default };
          },
          children: [
            {
              path: 'terms',
              loader: requireSessionLoader,
              lazy: lazyRoute(() => import('./routes/terms'), ['terms']),
            },
            {
              loader: requireSessionLoader,
              lazy: lazyRoute(() => import('./layouts/main-layout'), ['customers']),
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
