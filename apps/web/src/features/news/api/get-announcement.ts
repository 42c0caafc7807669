import { announcementGet } from '@app/shared/api/news';
import type { MethodOutput } from '@app/shared/api/method';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { newsQueryRoot } from './get-announcements';

export type AnnouncementResponse = MethodOutput<typeof announcementGet>;

export function getAnnouncement(id: number, signal?: AbortSignal): Promise<AnnouncementResponse> {
  return callMethod(announcementGet, { id }, { signal });
}

export function announcementQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...newsQueryRoot, 'item', id] as const,
    queryFn: ({ signal }) => getAnnouncement(id, signal),
    staleTime: 60_000,
  });
}

export function useAnnouncement(id: number) {
  return useQuery(announcementQueryOptions(id));
}
