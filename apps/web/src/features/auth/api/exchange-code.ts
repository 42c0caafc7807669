import { migrationResponseSchema, sessionTokensResponseSchema } from '@app/shared/api/auth';
import { z } from 'zod';
import { callAuthService } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';
import { rememberTrustedBrowser } from '../utils/trusted-browsers';
import { setupRequirementOf, type SignInOutcome } from './sign-in-outcome';

const exchangeAnswerSchema = z.union([sessionTokensResponseSchema, migrationResponseSchema]);

export interface CodeExchange {
  code: string;
  codeVerifier: string;
  /** otp, sms and verifyDevice: the 6-digit code the user typed. */
  otp?: string;
  /** The login of the sign-in, when known: a verifyDevice secret is remembered under it. */
  login?: string;
}

/**
 * `POST /auth/token {code, codeVerifier, otp?}`: the second half of every flow but simple, and the
 * sign-in by a code in the address (`/login?code=…&codeVerifier=…`). Tokens start the session; a
 * strict two-factor migration answers with its set-up token instead.
 */
export async function exchangeSignInCode({ code, codeVerifier, otp, login }: CodeExchange): Promise<SignInOutcome> {
  const answer = await callAuthService('/auth/token', { code, codeVerifier, otp }, exchangeAnswerSchema);
  if ('migration' in answer) return { kind: 'setupRequired', migration: setupRequirementOf(answer.migration, answer) };
  if (answer.secret !== undefined && login !== undefined) rememberTrustedBrowser(login, answer.secret);
  startSession({ accessToken: answer.accessToken, refreshToken: answer.refreshToken, expiresIn: answer.expiresIn });
  return { kind: 'signedIn' };
}
