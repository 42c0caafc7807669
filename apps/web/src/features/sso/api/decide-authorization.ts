import { ssoDecisionResponseSchema, type SsoDecision } from '@app/shared/api/sso';
import { useMutation } from '@tanstack/react-query';
import { callAuthService } from '../../../lib/api-client';

export interface DecideAuthorizationInput {
  authorizationId: string;
  decision: SsoDecision;
}

/**
 * `POST /auth/sei/authorize/{authorizationId}`: the user's answer, once. Returns where to send the user:
 * the relying party's address with the code, or with access_denied. 404: unknown or already answered.
 */
export async function decideAuthorization({ authorizationId, decision }: DecideAuthorizationInput): Promise<string> {
  const answer = await callAuthService(
    `/auth/sei/authorize/${encodeURIComponent(authorizationId)}`,
    { decision },
    ssoDecisionResponseSchema,
    { caller: 'session' },
  );
  return answer.redirectUrl;
}

export function useDecideAuthorization() {
  return useMutation({ mutationFn: decideAuthorization });
}
