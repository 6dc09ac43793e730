import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useToConsent } from '@/features/consent/hooks/use-to-consent';
import { ApiRequestError } from '@/lib/api';
import { useWaitlistEntry, type WaitlistEntry } from '../api/get-waitlist-entry';
import { useJoinEventWaitlist } from '../api/join-waitlist';
import { useLeaveWaitlist } from '../api/leave-waitlist';
import { COPY } from '@domain/copy';
import { rupees, type TicketType } from '@domain/pricing';
import { formatIstDateTime } from '@domain/time';
import { WAITLIST_COPY } from '@domain/waitlist';

/** A ticket the guest may wait for: one their profile allows, sold out at this dinner. */
export type WaitlistTicket = { type: TicketType; label: string; price: number; seats: number };

/** Refusals that send the guest elsewhere to fix something first. */
const FIX_ON_PROFILE = new Set(['profile_incomplete', 'ticket_mismatch']);

/**
 * The booking box of a dinner that is full for the guest (issue 20, docs/decisions/027): rather
 * than a dead end, 'Join the waitlist' with the tickets their profile allows; then their place in
 * line and 'Leave the waitlist'; and, once seats are offered, the offer with until when they are
 * held. Every change is announced in the panel's live region; the server's refusal is shown as it
 * words it.
 */
export function WaitlistPanel({
  eventId,
  tickets,
  onBack,
}: {
  eventId: string;
  tickets: readonly WaitlistTicket[];
  /**
   * Opened by the guest from a dinner with other tickets still on sale: 'Back to tickets' returns
   * to them, and the panel takes the focus when it opens.
   */
  onBack?: () => void;
}) {
  const queryClient = useQueryClient();
  const toConsent = useToConsent();
  const entryQuery = useWaitlistEntry(eventId);
  const join = useJoinEventWaitlist(eventId);
  const leave = useLeaveWaitlist(eventId);
  const [chosen, setChosen] = useState<TicketType | null>(tickets.length === 1 ? tickets[0].type : null);
  const [refusal, setRefusal] = useState<{ code: string; message: string } | null>(null);
  /** What just happened, for the live region ('You left the waitlist.'). */
  const [news, setNews] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** After join or leave: the panel the guest should land in ('in line' or 'out'), then its heading is focused. */
  const moved = useRef<'in' | 'out' | null>(null);
  const ids = { heading: useId(), refusal: useId(), status: useId() };
  const entry = entryQuery.data?.entry ?? null;
  const busy = join.isPending || leave.isPending;

  // Opened from the ticket list: the keyboard lands on the panel, not on <body>.
  const openedByGuest = useRef(Boolean(onBack));
  useEffect(() => {
    if (!openedByGuest.current || entryQuery.isPending) return;
    openedByGuest.current = false;
    headingRef.current?.focus();
  }, [entryQuery.isPending]);

  // After join or leave the panel's content is replaced: keep the keyboard in it, on its heading.
  useEffect(() => {
    if (moved.current === null || moved.current !== (entry ? 'in' : 'out')) return;
    moved.current = null;
    headingRef.current?.focus();
  }, [entry]);

  if (entryQuery.isPending) return <div className="skeleton h-40 w-full" aria-hidden="true" />;

  const onJoin = async () => {
    setRefusal(null);
    setNews('');
    const ticket = chosen ?? (tickets.length === 1 ? tickets[0].type : null);
    if (!ticket) {
      setRefusal({ code: 'choose', message: COPY.booking.selectTicket });
      return;
    }
    try {
      moved.current = 'in';
      const answer = await join.mutateAsync(ticket);
      const place = answer.entry.position;
      setNews(place === null ? WAITLIST_COPY.joined : `${WAITLIST_COPY.joined} ${WAITLIST_COPY.position(place)}`);
    } catch (error) {
      moved.current = null;
      // Issue 22: the current consent notice first, then back to this dinner.
      if (toConsent(error)) return;
      const e = error instanceof ApiRequestError ? error : new ApiRequestError(0, 'error', COPY.common.failed);
      // Already in line (another tab): show that entry instead of the refusal.
      if (e.code === 'already_waiting') void entryQuery.refetch();
      // Seats freed meanwhile, or a seat is already the guest's: the box turns back to the tickets.
      if (e.code === 'not_sold_out') void queryClient.invalidateQueries({ queryKey: ['events'] });
      if (e.code === 'already_booked') void queryClient.invalidateQueries({ queryKey: ['bookings'] });
      setRefusal({ code: e.code, message: e.message });
    }
  };

  const onLeave = async () => {
    setRefusal(null);
    try {
      moved.current = 'out';
      await leave.mutateAsync();
      setNews('You left the waitlist.');
    } catch (error) {
      moved.current = null;
      setRefusal({
        code: error instanceof ApiRequestError ? error.code : 'error',
        message: error instanceof Error ? error.message : COPY.common.failed,
      });
      void entryQuery.refetch();
    }
  };

  return (
    <section
      aria-labelledby={ids.heading}
      className="flex flex-col gap-4 border-t border-base-300 pt-5"
      data-testid="waitlist"
    >
      {entry ? (
        <EntryView entry={entry} headingId={ids.heading} headingRef={headingRef} />
      ) : (
        <>
          <div className="flex flex-col gap-1">
            <h2
              id={ids.heading}
              ref={headingRef}
              tabIndex={-1}
              className="font-display text-xl font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
            >
              {onBack ? 'Wait for a sold-out ticket' : 'This dinner is full'}
            </h2>
            <p className="text-sm text-base-content/80">
              Join the waitlist and we'll WhatsApp and email you the moment a seat frees up. Your seats are then held
              for you for a while to take and pay.
            </p>
          </div>
          {tickets.length > 1 ? (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-medium">Which ticket are you waiting for?</legend>
              {tickets.map((t) => (
                <label
                  key={t.type}
                  className={`flex cursor-pointer items-center gap-3 rounded-field border p-3 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-accent ${chosen === t.type ? 'border-primary bg-primary/5' : 'border-base-300 hover:border-primary/60'}`}
                >
                  <input
                    type="radio"
                    name={`waitlist-ticket-${eventId}`}
                    value={t.type}
                    className="radio radio-primary radio-sm"
                    checked={chosen === t.type}
                    disabled={busy}
                    onChange={() => {
                      setChosen(t.type);
                      setRefusal(null);
                    }}
                  />
                  <span className="flex flex-1 flex-col">
                    <span className="font-medium">{t.label}</span>
                    <span className="text-xs text-base-content/80">
                      {t.seats === 2 ? 'For 2 guests · 2 seats' : '1 seat'}
                    </span>
                  </span>
                  <span className="text-right font-semibold">{rupees(t.price)}</span>
                </label>
              ))}
            </fieldset>
          ) : (
            tickets.length === 1 && (
              <p className="text-sm">
                Ticket: <span className="font-medium">{tickets[0].label}</span> · {rupees(tickets[0].price)}
              </p>
            )
          )}
        </>
      )}

      {refusal && (
        <div id={ids.refusal} role="alert" className="rounded-field border border-error/40 bg-error/5 p-3 text-sm">
          <p>{refusal.message}</p>
          {FIX_ON_PROFILE.has(refusal.code) && (
            <Link
              to="/profile-details"
              search={refusal.code === 'ticket_mismatch' ? { edit: true } : {}}
              className="link link-primary"
            >
              Edit profile
            </Link>
          )}
        </div>
      )}

      <p id={ids.status} role="status" className={news && !entry ? 'text-sm text-secondary' : 'sr-only'}>
        {news}
      </p>

      {entry ? (
        <button
          type="button"
          className="btn btn-outline w-full"
          onClick={onLeave}
          disabled={busy}
          aria-busy={leave.isPending || undefined}
        >
          {leave.isPending ? 'Leaving…' : WAITLIST_COPY.leave}
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-lg w-full"
          onClick={onJoin}
          disabled={busy || tickets.length === 0}
          aria-busy={join.isPending || undefined}
          aria-describedby={refusal ? ids.refusal : undefined}
          data-booking-primary=""
        >
          {join.isPending ? 'Joining…' : WAITLIST_COPY.join}
        </button>
      )}
      {onBack && !entry && (
        <button type="button" className="btn btn-ghost btn-sm self-center" onClick={onBack} disabled={busy}>
          <span aria-hidden="true">←</span> Back to tickets
        </button>
      )}
    </section>
  );
}

/** The guest's place in line, or the offer they hold. */
function EntryView({
  entry,
  headingId,
  headingRef,
}: {
  entry: WaitlistEntry;
  headingId: string;
  headingRef: RefObject<HTMLHeadingElement>;
}) {
  const headingClass =
    'font-display text-xl font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';
  if (entry.status === 'offered' && entry.offer) {
    return (
      <div className="flex flex-col gap-3 rounded-field border border-secondary/40 bg-secondary/5 p-4">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={headingClass}>
          A seat is yours to take
        </h2>
        <p className="text-sm">
          {entry.ticket_label} · {entry.seats} {entry.seats === 1 ? 'seat' : 'seats'}
        </p>
        <p className="text-sm font-medium">{WAITLIST_COPY.offerExpiresAt(formatIstDateTime(entry.offer.expires_at))}</p>
        <Link
          to="/offers/$token"
          params={{ token: entry.offer.token }}
          className="btn btn-secondary w-full"
          data-booking-primary=""
        >
          Take the seat <span aria-hidden="true">→</span>
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={headingClass}>
        You're on the waitlist
      </h2>
      <p className="text-sm text-base-content/80">
        {entry.ticket_label} · {entry.seats} {entry.seats === 1 ? 'seat' : 'seats'}
      </p>
      {entry.position !== null && (
        <p className="font-semibold text-secondary" data-testid="waitlist-position">
          {WAITLIST_COPY.position(entry.position)}
        </p>
      )}
      <p className="text-sm text-base-content/80">We'll WhatsApp and email you the moment a seat frees up.</p>
    </div>
  );
}
