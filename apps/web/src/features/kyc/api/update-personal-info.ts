import { kycPersonalInfoUpdate } from '@app/shared/api/verification';
import type { MethodInput } from '@app/shared/api/method';
import { useMutation } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { useVerificationRefresh } from './verification-refresh';

export type PersonalInfoInput = MethodInput<typeof kycPersonalInfoUpdate>;

export function useUpdatePersonalInfo() {
  const refreshVerification = useVerificationRefresh();
  return useMutation({
    mutationFn: (input: PersonalInfoInput) => callMethod(kycPersonalInfoUpdate, input),
    onSuccess: () => refreshVerification(),
  });
}
