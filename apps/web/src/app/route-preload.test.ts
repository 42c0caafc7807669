import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Namespace } from '../lib/i18n';
import { startSession } from '../lib/session';
import { requireSessionLoader } from './guards/require-session';
import { preloadFirstScreen, withPreload } from './route-preload';

function lazyScreen(namespaces: Namespace[]) {
  const loadCode = vi.fn(() => Promise.resolve({}));
  const loadData = vi.fn(() => Promise.resolve());
  const lazy = withPreload(() => Promise.resolve({}), { loadCode, loadData, namespaces });
  return { lazy, loadCode, loadData };
}

/** The shape of the real table: `/` redirects, `/login` for guests, a guarded layout around `/home`. */
function routeTable() {
  const login = lazyScreen(['auth']);
  const layout = lazyScreen(['customers']);
  const home = lazyScreen(['customers', 'common']);
  const routes: RouteObject[] = [
    {
      children: [
        { index: true, loader: () => null },
        { path: 'login', lazy: login.lazy },
        { loader: requireSessionLoader, lazy: layout.lazy, children: [{ path: 'home', lazy: home.lazy }] },
      ],
    },
  ];
  return { routes, login, layout, home };
}

describe('preloading the first screen', () => {
  it('starts the code of every route the path renders, and their data only once asked', async () => {
    startSession({ accessToken: 'access', refreshToken: 'refresh', expiresIn: 300 });
    const { routes, login, layout, home } = routeTable();

    const firstScreen = preloadFirstScreen(routes, '/home');

    expect(firstScreen.namespaces).toEqual(['customers', 'common']);
    await vi.waitFor(() => expect(home.loadCode).toHaveBeenCalled());
    expect(layout.loadCode).toHaveBeenCalled();
    expect(login.loadCode).not.toHaveBeenCalled();
    expect(layout.loadData).not.toHaveBeenCalled();

    firstScreen.loadData();
    expect(layout.loadData).toHaveBeenCalledOnce();
    expect(home.loadData).toHaveBeenCalledOnce();
  });

  it('fetches the sign-in screen for a guest on a protected path, who is sent there', async () => {
    const { routes, login, layout, home } = routeTable();

    const firstScreen = preloadFirstScreen(routes, '/home');
    firstScreen.loadData();

    expect(firstScreen.namespaces).toEqual(['auth']);
    await vi.waitFor(() => expect(login.loadCode).toHaveBeenCalled());
    expect(layout.loadCode).not.toHaveBeenCalled();
    expect(home.loadCode).not.toHaveBeenCalled();
    expect(layout.loadData).not.toHaveBeenCalled();
  });

  it('fetches the sign-in screen for `/`, which only redirects there', async () => {
    const { routes, login } = routeTable();

    expect(preloadFirstScreen(routes, '/').namespaces).toEqual(['auth']);
    await vi.waitFor(() => expect(login.loadCode).toHaveBeenCalled());
  });

  it('starts nothing for a path no lazy route matches', () => {
    const { routes, login, layout, home } = routeTable();

    expect(preloadFirstScreen(routes, '/no-such-page').namespaces).toEqual([]);
    for (const screen of [login, layout, home]) expect(screen.loadCode).not.toHaveBeenCalled();
  });
});
