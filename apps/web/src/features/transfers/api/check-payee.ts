import { checkPayee } from '@app/shared/api/transfers';
import type { MethodOutput } from '@app/shared/api/method';
import { useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type PayeeCheck = MethodOutput<typeof checkPayee>;

/** Whether the e-mail belongs to a customer who can be paid (spec 001 §3 "Payee check"). */
export function getPayeeCheck(email: string, signal?: AbortSignal): Promise<PayeeCheck> {
  return callMethod(checkPayee, { email }, { signal });
}

/** Asked only for an e-mail that passes the client's rule: invalid e-mails are not sent (spec 001 §5). */
export function usePayeeCheck(email: string | undefined) {
  return useQuery({
    queryKey: ['transfers', 'payee', email?.toLowerCase()] as const,
    queryFn: ({ signal }) => getPayeeCheck(email ?? '', signal),
    enabled: email !== undefined,
    staleTime: 60_000,
    retry: false,
  });
}
