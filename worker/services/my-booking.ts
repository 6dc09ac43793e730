/**
 * My Booking (`GET /api/bookings/:id`, DESIGN.md "Operating the product"): one guest's own booking
 * with everything its page shows, one object per concern (`booking`, `event`, `venue`, `table`,
 * `ticket`, `reschedule`), so a later concern (the cancellation choice, running late) is a key of
 * its own. Read in one D1 round trip: a batch of three SELECTs (the booking with its dinner, the
 * dinners it may move to, its tablemates' answers once the tables are published), both keyed on the booking id *and* the guest, so another guest's
 * booking reads exactly like an unknown one.
 */
import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';
import { eventBookings, events, quizResponses, userProfiles } from '../../db/schema';
import { quizTraits } from '@domain/matching';
import { tableHints } from '@domain/table-talk';
import { canReschedule, rescheduleUntil } from '@domain/booking-policy';
import { MY_BOOKING_COPY } from '@domain/copy-my-booking';
import { LEDGER_COPY, MAX_MOVES_PER_BOOKING } from '@domain/ledger-rules';
import { TICKET_LABELS } from '@domain/pricing';
import { type BookingStatus, SEATED_BOOKING_STATUSES } from '@domain/statuses';
import { dinnerHours, isVenueRevealed } from '@domain/time';
import { bookingColumns } from './bookings';
import { isBookable } from './events';
import { coveredTargets, movePriceColumns, moveTargetColumns, targetSeatsLeftSql } from './ledger/moves';
import { venueRevealAt } from '@domain/dinner';
import { releaseState } from '@domain/credit';
import { attendanceOf } from '@domain/attendance';
import { bookingState } from '@domain/booking-state';

/** At most this many dinners are offered to move to (the soonest first). */
export const MAX_MOVE_OPTIONS = 12;

/** The booked dinner, aliased so a statement can also read the dinners it may move to. */
const booked = alias(events, 'booked');

/** The guest's own booking `bookingId` (the only way any statement here finds a booking). */
const own = (userId: string, bookingId: string) =>
  and(eq(eventBookings.id, bookingId), eq(eventBookings.userId, userId));

/** The booking with its dinner: one row, or none for an unknown id or another guest's booking. */
function bookingQuery(d: Db, userId: string, bookingId: string) {
  return d
    .select({
      booking: bookingColumns,
      ticketCode: eventBookings.ticketCode,
      rescheduledFrom: eventBookings.rescheduledFrom,
      rescheduledAt: eventBookings.rescheduledAt,
      moveCount: eventBookings.moveCount,
      releasedAt: eventBookings.releasedAt,
      attendanceConfirmedAt: eventBookings.attendanceConfirmedAt,
      cancellationChoice: eventBookings.cancellationChoice,
      /** What the guest paid in all (Razorpay's part and credit): a release's credit, once the seats sell. */
      paidInAll:
        sql<number>`(SELECT po.amount + po.credit_amount FROM payment_orders AS po WHERE po.id = ${eventBookings.orderId})`.as(
          'paid_in_all',
        ),
      creditGranted: sql<
        number | null
      >`(SELECT ce.amount FROM credit_entries AS ce WHERE ce.kind = 'release' AND ce.booking_id = ${eventBookings.id})`.as(
        'credit_granted',
      ),
      event: {
        // Named apart from the booking's `id`: drizzle's D1 batch reads rows by column name, and two
        // columns called `id` would shift every value after them.
        id: sql<string>`${booked.id}`.as('booked_event_id'),
        city: booked.city,
        title: booked.title,
        location: booked.location,
        date: booked.date,
        starts_at: booked.startsAt,
        ends_at: booked.endsAt,
        image_url: booked.imageUrl,
        cancelled_at: booked.cancelledAt,
      },
      venueName: booked.venueName,
      venueAddress: booked.venueAddress,
      tableNumber: eventBookings.tableNumber,
      tablesPublishedAt: booked.tablesPublishedAt,
    })
    .from(eventBookings)
    .innerJoin(booked, eq(booked.id, eventBookings.eventId))
    .where(own(userId, bookingId));
}

const mine = alias(eventBookings, 'mine');

/**
 * Who sits at the guest's table, once the tables are published: the guest's own row and each
 * tablemate's quiz answers and work, never their names or contacts (the hints count answers,
 * domain/table-talk.ts). No rows before publication or without a table.
 */
function tablematesQuery(d: Db, userId: string, bookingId: string) {
  return d
    .select({
      booking_id: eventBookings.id,
      seats: eventBookings.seats,
      answers: quizResponses.answers,
      work_profile: userProfiles.workProfile,
    })
    .from(mine)
    .innerJoin(booked, and(eq(booked.id, mine.eventId), isNotNull(booked.tablesPublishedAt)))
    .innerJoin(
      eventBookings,
      and(
        eq(eventBookings.eventId, mine.eventId),
        eq(eventBookings.tableNumber, mine.tableNumber),
        inArray(eventBookings.status, [...SEATED_BOOKING_STATUSES]),
      ),
    )
    .leftJoin(quizResponses, eq(quizResponses.userId, eventBookings.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, eventBookings.userId))
    .where(and(eq(mine.id, bookingId), eq(mine.userId, userId)));
}

/**
 * The dinners this booking may move to (SPEC §4 "rescheduling to the next available date … subject
 * to availability"): the other bookable dinners in its city with room for all its seats right now,
 * soonest first. The same conditions the move's conditional UPDATE checks (services/reschedule.ts),
 * so what is offered is what can be taken, bar a dinner filling up in between (409).
 */
function moveOptionsQuery(d: Db, userId: string, bookingId: string, nowIso: string) {
  return d
    .select({ ...moveTargetColumns(nowIso), ...movePriceColumns(bookingId) })
    .from(eventBookings)
    .innerJoin(booked, eq(booked.id, eventBookings.eventId))
    .innerJoin(events, and(eq(events.city, booked.city), ne(events.id, booked.id)))
    .where(
      and(own(userId, bookingId), isBookable(nowIso), sql`${targetSeatsLeftSql(nowIso)} >= ${eventBookings.seats}`),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(MAX_MOVE_OPTIONS);
}

/**
 * The statements of {@link myBookingView}, for a caller that runs them at the end of its own
 * batch (the reschedule answers with the page as it is after the move, in the same round trip).
 */
export function myBookingQueries(d: Db, userId: string, bookingId: string, now: Date) {
  return [
    bookingQuery(d, userId, bookingId),
    moveOptionsQuery(d, userId, bookingId, now.toISOString()),
    tablematesQuery(d, userId, bookingId),
  ] as const;
}

type BookingRows = Awaited<ReturnType<typeof bookingQuery>>;
type OptionRows = Awaited<ReturnType<typeof moveOptionsQuery>>;
type MateRows = Awaited<ReturnType<typeof tablematesQuery>>;

/**
 * The guest's table once published: its number and three to five anonymous hints about the
 * others at it (the guest's own party partner, who has no quiz, is not among them).
 */
function tableOf(
  booking: { id: string; status: BookingStatus },
  tableNumber: number | null,
  publishedAt: string | null,
  mates: MateRows,
) {
  // A refunded or no-show booking has no seat to go to, whatever number it kept.
  if (!publishedAt || tableNumber === null || !(SEATED_BOOKING_STATUSES as readonly string[]).includes(booking.status))
    return null;
  const bookingId = booking.id;
  const talker = (m: MateRows[number]) => ({ ...quizTraits(m.answers), workProfile: m.work_profile });
  const self = mates.find((m) => m.booking_id === bookingId);
  const rest = mates.filter((m) => m.booking_id !== bookingId);
  const people = rest.reduce((n, m) => n + Number(m.seats), 0);
  return {
    number: tableNumber,
    hints: tableHints(self ? talker(self) : { ...quizTraits(null), workProfile: null }, rest.map(talker), people),
  };
}

/** Why a booking cannot be moved now, in the guest's words, or null when it can. */
function rescheduleRefusal(
  status: string,
  event: { starts_at: string; cancelled_at: string | null },
  moveCount: number,
  now: Date,
) {
  if (status !== 'confirmed') return MY_BOOKING_COPY.rescheduleNotConfirmed;
  if (event.cancelled_at) return MY_BOOKING_COPY.rescheduleCancelled;
  if (!canReschedule(event.starts_at, now)) return MY_BOOKING_COPY.rescheduleClosed;
  if (moveCount >= MAX_MOVES_PER_BOOKING) return LEDGER_COPY.moveLimit;
  return null;
}

/** Shapes the rows of {@link myBookingQueries} into the wire answer, or null when there is no such booking of this guest's. */
export function toMyBookingView([rows, options, mates]: readonly [BookingRows, OptionRows, MateRows], now: Date) {
  const row = rows[0];
  if (!row) return null;
  const { booking, event } = row;
  const state = bookingState({
    status: booking.status,
    cancelled_at: event.cancelled_at,
    cancellation_choice: row.cancellationChoice,
    amount: booking.amount,
  });
  const revealed = isVenueRevealed(event.starts_at, now);
  const refusal = rescheduleRefusal(booking.status, event, row.moveCount, now);
  const moveOptions =
    booking.status === 'confirmed'
      ? coveredTargets(options).map((o) => ({ ...o, seats_left: Number(o.seats_left) }))
      : [];
  return {
    booking,
    /**
     * The booking's state in words and colour (domain/booking-state.ts), and whether it holds a seat
     * (`seated`): only then does the page show the ticket's QR and 'Add to calendar'.
     */
    state,
    /** `time`: the dinner's own hours (its stored start and end), as the page shows them. */
    event: { ...event, time: dinnerHours(event.starts_at, event.ends_at) },
    /** The venue from 48 hours before the start (SPEC §1); before that only when it will be revealed. */
    venue: {
      revealed,
      reveals_at: venueRevealAt(event.starts_at),
      name: revealed ? row.venueName : null,
      address: revealed ? row.venueAddress : null,
    },
    /** The guest's table once the tables are published, with anonymous hints; null until then. */
    table: tableOf(booking, row.tableNumber, row.tablesPublishedAt, mates),
    /**
     * What the QR code carries and a host types: random, never derived from the booking id. Null
     * while the booking holds no seat (a cancelled dinner, a refund, a release): nothing to show a host.
     */
    ticket: { code: state.seated ? row.ticketCode : null, label: TICKET_LABELS[booking.ticket_type] },
    reschedule: {
      allowed: refusal === null,
      /** Until when (exclusive) it may move: 48 hours before the booked dinner. */
      until: rescheduleUntil(event.starts_at),
      /** Why not, when it may not (the policy's words). */
      refusal,
      /**
       * The dinners it may move to right now (empty when none has room or the booking is not
       * confirmed): the reschedule offers them while `allowed`; a move after we cancelled the dinner
       * may offer them too.
       */
      options: moveOptions,
      rescheduled_from: row.rescheduledFrom,
      rescheduled_at: row.rescheduledAt,
    },
    /**
     * "Can't make it" (docs/decisions/027): `reschedule` while a free move is the answer, `open`
     * until the start, `released` once said; the credit is `pending` until the seats are sold again.
     */
    release: releaseOf(booking.status, event, row, now),
    /** "Still coming?": asked from 24 hours before the start; the guest's yes, if given. */
    attendance: (({ asked, confirmed_at }) => ({
      asked: asked && booking.status === 'confirmed' && !event.cancelled_at,
      confirmed_at,
    }))(attendanceOf(row.attendanceConfirmedAt, event.starts_at, now)),
  };
}

function releaseOf(
  status: BookingStatus,
  event: { starts_at: string; cancelled_at: string | null },
  row: { paidInAll: number; creditGranted: number | null; releasedAt: string | null; moveCount: number },
  now: Date,
) {
  if (status === 'released') {
    const granted = row.creditGranted !== null;
    const over = event.starts_at <= now.toISOString();
    return {
      state: 'released' as const,
      released_at: row.releasedAt,
      credit: {
        status: granted ? ('granted' as const) : over ? ('none' as const) : ('pending' as const),
        amount: granted ? Number(row.creditGranted) : Number(row.paidInAll),
      },
    };
  }
  const state =
    status !== 'confirmed' || event.cancelled_at
      ? 'closed'
      : releaseState(event.starts_at, now, row.moveCount < MAX_MOVES_PER_BOOKING);
  return { state, released_at: null, credit: null };
}
export type MyBookingView = NonNullable<ReturnType<typeof toMyBookingView>>;

/** `GET /api/bookings/:id`: the guest's own booking, or null (unknown, or another guest's). */
export async function myBookingView(d: Db, userId: string, bookingId: string, now = new Date()) {
  return toMyBookingView(await d.batch(myBookingQueries(d, userId, bookingId, now)), now);
}
