import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuizAnswers } from '@domain/quiz';
import { api, unwrap } from '@/lib/api';

/** POST /api/quiz: stores the one response (409 if the guest already has one). */
export const submitQuiz = (answers: QuizAnswers) => unwrap(api.quiz.$post({ json: answers }));

/** Submits and refreshes what depends on "has answered": the quiz status and the session's redirect rule. */
export function useSubmitQuizMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitQuiz,
    onSuccess: async () => {
      queryClient.setQueryData(['quiz-status'], { completed: true });
      await queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}
