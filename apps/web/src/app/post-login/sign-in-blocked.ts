import type { SignInBlockReason } from './resolve-post-login-route';

/** Post-login routing sent the user back to sign-in (spec 000 §4 rule 4); the sign-in screen says why. */
export class SignInBlockedError extends Error {
  readonly reason: SignInBlockReason;
  constructor(reason: SignInBlockReason) {
    super(`Sign-in cannot continue: ${reason}`);
    this.name = 'SignInBlockedError';
    this.reason = reason;
  }
}
