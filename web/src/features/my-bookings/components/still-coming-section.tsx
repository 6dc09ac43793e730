import { useEffect, useRef } from 'react';
import { useAttendanceMutation } from '../api/confirm-attendance';
import type { MyBooking } from '../api/get-booking';
import { Section } from './booking-sections';

const THANKS = "Thanks — your host knows you're coming.";

/**
 * "Still coming?" (docs/decisions/027): from 24 hours before the dinner until its start, the guest
 * says yes (the host counts it) or "Can't make it" (the release's confirmation, owned by the page).
 * The reminder's links open My Booking with `?still_coming=yes` (the yes is sent once, by itself)
 * or `?still_coming=no` (the page opens the release's confirmation).
 */
export function StillComingSection({
  view,
  autoYes,
  onCantMakeIt,
}: {
  view: MyBooking;
  /** `?still_coming=yes`: send the yes once, without a tap. */
  autoYes: boolean;
  onCantMakeIt: () => void;
}) {
  const { booking, attendance, release } = view;
  const mutation = useAttendanceMutation(booking.id);
  const { mutate } = mutation;
  const thanksRef = useRef<HTMLParagraphElement>(null);
  const sent = useRef(false);
  const open = attendance.asked && !attendance.confirmed_at;

  useEffect(() => {
    if (!autoYes || !open || sent.current) return;
    sent.current = true;
    mutate();
  }, [autoYes, open, mutate]);

  if (!attendance.asked && !attendance.confirmed_at) return null;
  if (booking.status !== 'confirmed') return null;

  const yes = () =>
    mutation.mutate(undefined, {
      onSuccess: () => requestAnimationFrame(() => thanksRef.current?.focus()),
    });

  return (
    <Section id="still-coming" title="Still coming?">
      {/* Always rendered, so the thanks or a refusal is announced when it appears. */}
      <div aria-live="polite" aria-atomic="true">
        {attendance.confirmed_at ? (
          <p
            ref={thanksRef}
            tabIndex={-1}
            data-testid="still-coming-thanks"
            className="alert alert-success focus:outline-none"
          >
            {THANKS}
          </p>
        ) : (
          mutation.isError && (
            <p className="alert alert-error mb-4" data-testid="still-coming-refused">
              {mutation.error.message}
            </p>
          )
        )}
      </div>
      {open && (
        <>
          <p>Your dinner is soon. Tell your host you're coming, or release your seats if you can't make it.</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <button type="button" className="btn btn-primary" disabled={mutation.isPending} onClick={yes}>
              {mutation.isPending ? 'Sending...' : 'Yes, see you there'}
            </button>
            {release.state === 'open' && (
              <button type="button" className="btn btn-outline" disabled={mutation.isPending} onClick={onCantMakeIt}>
                Can't make it
              </button>
            )}
          </div>
        </>
      )}
    </Section>
  );
}
