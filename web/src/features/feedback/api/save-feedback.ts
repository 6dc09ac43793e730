import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedbackInput } from '@domain/feedback';
import { api, unwrap } from '@/lib/api';
import { feedbackKey } from './get-feedback';

/**
 * PUT /api/bookings/:id/feedback — saves the ratings, the note and the contact, and replaces the
 * guest's verdicts on their tablemates; answers the page as saved. 400 with `fields` for a bad
 * answer, 422 `unknown_tablemate`, 409 outside the window: none of them saves anything.
 */
export const saveFeedback = (id: string, json: FeedbackInput) =>
  unwrap(api.bookings[':id'].feedback.$put({ param: { id }, json }));

export function useSaveFeedbackMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedbackInput) => saveFeedback(id, body),
    onSuccess: (view) => {
      queryClient.setQueryData(feedbackKey(id), view);
      // A mutual 'dine again' made or undone here shows on /profile too.
      void queryClient.invalidateQueries({ queryKey: ['connections'] });
    },
  });
}
