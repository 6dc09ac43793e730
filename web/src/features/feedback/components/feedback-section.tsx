import { FEEDBACK_COPY } from '@domain/copy-feedback';
import { formatIstDateTime } from '@domain/time';
import { Link } from '@tanstack/react-router';
import { useFeedbackQuery } from '../api/get-feedback';

const T = FEEDBACK_COPY.section;

/**
 * My Booking's "How was the evening?" (issue 21): a link to the feedback page for the 7 days after
 * the dinner, for a guest who was checked in. Only a checked-in booking asks the API (`status`);
 * whether the page is open is the API's answer. Nothing at all otherwise.
 */
export function FeedbackSection({ bookingId, status }: { bookingId: string; status: string }) {
  const { data } = useFeedbackQuery(bookingId, { enabled: status === 'checked_in' });
  if (data?.state !== 'open') return null;
  const given = data.feedback !== null;
  return (
    <section
      aria-labelledby="feedback-heading"
      className="rounded-box border border-primary/30 bg-base-100 p-5 shadow-sm sm:p-6"
      data-testid="feedback-section"
    >
      <h2 id="feedback-heading" className="mb-3 font-display text-2xl font-semibold">
        {T.title}
      </h2>
      <p>{given ? T.thanks : T.ask}</p>
      <p className="mt-1 text-sm text-base-content/80">{T.open(formatIstDateTime(data.closes_at))}</p>
      <Link
        to="/feedback/$bookingId"
        params={{ bookingId }}
        className={`btn mt-4 ${given ? 'btn-outline btn-primary' : 'btn-primary'}`}
      >
        {given ? T.edit : T.give}
      </Link>
    </section>
  );
}
