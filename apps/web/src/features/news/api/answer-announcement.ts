import { announcementAcceptOrDecline, type NewsChoice } from '@app/shared/api/news';
import type { MethodOutput } from '@app/shared/api/method';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { newsQueryRoot } from './get-announcements';

export type AnswerAnnouncementResponse = MethodOutput<typeof announcementAcceptOrDecline>;

export function answerAnnouncement(params: { id: number; choice: NewsChoice }): Promise<AnswerAnnouncementResponse> {
  return callMethod(announcementAcceptOrDecline, params);
}

/** An answer refreshes the confirmation list and the item (spec 000 §4). */
export function useAnswerAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerAnnouncement,
    onSuccess: (answer) => {
      queryClient.setQueryData([...newsQueryRoot, 'item', answer.announcement.id], answer);
      return queryClient.invalidateQueries({ queryKey: [...newsQueryRoot, 'list'] });
    },
  });
}
