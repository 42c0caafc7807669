import { codeResendResponseSchema, pushResendResponseSchema } from '@app/shared/api/auth';
import { callAuthService } from '../../../lib/api-client';

/**
 * Limits the auth service applies to re-sending (its route descriptions at /docs): a push 3 times per
 * sign-in, 30 s apart; an SMS or e-mail code 3 times, 60 s apart. The screens count them down to
 * show the user; the service stays the judge and answers RL when they disagree.
 */
export const MAX_RESENDS = 3;
export const PUSH_RESEND_COOLDOWN_SECONDS = 30;
export const CODE_RESEND_COOLDOWN_SECONDS = 60;

/** `POST /auth/push/re-send`: the waiting sign-in goes to the devices again; its timer restarts. */
export async function resendPush(tmpToken: string): Promise<{ resendsLeft: number; expiresInSeconds: number }> {
  const { resendsLeft, expiresInSeconds } = await callAuthService(
    '/auth/push/re-send',
    { tmpToken },
    pushResendResponseSchema,
  );
  return { resendsLeft, expiresInSeconds };
}

/** `POST /auth/code/re-send`: a new SMS or e-mail code, numbered with a new two-digit identifier. */
export async function resendSignInCode(
  tmpToken: string,
): Promise<{ identifier: string; resendsLeft: number; codeExpiresInSeconds: number }> {
  const { identifier, resendsLeft, codeExpiresInSeconds } = await callAuthService(
    '/auth/code/re-send',
    { tmpToken },
    codeResendResponseSchema,
  );
  return { identifier, resendsLeft, codeExpiresInSeconds };
}
