import { formatCalendarDate, formatIstDateTime, formatIstTime } from '@domain/time';
import { WAITLIST_COPY } from '@domain/waitlist';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { type MyWaitlistEntry, useLeaveWaitlistMutation, useMyWaitlistsQuery } from '../api/my-waitlists';

const isActive = (e: MyWaitlistEntry) => e.status === 'waiting' || e.status === 'offered';

/**
 * /profile's 'Waitlists' (docs/decisions/027): each line the guest is in, with their place in it,
 * or the offer holding seats for them (a link to take it, and until when it holds), and 'Leave'.
 * Not shown when the guest is in no line.
 */
export function WaitlistsSection() {
  const query = useMyWaitlistsQuery();
  const leave = useLeaveWaitlistMutation();
  const headingId = useId();
  const statusRef = useRef<HTMLParagraphElement>(null);
  const [left, setLeft] = useState<string | null>(null);
  const active = query.data?.entries.filter(isActive) ?? [];
  // Kept while the last line is left, so the section stays to say so.
  if (active.length === 0 && !left && !leave.isError) return null;

  const onLeave = (entry: MyWaitlistEntry) =>
    leave.mutate(entry.event.id, {
      onSuccess: () => {
        setLeft(`You left the waitlist for ${entry.event.title}, ${formatCalendarDate(entry.event.date)}.`);
        requestAnimationFrame(() => statusRef.current?.focus());
      },
      onError: () => setLeft(null),
    });

  return (
    <section className="rounded-box bg-base-100 p-6 shadow-sm" aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-4 font-display text-2xl font-semibold">
        Waitlists
      </h2>
      <div aria-live="polite" aria-atomic="true">
        {left && (
          <p ref={statusRef} tabIndex={-1} className="alert alert-success mb-4 focus:outline-none">
            {left}
          </p>
        )}
        {leave.isError && (
          <p className="alert alert-error mb-4" data-testid="leave-refused">
            {leave.error.message}
          </p>
        )}
      </div>
      {active.length === 0 ? (
        <p className="text-base-content/80">You're not on any waitlist now.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {active.map((e) => (
            <WaitlistCard key={e.id} entry={e} leaving={leave.isPending} onLeave={() => onLeave(e)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function WaitlistCard({ entry, leaving, onLeave }: { entry: MyWaitlistEntry; leaving: boolean; onLeave: () => void }) {
  const { event, offer } = entry;
  const [confirming, setConfirming] = useState<boolean | null>(null);
  const leaveRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // Focus follows the question: to it when asked, back to 'Leave' when the guest stays.
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (confirming === false) leaveRef.current?.focus();
  }, [confirming]);
  const when = `${formatCalendarDate(event.date)} · ${formatIstTime(event.starts_at)}`;
  return (
    <li className="rounded-box border border-base-300 p-4" data-testid="waitlist-entry">
      <h3 className="font-display text-lg font-semibold">
        <Link to="/event/$eventId" params={{ eventId: event.id }} className="link link-hover">
          {event.title}
        </Link>
      </h3>
      <p className="text-sm text-base-content/80">
        {when} · {event.location}
      </p>
      <p className="text-sm">
        {entry.ticket_label} · {entry.seats} {entry.seats === 1 ? 'seat' : 'seats'}
      </p>
      {offer ? (
        <div className="mt-3 flex flex-col items-start gap-2">
          <p className="font-semibold">{WAITLIST_COPY.offerExpiresAt(formatIstDateTime(offer.expires_at))}</p>
          <Link to="/offers/$token" params={{ token: offer.token }} className="btn btn-primary btn-sm">
            See your offer
          </Link>
        </div>
      ) : (
        entry.position !== null && <p className="mt-3 font-semibold">{WAITLIST_COPY.position(entry.position)}</p>
      )}
      {!confirming ? (
        <button
          ref={leaveRef}
          type="button"
          className="btn btn-ghost btn-sm mt-3"
          aria-label={`${WAITLIST_COPY.leave}: ${event.title}, ${when}`}
          onClick={() => setConfirming(true)}
        >
          Leave
        </button>
      ) : (
        <div role="group" aria-label={WAITLIST_COPY.leave} className="mt-3 rounded-box bg-base-200 p-3">
          <p>
            {offer
              ? 'Leave the waitlist? The seats held for you go to the next guest in line.'
              : 'Leave the waitlist? You lose your place in line.'}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              ref={confirmRef}
              type="button"
              className="btn btn-sm btn-error"
              disabled={leaving}
              onClick={onLeave}
            >
              {leaving ? 'Leaving...' : WAITLIST_COPY.leave}
            </button>
            <button type="button" className="btn btn-sm btn-ghost" onClick={() => setConfirming(false)}>
              Stay in line
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
