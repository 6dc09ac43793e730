/**
 * A checkout closed half-way (issue 24): the words for the guest's own live hold on a dinner, which
 * Book Now resumes and the booking box offers to let go. Shared by the API's refusals and the page.
 */
import { formatIstTime } from './time';

export const HOLD_COPY = {
  /** e.g. 'Finish paying: your seat is held until 7:42 PM' (IST, the hold's end). */
  finishPaying: (holdExpiresAt: string, seats = 1) =>
    `Finish paying: your ${seats === 1 ? 'seat is' : 'seats are'} held until ${formatIstTime(holdExpiresAt)}`,
  finishButton: 'Finish paying',
  letGo: 'Let the seat go',
  letGoMany: 'Let the seats go',
  letGoDone: 'Your seat is free for others again.',
  paying: "We're confirming your payment. Your seat is held meanwhile.",
  holdPaid: 'This order is already paid, so its seat is yours. See My Booking.',
  holdPaying: "A payment for this order is being confirmed, so its seat can't be let go now.",
} as const;
