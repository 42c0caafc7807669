import { type LoaderFunctionArgs, redirect } from 'react-router';
import { isSignedIn } from '../../lib/session';
import { saveInitialPath } from '../post-login/initial-path';

/** Protected routes: without a session, remember where the visitor was going and send them to sign in. */
export function requireSessionLoader({ request }: LoaderFunctionArgs): Response | null {
  if (isSignedIn()) return null;
  const url = new URL(request.url);
  saveInitialPath(`${url.pathname}${url.search}`);
  return redirect('/login');
}
