/**
 * The event page's booking words beyond SPEC's own (issue 14 "Booking on a phone"): the second guest
 * of a couple or female-duo ticket, seats left, "You're going". Kept beside `copy.ts`, not in it,
 * like copy-my-booking.ts: `copy.ts` is in every guest's first bundle, and these are read by the
 * event page's and the lists' own chunks and by the Worker.
 */
export const BOOKING_COPY = {
  partyNameRequired: "Please enter your guest's first name",
  partyNameInvalid: 'Please enter a first name (letters only, up to 40)',
  partyOnSingleTicket: 'Only couple and female-duo tickets name a second guest.',
  soldOut: 'Sold out',
  youreGoing: "You're going",
} as const;

/**
 * Seats left as guests read them, the same on /events, the home page's city cards and the event
 * page (and in the Worker's frames).
 * @example seatsLeftLabel(0) // 'Sold out'
 * @example seatsLeftLabel(1) // '1 seat left'
 * @example seatsLeftLabel(3) // '3 seats left'
 */
export function seatsLeftLabel(seatsLeft: number): string {
  if (seatsLeft <= 0) return BOOKING_COPY.soldOut;
  return seatsLeft === 1 ? '1 seat left' : `${seatsLeft} seats left`;
}

/** At or below this many seats a card says how few are left in warning colours. */
export const FEW_SEATS = 3;
