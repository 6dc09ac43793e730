/**
 * Ticket selection, coupon box and 'Book Now' on the event page (SPEC §2 Event detail, §9).
 * Shown only to signed-in guests. OWNER: booking capability.
 */
export function TicketSelection(_props: { eventId: string }) {
  return null;
}
