import type { AuthFlow, MigrationRequirement } from '@app/shared/api/auth';
import { ApiError } from '../../../lib/api-error';

/** Every flow but simple ends in a code exchange; direct exchanges at once, the others after a step. */
export type CodeFlow = Exclude<AuthFlow, { type: 'simple' }>;
/** The flows that wait for the user: an authenticator code, a sent code, or a push answer. */
export type SecondFactorFlow = Exclude<CodeFlow, { type: 'direct' }>;

/** A strict two-factor migration: no session, only the set-up token that can enable a factor. */
export type SetupRequirement = MigrationRequirement & { tmpJwt: string };

/**
 * Where a sign-in ends: a session (with a soft migration to mention, perhaps), or no session until
 * a second factor is enabled.
 */
export type SignInOutcome =
  { kind: 'signedIn'; migration?: MigrationRequirement } | { kind: 'setupRequired'; migration: SetupRequirement };

/** Where POST /auth/login leaves the user: done, or a second step to take with the PKCE verifier. */
export type SignInStart =
  | SignInOutcome
  | {
      kind: 'secondFactor';
      flow: SecondFactorFlow;
      codeVerifier: string;
      /** The login typed, to remember this browser under after a verifyDevice sign-in. */
      login: string;
      migration?: MigrationRequirement;
    };

/** A withheld session always comes with its set-up token; without one the answer breaks the contract. */
export function setupRequirementOf(migration: MigrationRequirement | undefined, body: unknown): SetupRequirement {
  const tmpJwt = migration?.tmpJwt;
  if (migration === undefined || tmpJwt === undefined) throw new ApiError({ kind: 'invalid', status: 200, body });
  return { ...migration, tmpJwt };
}
