import { okResponseSchema } from '@app/shared/api/auth';
import { callAuthService } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';

/** `POST /auth/logout` with the refresh token. Best effort: signing out locally never waits on it. */
export async function logout(): Promise<void> {
  const session = getSession();
  if (!session) return;
  try {
    await callAuthService('/auth/logout', { refreshToken: session.refreshToken }, okResponseSchema);
  } catch {
    // The token dies with its session anyway; a failed call must not keep anyone signed in.
  }
}
