import type { BookingState, BookingTone } from '@domain/booking-state';

/**
 * daisyUI's badge for each tone (written out in full, so Tailwind keeps each class): each variant
 * pairs its colour with its own contrast-safe content colour.
 */
const BADGE: Record<BookingTone, string> = {
  success: 'badge-success',
  warning: 'badge-warning',
  info: 'badge-info',
  neutral: 'badge-neutral',
  error: 'badge-error',
};

/**
 * A booking's state badge (issue 24): the words and colour of the domain's `bookingState`, which
 * the API answers with every booking, so My Booking, /profile and the console's guest list say the
 * same ('Cancelled · refund on its way', 'Refunded ₹499', 'No-show'…). The words carry the state;
 * the colour only repeats it.
 */
export function StatusBadge({ state }: { state: Pick<BookingState, 'label' | 'tone'> }) {
  return (
    <span className={`badge h-auto min-h-6 py-0.5 text-center ${BADGE[state.tone]}`} data-testid="booking-status">
      {state.label}
    </span>
  );
}
