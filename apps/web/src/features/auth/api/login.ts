import { simpleAuthFlowSchema, type TokenPair } from '@app/shared/api/auth';
import { codeChallengeS256, createCodeVerifier } from '@app/shared/validation/pkce';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { callAuthService } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';
import { sessionStore, StorageKey } from '../../../lib/storage';

/** Flows other than `simple` arrive in a later issue; until then they end in a clear error. */
export class UnsupportedAuthFlowError extends Error {
  readonly flowType: string;
  constructor(flowType: string) {
    super(`Unsupported sign-in flow: ${flowType}`);
    this.name = 'UnsupportedAuthFlowError';
    this.flowType = flowType;
  }
}

// The flow type is read first, so an unknown flow is reported as such rather than as a broken answer.
const loginEnvelopeSchema = z.object({
  responseCode: z.literal('00'),
  authFlow: z.looseObject({ type: z.string() }),
});

export interface LoginCredentials {
  username: string;
  password: string;
}

/**
 * `POST /auth/login` with a fresh PKCE S256 challenge. The verifier is kept for the flows that
 * exchange a code later. A `simple` flow starts the session at once.
 */
export async function login({ username, password }: LoginCredentials): Promise<TokenPair> {
  const codeVerifier = createCodeVerifier();
  const codeChallenge = await codeChallengeS256(codeVerifier);
  sessionStore.set(StorageKey.pkceVerifier, codeVerifier);
  const response = await callAuthService(
    '/auth/login',
    { client: 'web', username, password, codeChallenge },
    loginEnvelopeSchema,
  );
  if (response.authFlow.type !== 'simple') throw new UnsupportedAuthFlowError(response.authFlow.type);
  const flow = simpleAuthFlowSchema.parse(response.authFlow);
  const tokens: TokenPair = {
    accessToken: flow.accessToken,
    refreshToken: flow.refreshToken,
    expiresIn: flow.expiresIn,
  };
  sessionStore.remove(StorageKey.pkceVerifier);
  startSession(tokens);
  return tokens;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
