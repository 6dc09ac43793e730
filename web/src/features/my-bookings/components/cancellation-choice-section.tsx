import { Spinner } from '@/components/spinner';
import { CHOICE_COPY } from '@domain/booking-choice';
import { formatIstDate, formatIstDateTime } from '@domain/time';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { formatEventDate } from '@/features/events/lib/format-event-date';
import { dinnerHours } from '@domain/time';
import {
  type BookingChoices,
  type MoveTarget,
  useBookingChoicesQuery,
  useCancellationChoiceMutation,
} from '../api/booking-choices';
import { rupees } from '@domain/pricing';

const U = CHOICE_COPY.ui;

type Step =
  | { kind: 'choose' }
  | { kind: 'refund' }
  | { kind: 'pick'; picked?: string }
  | { kind: 'move'; target: MoveTarget };

/**
 * When we cancelled the dinner (SPEC §4, DESIGN.md "My Booking"): the reason, and the guest's
 * choice — 'Full refund' or 'Move to another dinner' (the dinners with room, from the API) — each
 * with a confirmation step; then where it stands: "Refund on its way", "Refunded", or the new
 * dinner. A guest who has not chosen is told they will be refunded automatically at the start.
 * Shows nothing for a dinner that is going ahead (and was never moved).
 */
export function CancellationChoiceSection({ bookingId }: { bookingId: string }) {
  const { data } = useBookingChoicesQuery(bookingId);
  if (!data) return null;
  const { booking } = data;
  // A moved booking whose new dinner we cancelled too chooses again (the choice reopens).
  if (booking.cancellation_choice === 'move' && !booking.cancelled_at) return <Moved booking={booking} />;
  if (booking.status === 'refund_pending' || booking.status === 'refunded') return <Refund booking={booking} />;
  if (!booking.cancelled_at || (booking.status !== 'confirmed' && booking.status !== 'checked_in')) return null;
  return <Choose data={data} />;
}

function Card({ title, tone, children }: { title: string; tone: 'warning' | 'info' | 'success'; children: ReactNode }) {
  const id = useId();
  const border = { warning: 'border-warning', info: 'border-info', success: 'border-success' }[tone];
  return (
    <section
      aria-labelledby={id}
      data-testid="cancellation-choice"
      className={`rounded-box border-2 ${border} bg-base-100 p-5 shadow-sm sm:p-6`}
    >
      <h2 id={id} className="mb-3 font-display text-2xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Moves keyboard focus to the element when it appears (a new step, a result). */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

function Choose({ data }: { data: BookingChoices }) {
  const { booking, move_targets: targets } = data;
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const mutation = useCancellationChoiceMutation(booking.id);
  const started = new Date(booking.starts_at).getTime() <= Date.now();

  const send = (choice: 'refund' | 'move', eventId?: string) =>
    mutation.mutate(
      { choice, eventId },
      // A refusal (a dinner that filled up meanwhile) sends the guest back to the list, refreshed.
      { onError: () => setStep(choice === 'move' ? { kind: 'pick' } : { kind: 'choose' }) },
    );

  return (
    <Card title={U.cancelledHeading} tone="warning">
      <p>{U.cancelledIntro}</p>
      {booking.cancel_reason && (
        <p className="mt-2">
          <span className="font-semibold">{U.reasonLabel}:</span> {booking.cancel_reason}
        </p>
      )}
      <p className="mt-2 text-sm text-base-content/80">{U.autoRefund}</p>
      {mutation.isError && (
        <p role="alert" className="alert alert-error mt-4">
          {mutation.error.message || U.failed}
        </p>
      )}
      {step.kind === 'choose' && (
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="button" className="btn btn-primary" onClick={() => setStep({ kind: 'refund' })}>
            {U.refund}
          </button>
          {!started && (
            <button type="button" className="btn btn-outline" onClick={() => setStep({ kind: 'pick' })}>
              {U.move}
            </button>
          )}
        </div>
      )}
      {step.kind === 'refund' && (
        <Confirm
          question={U.refundConfirm(rupees(booking.amount))}
          yes={U.refundYes}
          pending={mutation.isPending}
          onYes={() => send('refund')}
          onBack={() => setStep({ kind: 'choose' })}
        />
      )}
      {step.kind === 'pick' && (
        <PickDinner
          targets={targets}
          initial={step.picked}
          onPick={(target) => setStep({ kind: 'move', target })}
          onBack={() => setStep({ kind: 'choose' })}
        />
      )}
      {step.kind === 'move' && (
        <Confirm
          question={U.moveConfirm(`${step.target.title}, ${formatEventDate(step.target.date)}`)}
          yes={U.moveYes}
          pending={mutation.isPending}
          onYes={() => send('move', step.target.id)}
          onBack={() => setStep({ kind: 'pick', picked: step.target.id })}
        />
      )}
    </Card>
  );
}

function Confirm(props: { question: string; yes: string; pending: boolean; onYes: () => void; onBack: () => void }) {
  const ref = useFocusOnMount<HTMLParagraphElement>();
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="mt-4 rounded-box bg-base-200 p-4">
      <p id={id} ref={ref} tabIndex={-1} className="font-semibold focus:outline-none">
        {props.question}
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" className="btn btn-primary" disabled={props.pending} onClick={props.onYes}>
          {props.pending ? 'Please wait...' : props.yes}
        </button>
        <button type="button" className="btn btn-ghost" disabled={props.pending} onClick={props.onBack}>
          {U.back}
        </button>
      </div>
    </div>
  );
}

function PickDinner(props: {
  targets: MoveTarget[];
  initial?: string;
  onPick: (t: MoveTarget) => void;
  onBack: () => void;
}) {
  const name = useId();
  const [picked, setPicked] = useState<string | null>(props.initial ?? null);
  const ref = useFocusOnMount<HTMLLegendElement>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const target = props.targets.find((t) => t.id === picked);
    if (target) props.onPick(target);
  };
  if (props.targets.length === 0)
    return (
      <div className="mt-4 flex flex-col items-start gap-3">
        <p>{U.noTargets}</p>
        <button type="button" className="btn btn-ghost" onClick={props.onBack}>
          {U.back}
        </button>
      </div>
    );
  return (
    <form className="mt-4 flex flex-col gap-4" onSubmit={submit}>
      <fieldset className="flex flex-col gap-2">
        <legend ref={ref} tabIndex={-1} className="mb-1 font-semibold focus:outline-none">
          {U.chooseDinner}
        </legend>
        {props.targets.map((t) => (
          <label
            key={t.id}
            className="flex cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3 has-[:checked]:border-primary has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
          >
            <input
              type="radio"
              className="radio radio-primary mt-1"
              name={name}
              value={t.id}
              checked={picked === t.id}
              onChange={() => setPicked(t.id)}
            />
            <span className="flex flex-col">
              <span className="font-semibold">{formatEventDate(t.date)}</span>
              <span className="text-sm">
                {t.title} · {t.location} · {dinnerHours(t.starts_at, t.ends_at)}
              </span>
              <span className="text-sm text-base-content/80">{U.seatsLeft(t.seats_left)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={!picked}>
          Continue
        </button>
        <button type="button" className="btn btn-ghost" onClick={props.onBack}>
          {U.back}
        </button>
      </div>
    </form>
  );
}

function Refund({ booking }: { booking: BookingChoices['booking'] }) {
  const done = booking.status === 'refunded';
  return (
    <Card title={done ? U.refunded : U.refundPending} tone={done ? 'success' : 'info'}>
      <div role="status" data-testid="refund-status">
        {done ? (
          <p>
            {U.refundedText(
              rupees(booking.amount),
              formatIstDate(booking.refunded_at ?? booking.cancellation_choice_at ?? ''),
            )}
          </p>
        ) : (
          <p className="flex items-start gap-3">
            <Spinner size="sm" className="mt-1" />
            <span>{U.refundPendingText}</span>
          </p>
        )}
      </div>
      {booking.cancel_reason && (
        <p className="mt-3 text-sm text-base-content/80">
          {U.cancelledHeading}. {U.reasonLabel}: {booking.cancel_reason}
        </p>
      )}
    </Card>
  );
}

function Moved({ booking }: { booking: BookingChoices['booking'] }) {
  return (
    <Card title={U.moved} tone="success">
      <p role="status" data-testid="move-status">
        {U.movedText(booking.event_name, formatIstDateTime(booking.starts_at))}
      </p>
    </Card>
  );
}
