import { CHOICE_COPY, RUNNING_LATE_MINUTES, type RunningLateMinutes, runningLateWindow } from '@domain/booking-choice';
import { formatIstTime } from '@domain/time';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useBookingChoicesQuery, useRunningLateMutation } from '../api/booking-choices';

const U = CHOICE_COPY.ui;

/**
 * 'Running late' (DESIGN.md "My Booking"): on the day of the dinner, until an hour after its start,
 * the guest picks how late they will be, confirms, and sees that the host was told. Not shown on
 * any other day, nor for a booking that is not a confirmed seat at a dinner going ahead.
 */
export function RunningLateSection({ bookingId }: { bookingId: string }) {
  const { data } = useBookingChoicesQuery(bookingId);
  const headingId = useId();
  const name = useId();
  const [minutes, setMinutes] = useState<RunningLateMinutes | null>(null);
  const [confirming, setConfirming] = useState(false);
  const mutation = useRunningLateMutation(bookingId);
  const confirmRef = useRef<HTMLParagraphElement>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  if (!data) return null;
  const { booking } = data;
  if (booking.status !== 'confirmed' || booking.cancelled_at) return null;
  if (runningLateWindow(booking.starts_at, new Date()) !== 'open') return null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (minutes) setConfirming(true);
  };
  const send = () => {
    if (!minutes) return;
    mutation.mutate(minutes, {
      onSuccess: () => {
        setConfirming(false);
        setMinutes(null);
        requestAnimationFrame(() => sentRef.current?.focus());
      },
      onError: () => setConfirming(false),
    });
  };

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="mb-3 font-display text-2xl font-semibold">
        {U.lateHeading}
      </h2>
      <p>{U.lateIntro}</p>
      {booking.running_late_minutes && booking.running_late_at && (
        <p
          ref={sentRef}
          tabIndex={-1}
          role="status"
          data-testid="running-late-sent"
          className="alert alert-success mt-4 focus:outline-none"
        >
          {U.lateSent(booking.running_late_minutes, formatIstTime(booking.running_late_at))}
        </p>
      )}
      {mutation.isError && (
        <p role="alert" className="alert alert-error mt-4">
          {mutation.error.message || U.failed}
        </p>
      )}
      {!confirming ? (
        <form className="mt-4 flex flex-col gap-4" onSubmit={submit}>
          <fieldset>
            <legend className="mb-2 font-semibold">{U.lateLegend}</legend>
            <div className="flex flex-wrap gap-2">
              {RUNNING_LATE_MINUTES.map((m) => (
                <label
                  key={m}
                  className="flex cursor-pointer items-center gap-2 rounded-box border border-base-300 px-3 py-2 has-[:checked]:border-primary has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
                >
                  <input
                    type="radio"
                    className="radio radio-primary radio-sm"
                    name={name}
                    value={m}
                    checked={minutes === m}
                    onChange={() => setMinutes(m)}
                  />
                  {U.lateMinutes(m)}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <button type="submit" className="btn btn-primary" disabled={!minutes}>
              {U.lateButton}
            </button>
          </div>
        </form>
      ) : (
        <div role="group" aria-label={U.lateHeading} className="mt-4 rounded-box bg-base-200 p-4">
          <p ref={confirmRef} tabIndex={-1} className="font-semibold focus:outline-none">
            {U.lateConfirm(minutes ?? 0)}
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <button type="button" className="btn btn-primary" disabled={mutation.isPending} onClick={send}>
              {mutation.isPending ? 'Sending...' : U.lateYes}
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={mutation.isPending}
              onClick={() => setConfirming(false)}
            >
              {U.back}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
