import { announcementMarkRead, type Announcement } from '@app/shared/api/news';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import type { AnnouncementListResponse } from './get-announcements';
import { newsQueryRoot } from './get-announcements';

export async function markAnnouncementsRead(ids: number[]): Promise<number> {
  return (await callMethod(announcementMarkRead, { ids })).unreadCount;
}

/**
 * Marks items read here at once and then confirms it to the server (spec 000 §4): the badge and
 * the list change without waiting. Reading cannot be refused for an item the list showed, so a
 * failure only refetches the server's view.
 */
export function useMarkAnnouncementsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAnnouncementsRead,
    onMutate: (ids) => {
      const isMarked = (id: number) => ids.includes(id);
      queryClient.setQueriesData<AnnouncementListResponse>({ queryKey: [...newsQueryRoot, 'list'] }, (list) => {
        if (list === undefined) return list;
        const newlyRead = list.announcements.filter((item) => isMarked(item.id) && !item.isRead).length;
        return {
          announcements: list.announcements.map((item) => (isMarked(item.id) ? { ...item, isRead: true } : item)),
          unreadCount: Math.max(0, list.unreadCount - newlyRead),
        };
      });
      for (const id of ids) {
        queryClient.setQueryData<{ announcement: Announcement }>([...newsQueryRoot, 'item', id], (item) =>
          item === undefined ? item : { announcement: { ...item.announcement, isRead: true } },
        );
      }
    },
    onError: () => queryClient.invalidateQueries({ queryKey: newsQueryRoot }),
  });
}
