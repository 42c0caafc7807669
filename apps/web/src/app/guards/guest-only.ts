import { endSession, isSignedIn } from '../../lib/session';

/**
 * Guest-only screens (register, activate, password reset) start from a clean slate: any session in
 * this tab ends (spec 000 §2). The sign-in screen is the exception: it resumes a session instead.
 */
export function guestOnlyLoader(): null {
  if (isSignedIn()) endSession('signedOut');
  return null;
}
