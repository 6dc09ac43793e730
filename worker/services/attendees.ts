/**
 * A dinner's guest list for the operator console (DESIGN.md "Operating the product"): every
 * booking of that dinner, whatever its status, with whom to call; `table` is where the matching (or
 * the operator) seated them, published or not (services/tables.ts); `checked_in` is read from the booking's own status (a host's
 * check-in moves it to `checked_in`, worker/services/host-night.ts) and `checked_in_at` is when.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventBookings, events, userProfiles, users } from '../../db/schema';
import { TICKET_LABELS } from '@domain/pricing';
import { bookingState } from '@domain/booking-state';
import { refundFailedSql } from './ledger/cancelled-refunds';
import { toGuestContact } from './guests';
import { dinnerColumns } from './events';

/** The CSV's columns, in order, as an operator reads them. */
export const ATTENDEE_CSV_HEADER = [
  'Name',
  'Phone',
  'Email',
  'Second guest',
  'Second guest phone',
  'Ticket',
  'Seats',
  'Amount (INR)',
  'Status',
  'Table',
  'Checked in',
  'Booking ID',
  'Booked at',
] as const;

/**
 * The dinner and its bookings, oldest booking first; `q` keeps those whose name, email or phone
 * contains it (case-insensitive; for a phone, its digits are compared, so "98765 43210" finds
 * +919876543210). Null when no dinner has this id. One round trip (a batch of two reads): the
 * search runs here, not in SQL, because contact details are read through the product's phone rule
 * ({@link toGuestContact}) and names may be any script, which SQLite's LOWER() does not fold; a
 * dinner's bookings are bounded by its capacity.
 */
export async function listAttendees(d: Db, eventId: string, q?: string) {
  const [[found], rows] = await d.batch([
    d
      .select({
        ...dinnerColumns,
        available: events.available,
        // Read for the bookings' state only (the console's dinner page has its own).
        cancelledAt: sql<string | null>`${events.cancelledAt}`.as('cancelled_at'),
      })
      .from(events)
      .where(eq(events.id, eventId)),
    d
      .select({
        id: eventBookings.id,
        ticketType: eventBookings.ticketType,
        seats: eventBookings.seats,
        partyName: eventBookings.partyName,
        partyPhone: eventBookings.partyPhone,
        amount: eventBookings.amount,
        status: eventBookings.status,
        checkedInAt: eventBookings.checkedInAt,
        tableNumber: eventBookings.tableNumber,
        bookingDate: eventBookings.bookingDate,
        cancellationChoice: eventBookings.cancellationChoice,
        refundFailed: sql<number>`${refundFailedSql}`.as('refund_failed'),
        // Aliased: in a D1 batch, drizzle reads rows by column name, so the two tables'
        // `full_name`, `email` and `phone` would overwrite each other.
        accountName: sql<string | null>`${users.fullName}`.as('account_name'),
        fullName: sql<string | null>`${userProfiles.fullName}`.as('profile_name'),
        profileEmail: sql<string | null>`${userProfiles.email}`.as('profile_email'),
        profileEmailVerifiedAt: sql<string | null>`${userProfiles.emailVerifiedAt}`.as('profile_email_verified_at'),
        profilePhone: sql<string | null>`${userProfiles.phoneNumber}`.as('profile_phone'),
        accountEmail: sql<string | null>`${users.email}`.as('account_email'),
        accountPhone: sql<string | null>`${users.phone}`.as('account_phone'),
      })
      .from(eventBookings)
      .innerJoin(users, eq(users.id, eventBookings.userId))
      .leftJoin(userProfiles, eq(userProfiles.userId, eventBookings.userId))
      .where(eq(eventBookings.eventId, eventId))
      .orderBy(asc(eventBookings.bookingDate), asc(eventBookings.id)),
  ]);
  if (!found) return null;
  const { cancelledAt, ...event } = found;

  const all = rows.map((row) => {
    const contact = toGuestContact(row);
    return {
      booking_id: row.id,
      name: contact.fullName || row.accountName?.trim() || '',
      phone: contact.phone,
      email: contact.email,
      /** A couple's or female duo's second guest: first name and phone (E.164, optional); null on a single ticket. */
      party_name: row.partyName,
      party_phone: row.partyPhone,
      ticket_type: row.ticketType,
      ticket_label: TICKET_LABELS[row.ticketType],
      seats: row.seats,
      amount: row.amount,
      status: row.status,
      /** The booking's state in words and colour (domain/booking-state.ts), as the guest reads it too. */
      state: bookingState({
        status: row.status,
        cancelled_at: cancelledAt,
        cancellation_choice: row.cancellationChoice,
        amount: row.amount,
      }),
      /** Razorpay reported the refund of this `refund_pending` booking failed: a person must pay it back. */
      refund_failed: row.status === 'refund_pending' && Boolean(Number(row.refundFailed)),
      /** The guest's table (the operator sees the draft before it is published), null before seating. */
      table: row.tableNumber,
      checked_in: row.status === 'checked_in',
      /** When a host checked the guest in (null before, and for bookings from before check-in existed). */
      checked_in_at: row.checkedInAt,
      booked_at: row.bookingDate,
    };
  });
  const attendees = all.filter(matches(q));
  return {
    event,
    attendees,
    /** Bookings of the dinner before the search. */
    total: all.length,
    /** Seats of the bookings listed. */
    seats: attendees.reduce((n, a) => n + a.seats, 0),
  };
}
export type Attendees = NonNullable<Awaited<ReturnType<typeof listAttendees>>>;
export type Attendee = Attendees['attendees'][number];

/** The search: every attendee when `q` is blank. */
function matches(q: string | undefined) {
  const needle = q?.trim().toLocaleLowerCase() ?? '';
  if (!needle) return () => true;
  const digits = needle.replace(/\D/g, '');
  // A query that is a phone number, perhaps spaced or with +: compare digits only.
  const phoneLike = digits.length >= 3 && /^[\d\s()+-]+$/.test(needle);
  return (a: { name: string; party_name: string | null; email: string | null; phone: string | null }) =>
    a.name.toLocaleLowerCase().includes(needle) ||
    (a.party_name?.toLocaleLowerCase().includes(needle) ?? false) ||
    (a.email?.toLocaleLowerCase().includes(needle) ?? false) ||
    (a.phone !== null && (phoneLike ? a.phone.replace(/\D/g, '').includes(digits) : a.phone.includes(needle)));
}

/** The CSV's records, in {@link ATTENDEE_CSV_HEADER}'s order. */
export function attendeeCsvRows(attendees: readonly Attendee[]) {
  return attendees.map((a) => [
    a.name,
    a.phone,
    a.email,
    a.party_name,
    a.party_phone,
    a.ticket_label,
    a.seats,
    a.amount,
    a.status,
    a.table,
    a.checked_in ? 'yes' : 'no',
    a.booking_id,
    a.booked_at,
  ]);
}
