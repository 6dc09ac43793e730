import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { toast } from '@/components/toast';
import { CONSOLE_COPY } from '@domain/copy-console';
import { formatIstShort } from '@domain/time';
import { offerHoldMs, WAITLIST_STATUS_LABELS } from '@domain/waitlist';
import { useDinnerQuery } from '../api/admin-api';
import { type AdminWaitlist, useOfferNow, useWaitlistQuery, type WaitlistEntry } from '../api/waitlist-api';
import { useConsoleParams } from '../routing/console-links';
import { DinnerTabs } from './dinner-tabs';

const W = CONSOLE_COPY.waitlist;

const seatWord = (n: number) => `${n} ${n === 1 ? 'seat' : 'seats'}`;
const guestName = (entry: WaitlistEntry) => entry.user.name || 'No name';

/**
 * A dinner's waitlist (`/admin/events/:id/waitlist`, docs/decisions/027): the guests' "still
 * coming?" answers, so a thin table shows before the night; the offers out with their deadlines;
 * the line in order, each waiting guest with an "Offer now"; and everyone who has left the line.
 */
export function WaitlistPage() {
  const { eventId } = useConsoleParams<'eventId'>();
  const dinner = useDinnerQuery(eventId);
  const list = useWaitlistQuery(eventId);
  const event = dinner.data?.event;

  return (
    <main className="mx-auto min-h-screen max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <header className="border-b border-base-300 pb-4">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Operator console</p>
        <h1 className="text-3xl font-bold">Waitlist</h1>
        {event && (
          <p className="mt-1 break-words text-base-content/80">
            {event.title} · {formatIstShort(event.starts_at)} IST
          </p>
        )}
      </header>
      <DinnerTabs eventId={eventId} />
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
        <Waitlist eventId={eventId} view={list.data} startsAt={event?.starts_at} />
      )}
    </main>
  );
}

/** The page below the tabs, once the waitlist is read. */
export function Waitlist({
  eventId,
  view,
  startsAt,
}: {
  eventId: string;
  view: AdminWaitlist;
  /** The dinner's start, for how long an offer holds the seats (unknown while the dinner loads). */
  startsAt?: string;
}) {
  const [chosen, setChosen] = useState<WaitlistEntry | null>(null);
  const offersHeadingRef = useRef<HTMLHeadingElement>(null);
  const waiting = view.entries.filter((e) => e.status === 'waiting');
  const offered = view.entries.filter((e) => e.status === 'offered');
  const earlier = view.entries.filter((e) => e.status !== 'waiting' && e.status !== 'offered');
  return (
    <>
      <Attendance view={view} />
      <Offers entries={offered} headingRef={offersHeadingRef} />
      <Line view={view} waiting={waiting} onOffer={setChosen} />
      <Earlier entries={earlier} />
      <OfferDialog
        eventId={eventId}
        startsAt={startsAt}
        entry={chosen}
        onClose={() => setChosen(null)}
        // The row's button is gone once its guest holds an offer: the focus goes to the offers out.
        onOffered={() => offersHeadingRef.current?.focus()}
      />
    </>
  );
}

/** "Still coming?" answered, not answered, and can't make it; and the seats free. */
function Attendance({ view }: { view: AdminWaitlist }) {
  const headingId = useId();
  const { confirmed, unanswered, released } = view.attendance;
  const stats = [
    { label: 'Coming (said yes)', value: confirmed },
    { label: 'Not answered yet', value: unanswered },
    { label: "Can't make it (released)", value: released },
    { label: 'Seats free now', value: view.free_seats },
  ];
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
      <h2 id={headingId} className="text-xl font-bold">
        Still coming?
      </h2>
      <p className="mt-1 text-sm text-base-content/80">
        Bookings by their answer to the day-before question. Many unanswered or released means a thin table.
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {stats.map((s) => (
          <div key={s.label} className="rounded-box border border-base-300 p-3">
            <dt className="text-sm text-base-content/80">{s.label}</dt>
            <dd className="text-2xl font-bold">{s.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The offers out: who holds seats from the waitlist, and until when. */
function Offers({ entries, headingRef }: { entries: WaitlistEntry[]; headingRef: RefObject<HTMLHeadingElement> }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-bold focus-visible:outline">
        Offers out ({entries.length})
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-base-content/80">No offer is out right now.</p>
      ) : (
        <ul className="mt-2 grid gap-2">
          {entries.map((e) => (
            <li key={e.id} className="rounded-box border border-base-300 bg-base-100 p-3">
              <span className="font-medium">{guestName(e)}</span>
              {e.user.phone && (
                <>
                  {' · '}
                  <a href={`tel:${e.user.phone}`}>{e.user.phone}</a>
                </>
              )}
              {' · '}
              {e.ticket_label}, {seatWord(e.seats)}
              <span className="block text-sm">
                {e.offered_at && (
                  <>
                    Sent <time dateTime={e.offered_at}>{formatIstShort(e.offered_at)}</time>
                    {' · '}
                  </>
                )}
                {e.offer_expires_at ? (
                  <strong>
                    Holds the seats until{' '}
                    <time dateTime={e.offer_expires_at}>{formatIstShort(e.offer_expires_at)}</time> IST
                  </strong>
                ) : (
                  'No deadline recorded'
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Why "Offer now" is off for this entry, or null when it may be pressed. */
function offerBlocked(view: AdminWaitlist, entry: WaitlistEntry): string | null {
  if (!view.offers_open) return 'Offers are off';
  if (view.free_seats < entry.seats)
    return view.free_seats === 0 ? 'No seat free' : `Needs ${seatWord(entry.seats)}, ${view.free_seats} free`;
  return null;
}

/** The line in order, each guest with "Offer now" (off, with the reason, when it cannot go out). */
function Line({
  view,
  waiting,
  onOffer,
}: {
  view: AdminWaitlist;
  waiting: WaitlistEntry[];
  onOffer: (entry: WaitlistEntry) => void;
}) {
  const headingId = useId();
  const captionId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} className="text-xl font-bold">
        In line ({waiting.length})
      </h2>
      <p className="mt-1 text-sm text-base-content/80">
        {!view.offers_open
          ? W.offersClosedNote
          : view.free_seats === 0
            ? 'No seat is free: an offer goes out by itself when one frees up.'
            : `${seatWord(view.free_seats)} free. An offer goes out by itself; "Offer now" sends one at once.`}
      </p>
      {waiting.length === 0 ? (
        <p className="mt-2 text-base-content/80">{W.empty}</p>
      ) : (
        <div
          role="region"
          aria-labelledby={captionId}
          // Focusable so a keyboard can scroll the table sideways on a narrow screen; `relative` so the
          // visually hidden header inside scrolls with the table instead of widening the page.
          tabIndex={0}
          className="relative mt-2 overflow-x-auto rounded-box border border-base-300 bg-base-100"
        >
          <table className="table table-sm">
            <caption id={captionId} className="sr-only">
              Guests waiting, first in line first
            </caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Guest</th>
                <th scope="col">Ticket</th>
                <th scope="col">Passed over</th>
                <th scope="col">Joined</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {waiting.map((e) => {
                const blocked = offerBlocked(view, e);
                const reasonId = `${e.id}-blocked`;
                return (
                  <tr key={e.id}>
                    <td>{e.position}</td>
                    <th scope="row" className="whitespace-nowrap font-medium">
                      {guestName(e)}
                      {e.user.phone && (
                        <span className="block text-sm font-normal">
                          <a href={`tel:${e.user.phone}`}>{e.user.phone}</a>
                        </span>
                      )}
                    </th>
                    <td className="whitespace-nowrap">
                      {e.ticket_label} ({seatWord(e.seats)})
                    </td>
                    <td>{e.passed_over === 0 ? 'Never' : `${e.passed_over}×`}</td>
                    <td className="whitespace-nowrap">
                      <time dateTime={e.created_at}>{formatIstShort(e.created_at)}</time>
                    </td>
                    <td className="whitespace-nowrap">{WAITLIST_STATUS_LABELS[e.status]}</td>
                    <td className="whitespace-nowrap">
                      <button
                        type="button"
                        className="btn btn-primary btn-sm"
                        disabled={blocked !== null}
                        aria-describedby={blocked ? reasonId : undefined}
                        aria-label={`Offer now to ${guestName(e)}`}
                        onClick={() => onOffer(e)}
                      >
                        Offer now
                      </button>
                      {blocked && (
                        <span id={reasonId} className="ml-2 text-sm text-base-content/80">
                          {blocked}
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Everyone who has left the line: booked, left, lapsed offers, told the dinner is full. */
function Earlier({ entries }: { entries: WaitlistEntry[] }) {
  const headingId = useId();
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} className="text-xl font-bold">
        No longer in line ({entries.length})
      </h2>
      <ul className="mt-2 grid gap-1">
        {entries.map((e) => (
          <li key={e.id} className="break-words">
            <span className="font-medium">{guestName(e)}</span> · {e.ticket_label} · {WAITLIST_STATUS_LABELS[e.status]}
            {e.passed_over > 0 && ` · passed over ${e.passed_over}×`}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** How long an offer made now holds the seats, by the domain's rule (domain/waitlist.ts). */
function holdText(startsAt: string | undefined) {
  if (!startsAt) return '2 hours (30 minutes inside 24 hours of the dinner)';
  const minutes = Math.round(offerHoldMs(startsAt, new Date()) / 60_000);
  return minutes % 60 === 0 ? `${minutes / 60} ${minutes === 60 ? 'hour' : 'hours'}` : `${minutes} minutes`;
}

/**
 * "Offer now", confirmed in a native modal dialog (focus stays inside, Escape closes). A refusal
 * (no seat, not waiting any more, offers closed) is the server's own words, in the dialog.
 */
function OfferDialog({
  eventId,
  startsAt,
  entry,
  onClose,
  onOffered,
}: {
  eventId: string;
  startsAt: string | undefined;
  entry: WaitlistEntry | null;
  onClose: () => void;
  onOffered: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const offer = useOfferNow(eventId);
  const { reset } = offer;

  // A refusal replaces the confirm button: the focus goes to "Close", beside the server's words.
  useEffect(() => {
    if (offer.isError) closeRef.current?.focus();
  }, [offer.isError]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (entry && !dialog.open) {
      reset();
      dialog.showModal();
    }
  }, [entry, reset]);

  const close = () => dialogRef.current?.close();
  const name = entry ? guestName(entry) : '';
  return (
    <dialog ref={dialogRef} aria-labelledby={titleId} className="modal" onClose={onClose}>
      <div className="modal-box w-11/12 max-w-lg">
        <h2 id={titleId} className="text-xl font-bold">
          Offer {name} {entry ? seatWord(entry.seats) : ''} now?
        </h2>
        {entry && (
          <p className="mt-2">
            {name} is number {entry.position} in line ({entry.ticket_label}). They get the offer by WhatsApp and email
            at once, and the seats are held for them for {holdText(startsAt)}. Nobody else can take those seats while
            the offer is out.
          </p>
        )}
        {offer.isError && (
          <p role="alert" className="alert alert-error mt-3">
            {offer.error.message}
          </p>
        )}
        <div className="modal-action flex-wrap">
          <button ref={closeRef} type="button" className="btn btn-ghost" onClick={close}>
            {offer.isError ? 'Close' : 'Not now'}
          </button>
          {!offer.isError && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={offer.isPending || !entry}
              onClick={() =>
                entry &&
                offer.mutate(entry.id, {
                  onSuccess: ({ entry: sent }) => {
                    close();
                    const until = sent?.offer_expires_at
                      ? `${formatIstShort(sent.offer_expires_at)} IST`
                      : 'its deadline';
                    toast({ title: W.offered(name, until) });
                    onOffered();
                  },
                })
              }
            >
              {offer.isPending ? 'Offering…' : `Offer to ${name}`}
            </button>
          )}
        </div>
      </div>
    </dialog>
  );
}
