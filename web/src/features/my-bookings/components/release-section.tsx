import { CREDIT_COPY } from '@domain/credit';
import { rupees } from '@domain/pricing';
import { formatIstDateTime } from '@domain/time';
import { useRef } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { MyBooking } from '../api/get-booking';
import { useReleaseMutation } from '../api/release-booking';
import { Section } from './booking-sections';

/** What a released booking's credit comes to, in the guest's words (docs/decisions/027). */
export function releaseCreditLine(credit: NonNullable<MyBooking['release']['credit']>): string {
  const amount = rupees(credit.amount);
  if (credit.status === 'granted') return `${amount} credit added to your profile.`;
  if (credit.status === 'none') return 'Nobody took your seats, so there is no credit.';
  return `If someone takes your seats before the dinner, ${amount} credit will appear on your profile.`;
}

/**
 * "Can't make it" (docs/decisions/027): from the end of the free-reschedule window until the dinner
 * starts, the guest may release their seats. The confirmation says plainly, before they confirm,
 * that credit comes only if the seats are taken again and that otherwise there is no refund. Inside
 * the free-reschedule window the reschedule is the answer, so this only says when it opens. Once
 * released: the credit, pending, granted or none.
 *
 * The confirmation is opened from here or from "Still coming?" (the page owns `asking`).
 */
export function ReleaseSection({
  view,
  asking,
  onAskingChange,
}: {
  view: MyBooking;
  asking: boolean;
  onAskingChange: (asking: boolean) => void;
}) {
  const { booking, release, reschedule } = view;
  const mutation = useReleaseMutation(booking.id);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const refusalRef = useRef<HTMLParagraphElement>(null);
  // A refusal stays on screen even when the page, read again, no longer offers the release.
  const refusal = mutation.isError ? mutation.error.message : null;

  if (release.state === 'closed' && !refusal) return null;

  const releaseSeats = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        onAskingChange(false);
        requestAnimationFrame(() => doneRef.current?.focus());
      },
      onError: () => {
        onAskingChange(false);
        requestAnimationFrame(() => refusalRef.current?.focus());
      },
    });

  return (
    <Section id="cant-make-it" title={release.state === 'released' ? "Can't make it" : "Can't make it?"}>
      {/* Always rendered, so what it gains is announced. */}
      <div aria-live="polite" aria-atomic="true">
        {mutation.isSuccess && (
          <p
            ref={doneRef}
            tabIndex={-1}
            data-testid="release-done"
            className="alert alert-success mb-4 focus:outline-none"
          >
            {CREDIT_COPY.releaseDone}
          </p>
        )}
        {refusal && (
          <p
            ref={refusalRef}
            tabIndex={-1}
            data-testid="release-refused"
            className="alert alert-error mb-4 focus:outline-none"
          >
            {refusal}
          </p>
        )}
      </div>
      {release.state === 'released' ? (
        <>
          <p>You told us you can't make it, so your seats are back on sale.</p>
          {release.credit && (
            <p className="mt-2 font-semibold" data-testid="release-credit">
              {releaseCreditLine(release.credit)}
            </p>
          )}
        </>
      ) : release.state === 'reschedule' ? (
        <p data-testid="release-later">
          {reschedule.allowed && <>Until {formatIstDateTime(reschedule.until)} you can reschedule for free instead. </>}
          From {formatIstDateTime(reschedule.until)} until the dinner starts, you can release your seats here if you
          can't make it.
        </p>
      ) : release.state === 'open' ? (
        <>
          <p>
            If your plans have changed, you can release your seats until the dinner starts. If someone takes them, you
            get credit for what you paid.
          </p>
          <button
            type="button"
            className="btn btn-outline mt-4"
            onClick={() => {
              mutation.reset();
              onAskingChange(true);
            }}
          >
            Can't make it
          </button>
          <ConfirmDialog
            title="Can't make it?"
            text={CREDIT_COPY.releaseExplainer}
            textTestId="release-explainer"
            keep="Keep my seat"
            confirm="Release my seats"
            confirming="Releasing..."
            open={asking}
            pending={mutation.isPending}
            onConfirm={releaseSeats}
            onClose={() => onAskingChange(false)}
          />
        </>
      ) : null}
    </Section>
  );
}
