import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/**
 * GET /api/bookings/:id/feedback — the morning-after page of the guest's own booking (issue 21):
 * its `state` (`not_checked_in`, `upcoming`, `open`, `closed`), the window, what the guest saved,
 * and their checked-in tablemates by opaque ref, each with the guest's own verdict and, only
 * while both said 'again', the other's contact. Another guest's booking is a 404.
 */
export const getFeedback = (id: string) => unwrap(api.bookings[':id'].feedback.$get({ param: { id } }));

export type FeedbackView = Awaited<ReturnType<typeof getFeedback>>;
export type FeedbackTablemate = FeedbackView['tablemates'][number];

/** Under the booking's key, so whatever refreshes the booking refreshes its feedback too. */
export const feedbackKey = (id: string) => ['bookings', id, 'feedback'] as const;

/** `enabled: false` asks nothing (My Booking's section, for a booking that was not checked in). */
export const useFeedbackQuery = (id: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: feedbackKey(id), queryFn: () => getFeedback(id), enabled, retry: 1 });
