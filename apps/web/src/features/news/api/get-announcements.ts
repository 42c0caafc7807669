import { announcementList } from '@app/shared/api/news';
import type { MethodOutput } from '@app/shared/api/method';
import type { Language } from '@app/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type AnnouncementListResponse = MethodOutput<typeof announcementList>;

/** Everything news: a live announcement or an answer refreshes it all. */
export const newsQueryRoot = ['news'] as const;

export interface AnnouncementListParams {
  /** Only the items still waiting to be accepted or declined (the confirmation list). */
  withConfirmation: boolean;
  /** Items are shown in their languages, so each language is its own list. */
  language: Language;
}

export function getAnnouncements(
  params: AnnouncementListParams,
  signal?: AbortSignal,
): Promise<AnnouncementListResponse> {
  return callMethod(announcementList, { withConfirmation: params.withConfirmation || undefined }, { signal });
}

export function announcementsQueryOptions(params: AnnouncementListParams) {
  return queryOptions({
    queryKey: [...newsQueryRoot, 'list', params] as const,
    queryFn: ({ signal }) => getAnnouncements(params, signal),
    staleTime: 60_000,
  });
}

export function useAnnouncements(params: AnnouncementListParams) {
  return useQuery(announcementsQueryOptions(params));
}
