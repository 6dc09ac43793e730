import { MY_BOOKING_COPY } from '@domain/copy-my-booking';
import { type FormEvent, useId, useRef, useState } from 'react';
import { dismiss, toast } from '@/components/toast';
import { toastError } from '@/components/toast-error';
import { formatEventDate } from '@/features/events/lib/format-event-date';
import { dinnerHours } from '@domain/time';
import type { MoveOption, MyBooking } from '../api/get-booking';
import { useRescheduleMutation } from '../api/reschedule-booking';
import { Section } from './booking-sections';
import { formatIstDateTime } from '@domain/time';

const seatsLeft = (n: number) => (n === 1 ? '1 seat left' : `${n} seats left`);

/**
 * The free reschedule (SPEC §4, §9: "Free reschedule up to 48 hours before"): the dinners this
 * booking may move to, a confirm, and the new date on success. Inside the 48 hours the button is
 * gone and the section says why. A booking we cancelled, or one no longer confirmed, is the
 * business of its own sections, so this one is not shown for it.
 */
export function RescheduleSection({ view }: { view: MyBooking }) {
  const { booking, event, reschedule } = view;
  const [picking, setPicking] = useState(false);
  const [choice, setChoice] = useState<string | null>(null);
  const mutation = useRescheduleMutation(booking.id);
  // The dinner it was just moved to, from the move's own answer (nothing to keep in state).
  const movedTo = mutation.data ? formatEventDate(mutation.data.event.date) : null;
  const movedHours = mutation.data ? dinnerHours(mutation.data.event.starts_at, mutation.data.event.ends_at) : null;
  const groupId = useId();
  // 'Choose a dinner to move to.', while it is on screen: a move that went through takes it away
  // (it stayed beside the success, issue 24).
  const choiceError = useRef<number | null>(null);

  if (booking.status !== 'confirmed' || event.cancelled_at) return null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!choice) {
      choiceError.current = toast({ variant: 'destructive', title: MY_BOOKING_COPY.chooseDinner });
      return;
    }
    if (choiceError.current !== null) dismiss(choiceError.current);
    choiceError.current = null;
    mutation.mutate(choice, {
      onSuccess: () => {
        setPicking(false);
        setChoice(null);
        toast({ title: MY_BOOKING_COPY.rescheduledTitle, description: MY_BOOKING_COPY.rescheduledText });
      },
      onError: toastError,
    });
  };

  return (
    <Section id="reschedule" title="Reschedule">
      {movedTo && (
        <p role="status" className="alert alert-success mb-4">
          Moved to {movedTo}, {movedHours}. {MY_BOOKING_COPY.rescheduledText}
        </p>
      )}
      {!reschedule.allowed ? (
        <p data-testid="reschedule-closed">{reschedule.refusal}</p>
      ) : (
        <>
          <p>
            {MY_BOOKING_COPY.reschedulePolicy} You can move this booking until{' '}
            <strong>{formatIstDateTime(reschedule.until)}</strong>.
          </p>
          {!picking ? (
            <button type="button" className="btn btn-primary mt-4" onClick={() => setPicking(true)}>
              Reschedule
            </button>
          ) : reschedule.options.length === 0 ? (
            <div className="mt-4 flex flex-col items-start gap-3">
              <p>No other dinner in this city has room for your ticket right now. Please check back soon.</p>
              <button type="button" className="btn btn-ghost" onClick={() => setPicking(false)}>
                Close
              </button>
            </div>
          ) : (
            <form className="mt-4 flex flex-col gap-4" onSubmit={submit}>
              <fieldset className="flex flex-col gap-2" aria-describedby={`${groupId}-hint`}>
                <legend className="mb-1 font-semibold">Choose your new dinner</legend>
                <p id={`${groupId}-hint`} className="text-sm text-base-content/80">
                  Free of charge: your ticket and amount stay the same.
                </p>
                {reschedule.options.map((o) => (
                  <OptionRow
                    key={o.id}
                    option={o}
                    name={groupId}
                    checked={choice === o.id}
                    onChange={() => setChoice(o.id)}
                  />
                ))}
              </fieldset>
              <div className="flex flex-wrap gap-3">
                <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
                  {mutation.isPending ? 'Moving...' : 'Confirm new date'}
                </button>
                <button
                  type="button"
                  className="btn btn-ghost"
                  onClick={() => {
                    setPicking(false);
                    setChoice(null);
                  }}
                >
                  Keep my date
                </button>
              </div>
            </form>
          )}
        </>
      )}
    </Section>
  );
}

function OptionRow(props: { option: MoveOption; name: string; checked: boolean; onChange: () => void }) {
  const { option } = props;
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3 has-[:checked]:border-primary">
      <input
        type="radio"
        className="radio radio-primary mt-1"
        name={props.name}
        value={option.id}
        checked={props.checked}
        onChange={props.onChange}
      />
      <span className="flex flex-col">
        <span className="font-semibold">{formatEventDate(option.date)}</span>
        <span className="text-sm">
          {option.title} · {dinnerHours(option.starts_at, option.ends_at)}
        </span>
        <span className="text-sm text-base-content/80">{seatsLeft(option.seats_left)}</span>
      </span>
    </label>
  );
}
