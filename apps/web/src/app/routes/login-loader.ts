import { redirect } from 'react-router';
import { endSession, isSignedIn } from '../../lib/session';
import { clearInitialPath } from '../post-login/initial-path';
import type { QueryClientHolder } from '../query-client';

export interface LoginLoaderData {
  /** Why a remembered session could not be resumed (customer info failed): shown on the form. */
  resumeError: unknown;
}

/**
 * `/login` with a live session refreshes the tokens first, then routes like a fresh sign-in
 * (spec 000 §2). A dead refresh token simply shows the form.
 */
export function createLoginLoader(queryClientHolder: QueryClientHolder) {
  return async function loginLoader(): Promise<LoginLoaderData | Response> {
    if (!isSignedIn()) return { resumeError: null };
    try {
      const { refreshTokens } = await import('../../lib/api-client');
      await refreshTokens();
    } catch {
      return { resumeError: null };
    }
    // Post-login routing (and the wire schemas it parses with) loads only when a session exists.
    const [{ determinePostLoginDestination, leaveForExternal, pathOfDestination }, queryClient] = await Promise.all([
      import('../post-login/post-login-navigation'),
      queryClientHolder.load(),
    ]);
    let destination;
    try {
      destination = await determinePostLoginDestination(queryClient);
    } catch (error) {
      endSession('customerInfoFailed');
      return { resumeError: error };
    }
    if (destination.kind === 'path') clearInitialPath();
    if (leaveForExternal(destination)) return { resumeError: null };
    return redirect(pathOfDestination(destination) ?? '/home');
  };
}
