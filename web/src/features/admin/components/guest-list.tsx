import { useSearch } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { type Attendee, attendeesCsvUrl, useAttendeesQuery } from '../api/attendees-api';
import { type GuestCredit, useGuestCreditQuery } from '../api/waitlist-api';
import { type CreditTarget, GrantCreditDialog } from './grant-credit';
import { type SuspendTarget, SuspendGuestDialog } from './suspend-guest';
import { CONSOLE_COPY } from '@domain/copy-console';
import { DinnerActions } from './dinner-actions';
import { DinnerTabs } from './dinner-tabs';
import { DinnerHosts } from './dinner-hosts';
import { useConsoleParams } from '../routing/console-links';
import { rupees } from '@domain/pricing';
import { dinnerHours, formatIstDate, formatIstShort } from '@domain/time';

/** How long typing must pause before the search asks the API. */
const SEARCH_DEBOUNCE_MS = 250;

/** `value`, once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A dinner's guest list (`/admin/events/:id`): every booking, searchable by name, phone or email,
 * the same rows as a CSV download, and each guest's credit with "Grant credit". On a phone the table scrolls sideways inside its own
 * focusable region; the page itself never does.
 */
export function GuestList() {
  const { eventId } = useConsoleParams<'eventId'>();
  // `?q=` opens the list searched (needs attention links a guest's row this way).
  const initial: { q?: unknown } = useSearch({ strict: false });
  const [search, setSearch] = useState(typeof initial.q === 'string' ? initial.q : '');
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useAttendeesQuery(eventId, q);
  const credit = useGuestCreditQuery(eventId);
  const creditOf = new Map((credit.data?.guests ?? []).map((g) => [g.booking_id, g]));
  const [granting, setGranting] = useState<CreditTarget | null>(null);
  const [suspending, setSuspending] = useState<SuspendTarget | null>(null);
  const searchId = useId();
  const captionId = useId();
  const event = list.data?.event;

  return (
    <main className="mx-auto min-h-screen max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-base-300 pb-4">
        <div className="min-w-0">
          <p className="text-sm font-semibold uppercase tracking-widest text-primary">Operator console</p>
          <h1 className="text-3xl font-bold">Guest list</h1>
          {event && (
            <p className="mt-1 break-words text-base-content/80">
              {event.title} · {formatIstDate(event.starts_at)}, {dinnerHours(event.starts_at, event.ends_at)} ·{' '}
              {event.location}
            </p>
          )}
        </div>
      </header>
      <DinnerTabs eventId={eventId} />

      <DinnerHosts eventId={eventId} />

      {list.isPending ? (
        <p role="status" className="py-16 text-center text-base-content/80">
          Loading...
        </p>
      ) : list.isError && !list.data ? (
        <div role="alert" className="alert alert-error my-8">
          <span>{list.error.message || CONSOLE_COPY.admin.loadFailed}</span>
          <button type="button" className="btn btn-sm" onClick={() => list.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <>
          <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
            <div className="w-full sm:w-80">
              <label htmlFor={searchId} className="mb-1 block text-sm font-medium">
                Search by name, phone or email
              </label>
              <input
                id={searchId}
                type="search"
                className="input input-bordered w-full"
                value={search}
                autoComplete="off"
                onChange={(e) => setSearch(e.currentTarget.value)}
              />
            </div>
            <a
              href={attendeesCsvUrl(eventId, q)}
              download
              className="btn btn-primary btn-sm"
              aria-describedby={`${captionId}-count`}
            >
              Download CSV
            </a>
          </div>
          <p id={`${captionId}-count`} role="status" className="mt-4 text-sm text-base-content/80">
            {countText(list.data.attendees, list.data.total, q)}
          </p>
          <div
            role="region"
            aria-labelledby={captionId}
            // Focusable so a keyboard can scroll the table on a narrow screen; it scrolls inside
            // its own box, under a header row that stays in view.
            tabIndex={0}
            className="mt-2 max-h-[70vh] overflow-auto rounded-box border border-base-300 bg-base-100"
          >
            <table className="table table-pin-rows">
              <caption id={captionId} className="sr-only">
                Guests of {list.data.event.title}
              </caption>
              <thead>
                <tr className="bg-base-200">
                  <th scope="col">Name</th>
                  <th scope="col">Phone</th>
                  <th scope="col">Email</th>
                  <th scope="col">Ticket</th>
                  <th scope="col">Seats</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                  <th scope="col">Table</th>
                  <th scope="col">Checked in</th>
                  <th scope="col">Booked at</th>
                  <th scope="col">Credit</th>
                  <th scope="col">Account</th>
                </tr>
              </thead>
              <tbody>
                {list.data.attendees.length === 0 ? (
                  <tr>
                    <td colSpan={12} className="py-8 text-center text-base-content/80">
                      {q ? 'No guest matches this search.' : 'No bookings yet.'}
                    </td>
                  </tr>
                ) : (
                  list.data.attendees.map((a) => (
                    <GuestRow
                      key={a.booking_id}
                      guest={a}
                      credit={creditOf.get(a.booking_id)}
                      onGrant={setGranting}
                      onSuspend={setSuspending}
                    />
                  ))
                )}
              </tbody>
            </table>
          </div>
          <GrantCreditDialog target={granting} onClose={() => setGranting(null)} />
          <SuspendGuestDialog target={suspending} onClose={() => setSuspending(null)} />
        </>
      )}

      {/* Messaging the guests and the 'Cancel dinner' danger zone come after the list, never above it. */}
      <DinnerActions eventId={eventId} />
    </main>
  );
}

function countText(attendees: Attendee[], total: number, q: string) {
  const seats = attendees.reduce((n, a) => n + a.seats, 0);
  const seatWord = seats === 1 ? 'seat' : 'seats';
  if (q) return `${attendees.length} of ${total} bookings match · ${seats} ${seatWord}`;
  return `${total} ${total === 1 ? 'booking' : 'bookings'} · ${seats} ${seatWord}`;
}

function GuestRow({
  guest,
  credit,
  onGrant,
  onSuspend,
}: {
  guest: Attendee;
  /** The guest's account and balance (a read of its own: absent while it loads). */
  credit: GuestCredit | undefined;
  onGrant: (target: CreditTarget) => void;
  /** "Suspend" (issue 21): the dialog says what it does (the refunds) before anything happens. */
  onSuspend: (target: SuspendTarget) => void;
}) {
  const name = guest.name || 'this guest';
  return (
    <tr>
      <th scope="row" className="whitespace-nowrap font-medium">
        {guest.name || <span className="text-base-content/80">No name</span>}
        {guest.party_name && (
          <span className="block text-sm font-normal text-base-content/80">
            + {guest.party_name}
            {guest.party_phone && (
              <>
                {' · '}
                <a href={`tel:${guest.party_phone}`}>{guest.party_phone}</a>
              </>
            )}
          </span>
        )}
      </th>
      <td className="whitespace-nowrap">{guest.phone ? <a href={`tel:${guest.phone}`}>{guest.phone}</a> : '—'}</td>
      <td className="whitespace-nowrap">{guest.email ? <a href={`mailto:${guest.email}`}>{guest.email}</a> : '—'}</td>
      <td className="whitespace-nowrap">{guest.ticket_label}</td>
      <td>{guest.seats}</td>
      <td className="whitespace-nowrap">{rupees(guest.amount)}</td>
      <td className="whitespace-nowrap">
        {guest.refund_failed ? <span className="font-semibold text-error">Refund failed</span> : guest.state.label}
      </td>
      <td className="whitespace-nowrap">{guest.table ?? 'Not matched'}</td>
      <td className="whitespace-nowrap">
        {guest.checked_in ? 'Yes' : 'No'}
        {guest.checked_in_at && (
          <>
            , <time dateTime={guest.checked_in_at}>{formatIstShort(guest.checked_in_at)}</time>
          </>
        )}
      </td>
      <td className="whitespace-nowrap">
        <time dateTime={guest.booked_at}>{formatIstShort(guest.booked_at)}</time>
      </td>
      <td className="whitespace-nowrap">
        {credit ? (
          <>
            {rupees(credit.balance)}{' '}
            <button
              type="button"
              className="btn btn-outline btn-xs ml-1"
              aria-label={`Grant credit to ${name}`}
              onClick={() => onGrant({ userId: credit.user_id, name: guest.name, balance: credit.balance })}
            >
              Grant credit
            </button>
          </>
        ) : (
          '—'
        )}
      </td>
      <td className="whitespace-nowrap">
        {credit ? (
          <button
            type="button"
            className="btn btn-outline btn-error btn-xs"
            aria-label={`Suspend ${name}`}
            onClick={() => onSuspend({ userId: credit.user_id, name: guest.name })}
          >
            Suspend
          </button>
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}
