import type { createBrowserRouter } from 'react-router';
import { type SessionEndReason, subscribeSession } from '../../lib/session';
import type { QueryClientHolder } from '../query-client';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'navigate' | 'state'>;

export interface LoginLocationState {
  notice?: SessionEndReason;
}

/**
 * When a session ends, for whatever reason: forget everything cached for that customer (their data and
 * permissions) and return to the sign-in screen saying why.
 */
export function handleSessionEnd(router: AppRouter, queryClientHolder: QueryClientHolder): () => void {
  return subscribeSession((event) => {
    if (event.type !== 'ended') return;
    queryClientHolder.current()?.clear();
    // The sign-in screen ends a session itself when it cannot load the customer; it shows why.
    if (event.reason === 'customerInfoFailed' || router.state.location.pathname === '/login') return;
    const state: LoginLocationState = { notice: event.reason };
    void router.navigate('/login', { replace: true, state });
  });
}
