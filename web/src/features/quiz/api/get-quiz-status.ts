import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** GET /api/quiz: `{ completed }` for the signed-in guest. */
export const getQuizStatus = () => unwrap(api.quiz.$get());

/** Always refetched on mount: a stale "not completed" would let a guest answer twice. */
export const quizStatusQueryOptions = () =>
  queryOptions({ queryKey: ['quiz-status'], queryFn: getQuizStatus, staleTime: 0 });

export const useQuizStatusQuery = (enabled: boolean) => useQuery({ ...quizStatusQueryOptions(), enabled });
