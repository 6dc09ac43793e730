import { CONSOLE_COPY } from '@domain/copy-console';
import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import type { ApiRequestError } from '@/lib/api';
import { type CheckInAnswer, type HostGuest, type HostTable, useCheckIn, useHostNightQuery } from '../api/host-api';
import { HostLink, useHostParams } from '../routing/host-links';
import { canScan, TicketScanner, ticketCodeIn } from './ticket-scanner';
import { formatIstTime } from '@domain/time';
import { BOOKING_STATUS_LABELS } from '@domain/statuses';
import { ATTENDANCE_COPY } from '@domain/attendance';

const H = CONSOLE_COPY.host;
const dayTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: 'numeric',
  minute: '2-digit',
});

/** The outcome of the last check-in attempt, as the page announces it. */
type Outcome = { kind: 'done' | 'already' | 'refused'; text: string };

const outcomeOf = ({ guest, already }: CheckInAnswer): Outcome =>
  already
    ? {
        kind: 'already',
        text: `${H.alreadyCheckedIn}: ${guest.name || 'this guest'}${guest.checked_in_at ? ` at ${formatIstTime(guest.checked_in_at)}` : ''}.`,
      }
    : {
        kind: 'done',
        text: `${H.checkedIn}: ${guest.name || 'guest'}${guest.seats > 1 ? ` (${guest.seats} seats)` : ''}.`,
      };

/**
 * A dinner's night (`/host/events/:id`): the head counts, check-in by scanning the guest's QR
 * (where the browser can), by typing the code, or by tapping a name; the guest list, searchable,
 * read again every 20 seconds so "running late" shows up by itself.
 */
export function HostNight() {
  const { eventId } = useHostParams<'eventId'>();
  const night = useHostNightQuery(eventId);
  const checkIn = useCheckIn(eventId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = (by: { ticketCode: string } | { bookingId: string }, after?: () => void) =>
    checkIn.mutate(by, {
      onSuccess: (answer) => {
        setOutcome(outcomeOf(answer));
        after?.();
      },
      // A tapped name's refusal is shown in the dialog that asked; a code's here.
      onError: (e) => {
        if ('ticketCode' in by) setOutcome({ kind: 'refused', text: (e as ApiRequestError).message });
      },
    });

  if (night.isPending)
    return (
      <p role="status" className="py-16 text-center text-base-content/80">
        Loading...
      </p>
    );
  if (night.isError && !night.data)
    return (
      <main className="mx-auto max-w-3xl px-4 py-10">
        <BackLink />
        <div role="alert" className="alert alert-error mt-6">
          <span>{night.error.message || H.loadFailed}</span>
        </div>
      </main>
    );

  const { event, guests, counts, tables } = night.data;
  const cancelled = Boolean(event.cancelled_at);
  return (
    <main className="mx-auto min-h-screen max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <BackLink />
      <header className="mt-3 border-b border-base-300 pb-4">
        <h1 className="text-3xl font-bold">{event.title}</h1>
        <p className="mt-1 text-base-content/80">
          <time dateTime={event.starts_at}>{dayTime.format(new Date(event.starts_at))}</time> ·{' '}
          {event.venue_name ?? event.location}
        </p>
        {cancelled && (
          <p role="status" className="alert alert-warning mt-3">
            {H.dinnerCancelled}
          </p>
        )}
      </header>

      <section aria-label="Head count" className="mt-4 grid grid-cols-3 gap-2 text-center">
        <Stat label="Expected" value={counts.expected} />
        <Stat label="Checked in" value={counts.checked_in} />
        <Stat label="Running late" value={counts.late} />
      </section>
      {counts.coming > 0 && (
        <p className="mt-2 text-sm text-base-content/80">
          {ATTENDANCE_COPY.hostComingCount(counts.coming, counts.expected - counts.checked_in - counts.no_show)}
        </p>
      )}
      {counts.no_show > 0 && (
        <p className="mt-2 text-sm text-base-content/80">
          {counts.no_show} marked no-show at {formatIstTime(event.no_show_at)}.
        </p>
      )}

      {!cancelled && (
        <CheckInPanel
          pending={checkIn.isPending}
          outcome={outcome}
          onCode={(code) => run({ ticketCode: code })}
          onBadScan={() => setOutcome({ kind: 'refused', text: H.ticketCodeInvalid })}
        />
      )}

      <GuestList
        guests={guests}
        tables={tables}
        disabled={cancelled}
        pending={checkIn.isPending}
        error={checkIn.isError ? checkIn.error.message : null}
        onAsk={checkIn.reset}
        onCheckIn={run}
      />
    </main>
  );
}

function BackLink() {
  return (
    <HostLink to="" className="link text-sm">
      ← Your dinners
    </HostLink>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-3">
      <p className="text-3xl font-bold tabular-nums">{value}</p>
      <p className="text-sm text-base-content/80">{label}</p>
    </div>
  );
}

/** Scan (where the browser can) or type a ticket code; the outcome is announced politely, a refusal assertively. */
function CheckInPanel({
  pending,
  outcome,
  onCode,
  onBadScan,
}: {
  pending: boolean;
  outcome: Outcome | null;
  onCode: (code: string) => void;
  onBadScan: () => void;
}) {
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const [typed, setTyped] = useState('');
  const [scanning, setScanning] = useState(false);
  const scannable = useMemo(canScan, []);
  const inputRef = useRef<HTMLInputElement>(null);

  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-box border border-base-300 bg-base-100 p-4">
      <h2 id={headingId} className="text-xl font-bold">
        Check in
      </h2>
      {scannable && !scanning && (
        <button
          type="button"
          className="btn btn-primary btn-lg mt-3 w-full sm:w-auto"
          onClick={() => setScanning(true)}
        >
          Scan ticket
        </button>
      )}
      {scanning && (
        <TicketScanner
          onCode={(raw) => {
            const code = ticketCodeIn(raw);
            if (code) onCode(code);
            else onBadScan();
          }}
          onClose={() => setScanning(false)}
        />
      )}
      <form
        className="mt-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!typed.trim()) return;
          onCode(typed);
          setTyped('');
          inputRef.current?.focus();
        }}
      >
        <label htmlFor={inputId} className="block font-medium">
          Type the code
        </label>
        <p id={hintId} className="text-sm text-base-content/80">
          The 16 letters and digits under the guest's QR code, e.g. 7K3M-Q9TX-2HDR-WB4N.
        </p>
        <div className="mt-1 flex flex-wrap gap-2">
          <input
            ref={inputRef}
            id={inputId}
            className="input input-bordered input-lg min-w-0 flex-1 font-mono uppercase"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-describedby={hintId}
            maxLength={64}
          />
          <button type="submit" className="btn btn-primary btn-lg" disabled={pending || !typed.trim()}>
            {pending ? 'Checking…' : 'Check in'}
          </button>
        </div>
      </form>
      <div aria-live="polite" className="mt-3 min-h-6">
        {outcome && (
          <p
            role={outcome.kind === 'refused' ? 'alert' : 'status'}
            className={`alert ${outcome.kind === 'done' ? 'alert-success' : outcome.kind === 'already' ? 'alert-warning' : 'alert-error'}`}
          >
            {outcome.text}
          </p>
        )}
      </div>
    </section>
  );
}

/** How the night reads each status: a confirmed guest is expected; the badge colours the row. */
const STATUS_LABEL: Record<HostGuest['status'], string> = { ...BOOKING_STATUS_LABELS, confirmed: 'Expected' };
const STATUS_BADGE: Partial<Record<HostGuest['status'], string>> = {
  checked_in: 'badge-success',
  no_show: 'badge-error',
};

/** The guests, searchable by name; a confirmed guest's row is a large button that asks before checking them in. */
function GuestList({
  guests,
  tables,
  disabled,
  pending,
  error,
  onAsk,
  onCheckIn,
}: {
  guests: HostGuest[];
  /** The published tables with their icebreakers; empty before publication. */
  tables: HostTable[];
  disabled: boolean;
  pending: boolean;
  /** Why the last check-in was refused, shown in the dialog that asked for it. */
  error: string | null;
  /** Clears the last attempt's outcome when a new name is tapped. */
  onAsk: () => void;
  onCheckIn: (by: { bookingId: string }, after?: () => void) => void;
}) {
  const headingId = useId();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [asking, setAsking] = useState<HostGuest | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const needle = search.trim().toLocaleLowerCase();
  const shown = needle ? guests.filter((g) => g.name.toLocaleLowerCase().includes(needle)) : guests;

  const ask = (guest: HostGuest) => {
    onAsk();
    setAsking(guest);
    dialogRef.current?.showModal();
  };
  const close = () => dialogRef.current?.close();
  const seatedAt = new Set(tables.map((t) => t.number));
  const unseated = shown.filter((g) => g.table === null || !seatedAt.has(g.table));
  const guestItem = (g: HostGuest) => (
    <li key={g.booking_id}>
      {g.status === 'confirmed' && !disabled ? (
        <button
          type="button"
          className="flex min-h-16 w-full items-center gap-3 rounded-box border border-base-300 bg-base-100 p-3 text-left hover:border-primary focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          onClick={() => ask(g)}
        >
          <span className="sr-only">Check in </span>
          <GuestLine guest={g} />
        </button>
      ) : (
        <div className="flex min-h-16 items-center gap-3 rounded-box border border-base-300 bg-base-200/60 p-3">
          <GuestLine guest={g} />
        </div>
      )}
    </li>
  );

  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} className="text-xl font-bold">
        Guests
      </h2>
      <label htmlFor={searchId} className="mt-2 block text-sm font-medium">
        Find a guest by name
      </label>
      <input
        id={searchId}
        type="search"
        className="input input-bordered input-lg w-full"
        value={search}
        autoComplete="off"
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <p role="status" className="mt-2 text-sm text-base-content/80">
        {needle
          ? `${shown.length} of ${guests.length} guests match`
          : `${guests.length} ${guests.length === 1 ? 'booking' : 'bookings'}`}
      </p>
      {shown.length === 0 && (
        <p className="mt-2 rounded-box border border-base-300 p-4 text-base-content/80">
          {needle ? 'No guest matches this name.' : 'No guests booked yet.'}
        </p>
      )}
      {/* By table once published; a search lists every match together. */}
      {!needle && tables.length > 0 ? (
        <>
          {tables.map((t) => (
            <TableGroup key={t.number} table={t} guests={shown.filter((g) => g.table === t.number)}>
              {guestItem}
            </TableGroup>
          ))}
          {unseated.length > 0 && (
            <section aria-labelledby={`${headingId}-unseated`} className="mt-6">
              <h3 id={`${headingId}-unseated`} className="text-lg font-bold">
                Not at a table
              </h3>
              <ul className="mt-2 grid gap-2">{unseated.map(guestItem)}</ul>
            </section>
          )}
        </>
      ) : (
        shown.length > 0 && <ul className="mt-2 grid gap-2">{shown.map(guestItem)}</ul>
      )}
      <dialog ref={dialogRef} className="modal" aria-labelledby={`${headingId}-confirm`}>
        <div className="modal-box">
          <h3 id={`${headingId}-confirm`} className="text-xl font-bold">
            Check in {asking?.name || 'this guest'}
            {asking?.party_name ? ` + ${asking.party_name}` : ''}?
          </h3>
          {asking && (
            <p className="mt-2">
              {asking.ticket_label} · {asking.seats} {asking.seats === 1 ? 'seat' : 'seats'} · Table{' '}
              {asking.table ?? '—'}
            </p>
          )}
          {error && asking && (
            <p role="alert" className="mt-3 text-error">
              {error}
            </p>
          )}
          <div className="modal-action flex-wrap">
            <button type="button" className="btn btn-ghost btn-lg" onClick={close}>
              Not yet
            </button>
            <button
              type="button"
              className="btn btn-primary btn-lg"
              disabled={pending || !asking}
              onClick={() => asking && onCheckIn({ bookingId: asking.booking_id }, close)}
            >
              Check in
            </button>
          </div>
        </div>
      </dialog>
    </section>
  );
}

function GuestLine({ guest }: { guest: HostGuest }) {
  return (
    <>
      <span className="min-w-0 flex-1">
        <span className="block break-words text-lg font-semibold">
          {guest.name || 'No name'}
          {guest.party_name && <span className="font-normal text-base-content/80"> + {guest.party_name}</span>}
        </span>
        <span className="block text-sm text-base-content/80">
          {guest.ticket_label} · {guest.seats} {guest.seats === 1 ? 'seat' : 'seats'} · Table {guest.table ?? '—'}
        </span>
        {guest.status === 'confirmed' && guest.attendance_confirmed_at && (
          <span className="mt-1 block text-sm">
            <span className="badge badge-outline font-medium">{ATTENDANCE_COPY.hostComing}</span>{' '}
            <time dateTime={guest.attendance_confirmed_at}>
              {ATTENDANCE_COPY.hostComingAt(dayTime.format(new Date(guest.attendance_confirmed_at)))}
            </time>
          </span>
        )}
        {guest.status === 'confirmed' && guest.running_late_minutes !== null && guest.running_late_at && (
          <span className="mt-1 block text-sm font-medium">
            <span className="badge badge-warning">Running late</span> about {guest.running_late_minutes} min (said at{' '}
            {formatIstTime(guest.running_late_at)})
          </span>
        )}
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1 text-right">
        <span className={`badge ${STATUS_BADGE[guest.status] ?? 'badge-ghost'}`}>{STATUS_LABEL[guest.status]}</span>
        {guest.checked_in_at && (
          <span className="text-sm text-base-content/80">{formatIstTime(guest.checked_in_at)}</span>
        )}
      </span>
    </>
  );
}

/**
 * One table of the night: its guests and, folded away until wanted, icebreakers drawn from what
 * the table shares (worker/domain/table-talk.ts).
 */
function TableGroup({
  table,
  guests,
  children: renderGuest,
}: {
  table: HostTable;
  guests: HostGuest[];
  children: (g: HostGuest) => ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-6">
      <h3 id={id} className="text-lg font-bold">
        Table {table.number} <span className="font-normal text-base-content/80">· {table.seats} seats</span>
      </h3>
      <details className="mt-2 rounded-box border border-base-300 bg-base-100 p-3">
        <summary className="cursor-pointer font-semibold">Icebreakers for table {table.number}</summary>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {table.icebreakers.map((q) => (
            <li key={q}>{q}</li>
          ))}
        </ul>
      </details>
      <ul className="mt-2 grid gap-2">{guests.map(renderGuest)}</ul>
    </section>
  );
}
