import { REAUTH_FIELD, securityReauthenticate } from '@app/shared/api/security-settings';
import { ResponseCode } from '@app/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { securitySettingsQueryKey } from './security-settings';

/** The password again: security changes are allowed in this session for a few minutes. */
export async function reauthenticate(password: string): Promise<number> {
  return (await callMethod(securityReauthenticate, { password })).reauthExpiresInSeconds;
}

export function useReauthenticate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reauthenticate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securitySettingsQueryKey }),
  });
}

/** The server's answer to a change that needs the password first (ENOA with the re-authentication field). */
export function isReauthenticationRequired(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.code === ResponseCode.NO_ACCESS &&
    error.validationErrors.some((item) => item.field === REAUTH_FIELD)
  );
}
