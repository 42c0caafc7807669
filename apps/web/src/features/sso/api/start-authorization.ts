import { ssoAuthorizationResponseSchema, type SsoAuthorization, type SsoAuthorizeRequest } from '@app/shared/api/sso';
import { useMutation } from '@tanstack/react-query';
import { callAuthService } from '../../../lib/api-client';

/**
 * `POST /auth/sei/authorize` as the signed-in user: the relying party's request, checked by the
 * server, back as the authorization to show on the consent screen.
 */
export async function startAuthorization(request: SsoAuthorizeRequest): Promise<SsoAuthorization> {
  const answer = await callAuthService('/auth/sei/authorize', { ...request }, ssoAuthorizationResponseSchema, {
    caller: 'session',
  });
  return answer.authorization;
}

export function useStartAuthorization() {
  return useMutation({ mutationFn: startAuthorization });
}
