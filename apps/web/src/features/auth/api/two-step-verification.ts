import { twoStepVerificationConfirmResponseSchema, twoStepVerificationResponseSchema } from '@app/shared/api/auth';
import { type AuthServiceCaller, callAuthService } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';

/**
 * Enabling the authenticator app (spec 001 §7): `POST /customer/two-step-verification {mode:'otp'}`
 * gives a new secret and its otpauth:// URI, `POST …/{reqId}/confirm {code}` turns it on with a code
 * from the app. Made as the signed-in session, or, during a strict two-factor migration, with the
 * set-up token: confirming then answers with the session's tokens, which start it here.
 */
export type FactorSetupCredential = { kind: 'session' } | { kind: 'setupToken'; token: string };

export interface TotpEnrolment {
  reqId: string;
  /** Base32, for typing into the app by hand. */
  secret: string;
  /** otpauth:// URI: the QR code, or a link that opens the authenticator on a phone. */
  otpauthUrl: string;
  expiresInSeconds: number;
}

/** After confirming: the session started (set-up token), or the factor is on for the session in use. */
export type TotpConfirmation = 'signedIn' | 'enabled';

function callerOf(credential: FactorSetupCredential): AuthServiceCaller {
  return credential.kind === 'session' ? 'session' : { bearerToken: credential.token };
}

export async function startTotpEnrolment(credential: FactorSetupCredential): Promise<TotpEnrolment> {
  const answer = await callAuthService(
    '/customer/two-step-verification',
    { mode: 'otp' },
    twoStepVerificationResponseSchema,
    { caller: callerOf(credential) },
  );
  return {
    reqId: answer.reqId,
    secret: answer.secret,
    otpauthUrl: answer.otpauthUrl,
    expiresInSeconds: answer.expiresInSeconds,
  };
}

export async function confirmTotpEnrolment(
  credential: FactorSetupCredential,
  params: { reqId: string; code: string },
): Promise<TotpConfirmation> {
  const answer = await callAuthService(
    `/customer/two-step-verification/${encodeURIComponent(params.reqId)}/confirm`,
    { code: params.code },
    twoStepVerificationConfirmResponseSchema,
    { caller: callerOf(credential) },
  );
  if (!('accessToken' in answer)) return 'enabled';
  startSession({ accessToken: answer.accessToken, refreshToken: answer.refreshToken, expiresIn: answer.expiresIn });
  return 'signedIn';
}
