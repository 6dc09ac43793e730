import { Spinner } from '@/components/spinner';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef } from 'react';
import { useSession } from '@/lib/session';
import { EmailPasswordForm } from './email-password-form';

/** `when`: the dinner's own day and hours, e.g. 'Thursday, 26 November · 1:00 PM - 4:00 PM' (null: none to book yet). */
export type BookYourSpotEvent = { title: string; location: string; price: number; slug: string; when: string | null };

/**
 * 'Book Your Spot' (SPEC §2 Home, §4 Booking dialog). A native modal <dialog>: showModal() makes
 * the page behind it inert (focus stays inside) and Escape closes it. Signed in: the event and
 * 'Proceed to Book'; signed out: sign-up / sign-in.
 */
export function BookYourSpotDialog({
  open,
  onClose,
  event,
}: {
  open: boolean;
  onClose: () => void;
  event: BookYourSpotEvent;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const { isAuthenticated, loading, session } = useSession();
  const navigate = useNavigate();
  const titleId = useId();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box rounded-3xl">
        <form method="dialog">
          <button type="submit" className="btn btn-sm btn-circle btn-ghost absolute top-3 right-3" aria-label="Close">
            ✕
          </button>
        </form>
        <h2 id={titleId} className="font-display text-3xl font-bold">
          Book Your Spot
        </h2>
        <p className="text-base-content/80 mt-1">
          <span className="block font-medium">{event.title}</span>
          <span>
            {event.location} · ₹{event.price} per seat
          </span>
        </p>
        <div className="mt-5">
          {loading ? (
            <Spinner label="Loading" />
          ) : isAuthenticated ? (
            <div className="flex flex-col gap-4">
              <dl className="bg-base-200 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-2xl p-4 text-sm">
                <dt className="font-semibold">Event</dt>
                <dd>{event.title}</dd>
                <dt className="font-semibold">Where</dt>
                <dd>{event.location} (venue revealed 48 hours before)</dd>
                {event.when && (
                  <>
                    <dt className="font-semibold">When</dt>
                    <dd>{event.when}</dd>
                  </>
                )}
                <dt className="font-semibold">Price</dt>
                <dd>₹{event.price}</dd>
              </dl>
              <button
                type="button"
                className="btn btn-primary rounded-full"
                onClick={() => {
                  onClose();
                  // Issue 22: a guest who has not agreed to the current consent notice reads it first.
                  if (session?.consent_required === true)
                    void navigate({ to: '/consent', search: { redirect: `/event/${event.slug}` } });
                  else void navigate({ to: '/event/$eventId', params: { eventId: event.slug } });
                }}
              >
                Proceed to Book
              </button>
            </div>
          ) : (
            <EmailPasswordForm onSignedUp={onClose} />
          )}
        </div>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          close
        </button>
      </form>
    </dialog>
  );
}
