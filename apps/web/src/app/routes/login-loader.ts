import { type LoaderFunctionArgs, redirect } from 'react-router';
import type { SetupRequirement } from '../../features/auth/api/sign-in-outcome';
import { entryPathOf } from '../../features/registration/utils/entry-query';
import { endSession, isSignedIn, setFromCustomerId } from '../../lib/session';
import { clearInitialPath } from '../post-login/initial-path';
import type { QueryClientHolder } from '../query-client';

const SIGN_IN_PATH = '/login';

export interface LoginLoaderData {
  /** Why a remembered session could not be resumed, or a code sign-in failed: shown on the form. */
  resumeError: unknown;
  /** A code sign-in met a strict two-factor migration: the screen continues with the set-up. */
  setupRequirement?: SetupRequirement;
}

/**
 * What a sign-in by a code in the address leaves for the loader's next run. The code is single use
 * (presenting it twice ends the session it opened), so the address is cleaned at once by a redirect,
 * and the outcome travels here rather than in the address or the history.
 */
let carriedToCleanAddress: LoginLoaderData | null = null;

function backToCleanLogin(data: LoginLoaderData): Response {
  carriedToCleanAddress = data;
  return redirect('/login');
}

/** A customer to act for, from the address (spec 000 §2: admins, and business users with access). */
function applyFromCustomerId(url: URL): void {
  const value = Number(url.searchParams.get('fromCustomerId'));
  if (Number.isSafeInteger(value) && value > 0) setFromCustomerId(value);
}

/** Post-login routing for a session that exists; a failure ends it and is shown on the form. */
async function routeSignedIn(queryClientHolder: QueryClientHolder): Promise<LoginLoaderData | Response> {
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
}

/** `/login?code=…&codeVerifier=…` (spec 000 §2): the code is exchanged, then routing as after any sign-in. */
async function signInWithCodeFromAddress(
  queryClientHolder: QueryClientHolder,
  exchange: { code: string; codeVerifier: string },
): Promise<LoginLoaderData | Response> {
  try {
    const { exchangeSignInCode } = await import('../../features/auth/api/exchange-code');
    const outcome = await exchangeSignInCode(exchange);
    if (outcome.kind === 'setupRequired')
      return backToCleanLogin({ resumeError: null, setupRequirement: outcome.migration });
  } catch (error) {
    return backToCleanLogin({ resumeError: error });
  }
  const routed = await routeSignedIn(queryClientHolder);
  return routed instanceof Response ? routed : backToCleanLogin(routed);
}

/**
 * `/login`: a code in the address signs in by code exchange; with a live session the tokens are
 * refreshed first, then routing goes on as after a fresh sign-in (spec 000 §2). A dead refresh
 * token simply shows the form.
 */
export function createLoginLoader(queryClientHolder: QueryClientHolder) {
  return async function loginLoader({ request }: LoaderFunctionArgs): Promise<LoginLoaderData | Response> {
    const url = new URL(request.url);
    // Mail links may name the sign-in page: an activation or e-mail confirmation query goes where it is handled.
    const entryPath = entryPathOf(url);
    if (entryPath !== SIGN_IN_PATH) return redirect(entryPath);
    applyFromCustomerId(url);
    const code = url.searchParams.get('code');
    const codeVerifier = url.searchParams.get('codeVerifier');
    if (code && codeVerifier) return signInWithCodeFromAddress(queryClientHolder, { code, codeVerifier });
    if (carriedToCleanAddress !== null) {
      const carried = carriedToCleanAddress;
      carriedToCleanAddress = null;
      return carried;
    }
    if (!isSignedIn()) return { resumeError: null };
    try {
      const { refreshTokens } = await import('../../lib/api-client');
      await refreshTokens();
    } catch {
      return { resumeError: null };
    }
    return routeSignedIn(queryClientHolder);
  };
}
