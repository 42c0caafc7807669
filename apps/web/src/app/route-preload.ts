import { matchRoutes, type RouteObject } from 'react-router';
import type { Namespace } from '../lib/i18n';
import { isSignedIn } from '../lib/session';
import { yieldToMain } from '../lib/yield-to-main';
import { requireSessionLoader } from './guards/require-session';

export interface RoutePreload {
  /** Starts downloading the route's code (memoised by the module map, so the router's own load reuses it). */
  loadCode: () => Promise<unknown>;
  /** Starts downloading the data the route shows first, when it needs some (deduplicated by the query cache). */
  loadData?: () => Promise<unknown>;
  /** Translation namespaces the route renders with. */
  namespaces: readonly Namespace[];
}

const preloads = new WeakMap<object, RoutePreload>();

/** Records what a lazy route loads, so that start-up can fetch it before the router asks for it. */
export function withPreload<Lazy extends object>(lazy: Lazy, preload: RoutePreload): Lazy {
  preloads.set(lazy, preload);
  return lazy;
}

const SIGN_IN_PATH = '/login';

/** The routes a visit renders first: `/` and a guest's visit to a protected screen end on the sign-in screen. */
function landingMatches(routes: RouteObject[], pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  const isRedirectOnly = matches.at(-1)?.route.index === true && matches.every(({ route }) => !route.lazy);
  const isGuestOnProtected = !isSignedIn() && matches.some(({ route }) => route.loader === requireSessionLoader);
  return isRedirectOnly || isGuestOnProtected ? (matchRoutes(routes, SIGN_IN_PATH) ?? []) : matches;
}

export interface FirstScreenPreload {
  /** Translation namespaces the first screen renders with. */
  namespaces: Namespace[];
  /** Starts the first screen's data requests: call it once requests can be made (API base, language). */
  loadData: () => void;
}

/**
 * Starts downloading the code of the screen the page will show, in parallel with the brand and the
 * translations instead of after them; its data follows through `loadData`. Nothing waits on either: the
 * router loads the same modules itself and reports a failure on its error page, and a screen shows a
 * failed request itself.
 */
export function preloadFirstScreen(routes: RouteObject[], pathname: string): FirstScreenPreload {
  const namespaces = new Set<Namespace>();
  const dataLoads: (() => Promise<unknown>)[] = [];
  for (const { route } of landingMatches(routes, pathname)) {
    const preload = route.lazy ? preloads.get(route.lazy) : undefined;
    if (!preload) continue;
    // One task per route: starting an import inserts preload links for each of the route's files.
    yieldToMain()
      .then(preload.loadCode)
      .catch(() => undefined);
    if (preload.loadData) dataLoads.push(preload.loadData);
    for (const namespace of preload.namespaces) namespaces.add(namespace);
  }
  return {
    namespaces: [...namespaces],
    loadData: () => {
      for (const load of dataLoads) load().catch(() => undefined);
    },
  };
}
