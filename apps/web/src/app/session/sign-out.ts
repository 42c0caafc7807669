import { logout } from '../../features/auth/api/logout';
import { endSession, type SessionEndReason } from '../../lib/session';

/**
 * Signs out: the server revokes the refresh token, then the session ends here. What follows an ended
 * session (cache cleared, live channel closed, back to login) happens in one listener: session-events.
 */
export async function signOut(reason: Extract<SessionEndReason, 'signedOut' | 'idle'> = 'signedOut'): Promise<void> {
  await logout();
  endSession(reason);
}
