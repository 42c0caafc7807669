import { generateSecret, generateURI, verify } from 'otplib';

/**
 * TOTP (RFC 6238) through otplib: SHA-1, six digits, 30-second steps, as authenticator apps
 * expect. A code is accepted one step either side of now (RFC 6238 §5.2: clock drift and
 * transmission delay), and only for a step later than the last one accepted for the user, so a
 * code works once even within its window.
 */
export const TOTP_PERIOD_SECONDS = 30;
/** 160 bits, the size RFC 4226 recommends for the shared secret. */
const TOTP_SECRET_BYTES = 20;

export type TotpCheck = { isValid: true; timeStep: number } | { isValid: false };

export function newTotpSecret(): string {
  return generateSecret({ length: TOTP_SECRET_BYTES });
}

export function totpUri(params: { issuer: string; label: string; secret: string }): string {
  return generateURI({
    issuer: params.issuer,
    label: params.label,
    secret: params.secret,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** The time step a moment falls in. */
export function totpStepAt(epochMs: number): number {
  return Math.floor(epochMs / 1000 / TOTP_PERIOD_SECONDS);
}

export async function checkTotp(params: {
  secret: string;
  token: string;
  /** Steps up to and including this one are refused: already used. */
  lastUsedStep: number | null;
  nowMs: number;
}): Promise<TotpCheck> {
  if (!/^\d{6}$/.test(params.token)) return { isValid: false };
  const result = await verify({
    secret: params.secret,
    token: params.token,
    period: TOTP_PERIOD_SECONDS,
    epoch: Math.floor(params.nowMs / 1000),
    // One period either side: the window overlaps exactly the previous, current and next step.
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(params.lastUsedStep === null ? {} : { afterTimeStep: params.lastUsedStep }),
  });
  // The functional API types HOTP and TOTP results together; only TOTP results carry the step.
  if (!result.valid || !('timeStep' in result)) return { isValid: false };
  return { isValid: true, timeStep: result.timeStep };
}
