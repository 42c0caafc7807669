import { useQueryClient } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { customerInfoQueryKey } from '../../features/customers/api/get-customer-info';
import { VerificationRefreshContext } from '../../features/kyc/api/verification-refresh';

/** Lets the KYC screens refresh customer info, where the verification status lives, after a change. */
export function VerificationRefreshProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: customerInfoQueryKey }), [queryClient]);
  return <VerificationRefreshContext value={refresh}>{children}</VerificationRefreshContext>;
}
