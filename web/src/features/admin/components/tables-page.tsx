import {
  type DragEvent,
  type HTMLAttributes,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { toast } from '@/components/toast';
import { CONSOLE_COPY } from '@domain/copy-console';
import { TICKET_LABELS } from '@domain/pricing';
import { formatIstDateTime, formatIstShort } from '@domain/time';
import { type DinnerTable, type TableGuest, type TablesView, useTablesQuery, useTablesWrite } from '../api/tables-api';
import {
  agesLine,
  batteryLine,
  FLAG_LABELS,
  guestFacts,
  moveGuest,
  nextTableNumber,
  planLine,
  setLocked,
  sexesLine,
  sharedLine,
} from '../lib/seating';
import { useConsoleParams } from '../routing/console-links';
import { DinnerTabs } from './dinner-tabs';

const T = CONSOLE_COPY.tables;

/** One line of what a table goes against in the guests' history and wishes (issue 21). */
function historyText(w: DinnerTable['history'][number]): string {
  const [a = 'A guest', b = 'another guest'] = w.guests;
  return w.kind === 'women' ? T.history.women(a) : T.history[w.kind](a, b);
}

/** What a dragged guest carries: their booking id, under a type of our own so nothing else drops here. */
const DRAG_TYPE = 'application/x-tablemates-booking';

type Actions = {
  /** Seats a guest (their whole party) at table `to`, a new one included. */
  move: (guest: TableGuest, to: number) => void;
  lock: (table: DinnerTable, locked: boolean) => void;
  /** Off while the dinner is cancelled. */
  disabled: boolean;
  /** Where a guest moved by the select will be drawn: their row takes the focus once it is there. */
  focus: { id: string; table: number } | null;
  focused: () => void;
};

/**
 * A dinner's Tables tab (`/admin/events/:id/tables`, issue 13): run the matching, read each
 * table's balance, move guests (drag and drop, or the "Move to table…" select, the keyboard's
 * path), lock tables a re-run must not touch, and publish. Each change is saved at once (PUT)
 * and drawn before the server answers; the server's answer is what stays on screen.
 */
export function TablesPage() {
  const { eventId } = useConsoleParams<'eventId'>();
  const query = useTablesQuery(eventId);
  const write = useTablesWrite(eventId);
  const [announcement, setAnnouncement] = useState('');
  const [focus, setFocus] = useState<Actions['focus']>(null);
  const view = query.data;

  const actions: Actions = {
    disabled: Boolean(view?.event.cancelled_at),
    focus,
    focused: () => setFocus(null),
    move: (guest, to) => {
      if (!view) return;
      const change = moveGuest(view, guest.booking_id, to);
      if (!change) return;
      write.mutate({ kind: 'save', ...change }, { onError: () => setFocus(null) });
      setAnnouncement(`${guest.name} moved to table ${to}.`);
    },
    lock: (table, locked) => {
      if (!view) return;
      const change = setLocked(view, table.number, locked);
      if (!change) return;
      write.mutate({ kind: 'save', ...change });
      setAnnouncement(locked ? `Table ${table.number} locked.` : `Table ${table.number} unlocked.`);
    },
  };
  const moveAndFocus: Actions['move'] = (guest, to) => {
    setFocus({ id: guest.booking_id, table: to });
    actions.move(guest, to);
  };

  return (
    <main className="mx-auto min-h-screen max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <header className="min-w-0">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Operator console</p>
        <h1 className="text-3xl font-bold">Tables</h1>
        {view && (
          <p className="mt-1 break-words text-base-content/80">
            {view.event.title} · {formatIstShort(view.event.starts_at)}
          </p>
        )}
      </header>
      <DinnerTabs eventId={eventId} />
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>

      {query.isPending ? (
        <p role="status" className="py-16 text-center text-base-content/80">
          Loading...
        </p>
      ) : query.isError && !view ? (
        <div role="alert" className="alert alert-error my-8">
          <span>{query.error.message || CONSOLE_COPY.admin.loadFailed}</span>
          <button type="button" className="btn btn-sm" onClick={() => query.refetch()}>
            Try again
          </button>
        </div>
      ) : view ? (
        <>
          <Overview view={view} write={write} />
          <Unseated view={view} actions={{ ...actions, move: moveAndFocus }} />
          <TablesGrid view={view} actions={actions} moveAndFocus={moveAndFocus} />
        </>
      ) : null}
    </main>
  );
}

type Write = ReturnType<typeof useTablesWrite>;

/** The plan, the score, whether guests see the tables, and the two big actions. */
function Overview({ view, write }: { view: TablesView; write: Write }) {
  const headingId = useId();
  const runRef = useRef<HTMLDialogElement>(null);
  const publishRef = useRef<HTMLDialogElement>(null);
  const plan = planLine(view.plan);
  const seated = view.tables.length > 0;
  const cancelled = Boolean(view.event.cancelled_at);
  const noGuests = view.plan.guests === 0;
  const pendingKind = write.isPending ? write.variables?.kind : undefined;

  const run = () => write.mutate({ kind: 'run' }, { onSuccess: () => toast({ title: T.matched }) });
  const publish = () =>
    write.mutate(
      { kind: 'publish' },
      { onSuccess: (answer) => toast({ title: answer.changed ? T.published : T.alreadyPublished }) },
    );

  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
      <h2 id={headingId} className="sr-only">
        Matching
      </h2>
      {cancelled && (
        <div role="status" className="alert alert-warning mb-4">
          <span>{T.cancelled} Tables cannot change.</span>
        </div>
      )}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <dl className="grid min-w-0 gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">Plan</dt>
          <dd className="min-w-0 break-words">
            {plan.fits ? (
              plan.text
            ) : (
              <span className="inline-flex flex-wrap items-center gap-2">
                <span className="badge badge-warning shrink-0">Check sizes</span>
                <span>{plan.text}</span>
              </span>
            )}
          </dd>
          <dt className="font-semibold">Score</dt>
          <dd>
            {view.score === null ? (
              'No seating yet'
            ) : (
              <>
                <span className="font-mono text-lg">{view.score.toFixed(2)}</span>{' '}
                <span className="text-sm text-base-content/80">lower is better</span>
              </>
            )}
          </dd>
          <dt className="font-semibold">Guests see</dt>
          <dd>
            {view.published_at ? (
              <span className="font-medium text-success">
                Published <time dateTime={view.published_at}>{formatIstDateTime(view.published_at)} IST</time>
              </span>
            ) : (
              'Nothing yet: tables are not published'
            )}
          </dd>
        </dl>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={`btn btn-sm ${seated ? 'btn-outline' : 'btn-primary'}`}
            disabled={cancelled || noGuests || write.isPending}
            onClick={() => (seated ? runRef.current?.showModal() : run())}
          >
            {pendingKind === 'run' ? 'Matching…' : seated ? 'Re-run matching' : 'Run matching'}
          </button>
          {!view.published_at && (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={cancelled || noGuests || write.isPending}
              onClick={() => publishRef.current?.showModal()}
            >
              {pendingKind === 'publish' ? 'Publishing…' : 'Publish tables'}
            </button>
          )}
        </div>
      </div>
      {view.published_at && !cancelled && (
        <p className="mt-3 text-sm text-base-content/80">
          Guests have seen their tables: a move or a re-run shows on their My Booking page at once.
        </p>
      )}
      {noGuests && !cancelled && <p className="mt-3 text-base-content/80">{T.noGuests}</p>}
      <HistorySummary view={view} />

      <ConfirmDialog
        dialogRef={runRef}
        title="Re-run the matching?"
        confirm="Re-run matching"
        dismiss="Keep these tables"
        onConfirm={run}
      >
        <p>Re-running reseats every guest not at a locked table. Locked tables keep their guests.</p>
        {view.published_at && (
          <p role="alert" className="alert alert-warning mt-3">
            Guests have already seen their tables. Anyone reseated will find a new table on My Booking.
          </p>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        dialogRef={publishRef}
        title="Publish the tables?"
        confirm="Publish tables"
        dismiss="Not yet"
        onConfirm={publish}
      >
        <p>
          Every guest sees their table number and a few hints about their tablemates on My Booking, and the host sees
          the tables. Anyone not seated yet is seated first. Publishing cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  );
}

/**
 * Every table that goes against the guests' history or wishes (issue 21), listed above the tables
 * as the matching's own warning: the matching keeps these whenever the numbers allow, so one here
 * is either unavoidable or the result of a move by hand.
 */
function HistorySummary({ view }: { view: TablesView }) {
  const titleId = useId();
  const warned = view.tables.filter((t) => t.history.length > 0);
  if (warned.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="alert alert-warning mt-4 flex-col items-start gap-2">
      <h3 id={titleId} className="font-semibold">
        {T.history.summaryTitle}
      </h3>
      <ul className="list-disc space-y-1 pl-5">
        {warned.flatMap((t) =>
          t.history.map((w) => (
            <li key={`${t.number}-${w.kind}-${w.booking_ids.join('-')}`}>
              <span className="font-semibold">{T.history.tableLabel(t.number)}:</span> {historyText(w)}
            </li>
          )),
        )}
      </ul>
      <p className="text-sm">{T.history.summaryText}</p>
    </section>
  );
}

/** A native modal dialog (focus stays inside, Escape closes) asking before a big change. */
function ConfirmDialog({
  dialogRef,
  title,
  confirm,
  dismiss,
  onConfirm,
  children,
}: {
  dialogRef: RefObject<HTMLDialogElement>;
  title: string;
  confirm: string;
  dismiss: string;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const close = () => dialogRef.current?.close();
  return (
    <dialog ref={dialogRef} aria-labelledby={titleId} className="modal">
      <div className="modal-box w-11/12 max-w-lg">
        <h2 id={titleId} className="text-xl font-bold">
          {title}
        </h2>
        <div className="mt-2">{children}</div>
        <div className="modal-action flex-wrap">
          <button type="button" className="btn btn-ghost" onClick={close}>
            {dismiss}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              close();
              onConfirm();
            }}
          >
            {confirm}
          </button>
        </div>
      </div>
    </dialog>
  );
}

/** The guests without a table (booked after the matching, or before it ran). */
function Unseated({ view, actions }: { view: TablesView; actions: Actions }) {
  const headingId = useId();
  if (view.unseated.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-box border-2 border-dashed border-warning p-4 sm:p-6">
      <h2 id={headingId} className="text-xl font-bold">
        Not seated yet ({view.unseated.length})
      </h2>
      <p className="mt-1 text-sm text-base-content/80">
        Run the matching or seat them by hand. Publishing seats anyone left at the table that fits them best.
      </p>
      <ul className="mt-3 grid gap-2 lg:grid-cols-2">
        {view.unseated.map((g) => (
          <GuestItem key={g.booking_id} guest={g} table={null} view={view} actions={actions} />
        ))}
      </ul>
    </section>
  );
}

/** Every table as a card, and (while a guest is dragged) a place to start a new one. */
function TablesGrid({
  view,
  actions,
  moveAndFocus,
}: {
  view: TablesView;
  actions: Actions;
  moveAndFocus: Actions['move'];
}) {
  const headingId = useId();
  const [dragging, setDragging] = useState(false);
  const next = nextTableNumber(view);
  const guestById = (id: string) =>
    [...view.unseated, ...view.tables.flatMap((t) => t.guests)].find((g) => g.booking_id === id);
  const dropOn = (to: number) => (id: string) => {
    const guest = guestById(id);
    if (guest) actions.move(guest, to);
  };
  if (view.tables.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-8"
      onDragStart={(e) => {
        // After the drag has begun: changing the page inside dragstart may cancel it in Chromium.
        const ours = e.dataTransfer.types.includes(DRAG_TYPE);
        setTimeout(() => setDragging(ours), 0);
      }}
      onDragEnd={() => setDragging(false)}
    >
      <h2 id={headingId} className="text-xl font-bold">
        {view.tables.length} {view.tables.length === 1 ? 'table' : 'tables'}
      </h2>
      <p className="mt-1 text-sm text-base-content/80">
        Drag a guest to another table, or use "Move to table…". Each change is saved at once; a locked table keeps its
        guests when the matching runs again.
      </p>
      <ol className="mt-4 grid gap-4 lg:grid-cols-2">
        {view.tables.map((t) => (
          <TableCard
            key={t.number}
            table={t}
            view={view}
            actions={{ ...actions, move: moveAndFocus }}
            onDropGuest={dropOn(t.number)}
          />
        ))}
        {dragging && next !== null && (
          <li>
            <DropZone
              onDropGuest={dropOn(next)}
              className="flex min-h-32 items-center justify-center rounded-box border-2 border-dashed border-base-300 p-4 text-center"
              overClassName="border-primary bg-base-200"
            >
              Drop here to start table {next}
            </DropZone>
          </li>
        )}
      </ol>
    </section>
  );
}

/** A drop target for a dragged guest; it lights up while one is over it. */
function DropZone({
  onDropGuest,
  className,
  overClassName,
  children,
  ...rest
}: {
  onDropGuest: (bookingId: string) => void;
  className: string;
  overClassName: string;
  children: ReactNode;
} & Omit<HTMLAttributes<HTMLElement>, 'className' | 'children'>) {
  const [over, setOver] = useState(false);
  const accepts = (e: DragEvent) => e.dataTransfer.types.includes(DRAG_TYPE);
  return (
    <section
      {...rest}
      className={`${className} ${over ? overClassName : ''}`}
      onDragOver={(e) => {
        if (!accepts(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        if (!over) setOver(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(e) => {
        setOver(false);
        if (!accepts(e)) return;
        e.preventDefault();
        const id = e.dataTransfer.getData(DRAG_TYPE);
        if (id) onDropGuest(id);
      }}
    >
      {children}
    </section>
  );
}

function LockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
      <path
        fillRule="evenodd"
        d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

/** One table: its number, lock, balance at a glance (with warnings) and guests. */
function TableCard({
  table,
  view,
  actions,
  onDropGuest,
}: {
  table: DinnerTable;
  view: TablesView;
  actions: Actions;
  onDropGuest: (bookingId: string) => void;
}) {
  const headingId = useId();
  const b = table.balance;
  const { min, max } = view.plan;
  const size =
    table.seats > max ? `Over ${max} seats` : table.seats < min && view.plan.fits ? `Under ${min} seats` : null;
  const lines = [sexesLine(b), batteryLine(b), agesLine(b), sharedLine(b)].filter((l): l is string => l !== null);
  return (
    <li>
      <DropZone
        aria-labelledby={headingId}
        onDropGuest={onDropGuest}
        className={`h-full rounded-box bg-base-100 p-4 transition-colors ${
          table.locked ? 'border-2 border-secondary' : 'border border-base-300'
        }`}
        overClassName="bg-base-200 ring-2 ring-primary"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="flex items-center gap-2 text-lg font-bold">
            Table {table.number}
            {table.locked && (
              <span className="badge badge-secondary gap-1">
                <LockIcon />
                Locked
              </span>
            )}
          </h3>
          <button
            type="button"
            className={`btn btn-sm ${table.locked ? 'btn-secondary' : 'btn-outline'}`}
            aria-label={`${table.locked ? 'Unlock' : 'Lock'} table ${table.number}`}
            disabled={actions.disabled}
            onClick={() => actions.lock(table, !table.locked)}
          >
            {table.locked ? 'Unlock' : 'Lock'}
          </button>
        </div>
        <p className="text-sm text-base-content/80">
          {table.seats} {table.seats === 1 ? 'seat' : 'seats'}
          {table.locked && ' · a re-run keeps this table'}
        </p>
        {(b.flags.length > 0 || size) && (
          <ul aria-label={`Warnings for table ${table.number}`} className="mt-2 flex flex-wrap gap-1">
            {size && <li className="badge badge-warning">{size}</li>}
            {b.flags.map((f) => (
              <li key={f} className="badge badge-warning">
                ⚠ {FLAG_LABELS[f]}
              </li>
            ))}
          </ul>
        )}
        {table.history.length > 0 && (
          <ul aria-label={`History warnings for table ${table.number}`} className="mt-2 space-y-1 text-sm">
            {table.history.map((w) => (
              <li key={`${w.kind}-${w.booking_ids.join('-')}`} className="flex gap-1.5">
                <span aria-hidden="true">⚠</span>
                <span className="min-w-0 break-words">{historyText(w)}</span>
              </li>
            ))}
          </ul>
        )}
        <ul aria-label={`Balance of table ${table.number}`} className="mt-2 space-y-0.5 text-sm">
          {lines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
        <ul aria-label={`Guests at table ${table.number}`} className="mt-3 grid gap-2">
          {table.guests.map((g) => (
            <GuestItem key={g.booking_id} guest={g} table={table.number} view={view} actions={actions} />
          ))}
        </ul>
        {table.guests.length === 0 && <p className="mt-3 text-sm text-base-content/80">Nobody here yet.</p>}
      </DropZone>
    </li>
  );
}

/** One guest (their party): who, their facts, checked in or not, and where they can move. */
function GuestItem({
  guest,
  table,
  view,
  actions,
}: {
  guest: TableGuest;
  table: number | null;
  view: TablesView;
  actions: Actions;
}) {
  const nameRef = useRef<HTMLParagraphElement>(null);
  const { focus, focused } = actions;
  // Only at the new table: the row at the old one is still drawn until the move is.
  const focusHere = focus?.id === guest.booking_id && focus.table === table;
  useEffect(() => {
    if (!focusHere) return;
    nameRef.current?.focus();
    focused();
  }, [focusHere, focused]);
  return (
    <li
      draggable={!actions.disabled}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, guest.booking_id);
        e.dataTransfer.setData('text/plain', guest.name);
        e.dataTransfer.effectAllowed = 'move';
      }}
      className={`flex flex-wrap items-center gap-x-3 gap-y-2 rounded-box border border-base-300 bg-base-200/60 px-3 py-2 ${
        actions.disabled ? '' : 'cursor-grab active:cursor-grabbing'
      }`}
    >
      <div className="flex min-w-48 flex-1 items-start gap-2">
        {!actions.disabled && (
          <span aria-hidden="true" className="select-none text-base-content/60">
            ⠿
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p ref={nameRef} tabIndex={-1} className="break-words font-semibold">
            {guest.name}
            {guest.party_name && <span className="font-normal"> + {guest.party_name}</span>}
          </p>
          <p className="text-sm text-base-content/80">{guestFacts(guest, TICKET_LABELS[guest.ticket_type])}</p>
        </div>
        {guest.checked_in && <span className="badge badge-success badge-sm shrink-0">Checked in</span>}
      </div>
      <MoveControl guest={guest} table={table} view={view} actions={actions} />
    </li>
  );
}

/**
 * "Move to table…": a select and a button rather than a select that moves on change, since a
 * keyboard changing a closed select (arrow keys) would move the guest at every key press.
 */
function MoveControl({
  guest,
  table,
  view,
  actions,
}: {
  guest: TableGuest;
  table: number | null;
  view: TablesView;
  actions: Actions;
}) {
  const selectId = useId();
  const [to, setTo] = useState('');
  const next = nextTableNumber(view);
  const targets = view.tables.filter((t) => t.number !== table);
  return (
    <form
      className="flex w-full gap-2 sm:w-auto"
      onSubmit={(e) => {
        e.preventDefault();
        if (to) actions.move(guest, Number(to));
      }}
    >
      <label htmlFor={selectId} className="sr-only">
        Move {guest.name} to table
      </label>
      <select
        id={selectId}
        className="select select-sm min-w-0 flex-1 sm:w-40 sm:flex-none"
        value={to}
        disabled={actions.disabled}
        onChange={(e) => setTo(e.currentTarget.value)}
      >
        <option value="">Move to table…</option>
        {targets.map((t) => (
          <option key={t.number} value={t.number}>
            Table {t.number} · {t.seats} {t.seats === 1 ? 'seat' : 'seats'}
            {t.locked ? ' · locked' : ''}
          </option>
        ))}
        {next !== null && <option value={next}>New table {next}</option>}
      </select>
      <button type="submit" className="btn btn-sm" aria-label={`Move ${guest.name}`} disabled={actions.disabled || !to}>
        Move
      </button>
    </form>
  );
}
