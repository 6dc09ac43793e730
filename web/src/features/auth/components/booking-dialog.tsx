/**
 * 'Book Your Spot' dialog (SPEC §2 Home, §4 Booking dialog).
 * OWNER: sign-in capability — the signed-out sign-up/sign-in form and the signed-in view.
 */
export type BookingDialogEvent = { title: string; location: string; price: number; slug: string };

export function BookingDialog(_props: { open: boolean; onClose: () => void; event: BookingDialogEvent }) {
  return null;
}
