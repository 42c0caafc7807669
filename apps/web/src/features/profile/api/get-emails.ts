import { emailInquiry } from '@app/shared/api/profile';
import type { MethodOutput } from '@app/shared/api/method';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { emailsQueryRoot } from './query-roots';

/** The e-mails, the sign-in e-mail and the latest username change request. */
export async function getEmails(signal?: AbortSignal): Promise<MethodOutput<typeof emailInquiry>> {
  return callMethod(emailInquiry, {}, { signal });
}

export function getEmailsQueryOptions() {
  return queryOptions({ queryKey: emailsQueryRoot, queryFn: ({ signal }) => getEmails(signal), staleTime: 15_000 });
}

export function useEmails() {
  return useQuery(getEmailsQueryOptions());
}
