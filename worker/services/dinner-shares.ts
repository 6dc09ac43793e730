/**
 * 'Share my dinner' (issue 21, `dinner_shares`): the one module that reads and writes the table.
 * The guest's side (`GET/POST/DELETE /api/bookings/:id/share`) finds a booking only by its id *and*
 * the guest, so another guest's booking reads exactly like an unknown one (404). The public side
 * (`GET /api/shared/:token`) answers the dinner's date, hours and venue (revealed by My Booking's
 * own rule), the sharer's first name and nothing else: no table, no tablemate, no ticket code, no
 * contact, no id but the dinner's.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dinnerShares, eventBookings, events, rateEvents, userProfiles, users } from '../../db/schema';
import { DINNER_SHARE_COPY } from '@domain/copy-dinner-share';
import { venueRevealAt } from '@domain/dinner';
import {
  isShareToken,
  SHARE_TOKEN_BYTES,
  SHARE_VIEW_LIMITS,
  type ShareBooking,
  shareEnded,
  shareOpenUntil,
  sharePath,
  shareRefusal,
} from '@domain/dinner-share';
import { firstNameOf } from '@domain/first-name';
import { dinnerHours, isVenueRevealed } from '@domain/time';
import { ApiError } from '../lib/errors';
import { randomToken } from '../lib/crypto';
import { rateLimited, roomSql } from './rate-limit';

const C = DINNER_SHARE_COPY;
const bookingNotFound = () => new ApiError(404, 'booking_not_found', C.bookingNotFound);

/** The guest's own booking `bookingId`, with what the rules read of its dinner: one row or none. */
function ownBookingQuery(d: Db, userId: string, bookingId: string) {
  return d
    .select({
      status: eventBookings.status,
      cancelled_at: events.cancelledAt,
      date: events.date,
      ends_at: events.endsAt,
    })
    .from(eventBookings)
    .innerJoin(events, eq(events.id, eventBookings.eventId))
    .where(and(eq(eventBookings.id, bookingId), eq(eventBookings.userId, userId)));
}

/** The booking's link that has not been turned off (at most one: {@link createShare} sees to it). */
function activeShareQuery(d: Db, userId: string, bookingId: string) {
  return d
    .select({ token: dinnerShares.token, created_at: dinnerShares.createdAt })
    .from(dinnerShares)
    .where(and(eq(dinnerShares.bookingId, bookingId), eq(dinnerShares.userId, userId), isNull(dinnerShares.revokedAt)))
    .orderBy(desc(dinnerShares.createdAt))
    .limit(1);
}

type ShareRow = { token: string; created_at: string };

/** The guest's side on the wire: the active link (or null), and whether one may be created now. */
function ownerView(booking: ShareBooking, share: ShareRow | undefined, now: Date) {
  const refusal = shareRefusal(booking, now);
  const ended = share ? shareEnded(booking, now) : null;
  return {
    share: share
      ? {
          token: share.token,
          /** The public page; the browser puts its own origin in front. */
          path: sharePath(share.token),
          created_at: share.created_at,
          /** Until when (exclusive) it answers, unless turned off first: the end of the day after the dinner. */
          open_until: shareOpenUntil(booking.ends_at),
          /** False once the booking or the dinner changed so that the link shows 'no longer active'. */
          live: ended === null,
        }
      : null,
    /** Whether a link may be created now (an active one is returned as it is). */
    can_share: refusal === null,
    /** Why not, in the guest's words, when it may not. */
    refusal: refusal ? C.refusal[refusal] : null,
  };
}
export type DinnerShareOwnerView = ReturnType<typeof ownerView>;

/** `GET /api/bookings/:id/share`: the active link or none. 404 for another guest's booking. */
export async function getOwnShare(d: Db, userId: string, bookingId: string, now = new Date()) {
  const [[booking], [share]] = await d.batch([
    ownBookingQuery(d, userId, bookingId),
    activeShareQuery(d, userId, bookingId),
  ]);
  if (!booking) throw bookingNotFound();
  return ownerView(booking, share, now);
}

/**
 * `POST /api/bookings/:id/share`: creates the link, or answers the active one (idempotent: two
 * clicks, or two tabs at once, end with one link). Only for the guest's own booking that holds a
 * seat at a dinner going ahead today or later; otherwise 409 with the reason in words.
 * @returns the owner's view, and whether this call created the link
 */
export async function createShare(d: Db, userId: string, bookingId: string, now = new Date()) {
  const [[booking], [existing]] = await d.batch([
    ownBookingQuery(d, userId, bookingId),
    activeShareQuery(d, userId, bookingId),
  ]);
  if (!booking) throw bookingNotFound();
  const refusal = shareRefusal(booking, now);
  if (refusal) throw new ApiError(409, 'share_unavailable', C.refusal[refusal]);
  if (existing) return { view: ownerView(booking, existing, now), created: false };

  // One statement decides: the booking is still this guest's and no link is active. A second
  // request racing this one finds the first's row and inserts nothing; both then read the same link.
  const token = randomToken(SHARE_TOKEN_BYTES);
  const [inserted, [share]] = await d.batch([
    d
      .insert(dinnerShares)
      .select(
        sql`SELECT ${token}, id, user_id, ${now.toISOString()}, NULL FROM event_bookings
          WHERE id = ${bookingId} AND user_id = ${userId}
            AND NOT EXISTS (SELECT 1 FROM dinner_shares WHERE booking_id = ${bookingId} AND revoked_at IS NULL)`,
      )
      .returning({ token: dinnerShares.token }),
    activeShareQuery(d, userId, bookingId),
  ]);
  if (!share) throw bookingNotFound();
  return { view: ownerView(booking, share, now), created: inserted.length > 0 };
}

/**
 * `DELETE /api/bookings/:id/share`: turns the active link off (idempotent: none active is fine).
 * Allowed whatever became of the booking; 404 only for another guest's booking.
 */
export async function revokeShare(d: Db, userId: string, bookingId: string, now = new Date()) {
  const [, [booking]] = await d.batch([
    d
      .update(dinnerShares)
      .set({ revokedAt: now.toISOString() })
      .where(
        and(eq(dinnerShares.bookingId, bookingId), eq(dinnerShares.userId, userId), isNull(dinnerShares.revokedAt)),
      ),
    ownBookingQuery(d, userId, bookingId),
  ]);
  if (!booking) throw bookingNotFound();
  return ownerView(booking, undefined, now);
}

/** What a trusted contact sees, and all of it. */
function publicView(
  row: {
    profileName: string | null;
    accountName: string | null;
    title: string;
    location: string;
    date: string;
    starts_at: string;
    ends_at: string;
    venueName: string | null;
    venueAddress: string | null;
  },
  now: Date,
) {
  // My Booking's rule, exactly: from 48 hours before the start (services/my-booking.ts).
  const revealed = isVenueRevealed(row.starts_at, now);
  const name = row.profileName?.trim() ? row.profileName : row.accountName;
  return {
    /** The sharer's first name only (null when none is on file). */
    shared_by: name?.trim() ? firstNameOf(name) : null,
    dinner: {
      title: row.title,
      /** The city, as the dinner's page names it. */
      location: row.location,
      date: row.date,
      starts_at: row.starts_at,
      ends_at: row.ends_at,
      /** The dinner's own hours, as My Booking shows them. */
      time: dinnerHours(row.starts_at, row.ends_at),
    },
    venue: {
      revealed,
      reveals_at: venueRevealAt(row.starts_at),
      name: revealed ? row.venueName : null,
      address: revealed ? row.venueAddress : null,
    },
    /** Until when (exclusive) the link answers, unless the guest turns it off first. */
    open_until: shareOpenUntil(row.ends_at),
  };
}
export type SharedDinnerView = ReturnType<typeof publicView>;

/**
 * `GET /api/shared/:token`, no sign-in: the shared dinner, or 404 with the reason in words. An
 * unknown token and one turned off answer alike; a link whose dinner was cancelled, whose booking
 * no longer holds a seat, or that has closed after the dinner says which.
 *
 * One round trip, as a public read should cost (docs/decisions/008): the address's allowance
 * ({@link SHARE_VIEW_LIMITS}, 429 past it) is recorded and the link read in one batch. The batch
 * writes, so it runs on the primary: a link turned off a moment ago never shows from a replica.
 * @param address the client's address (`CF-Connecting-IP`), whose allowance the view spends
 */
export async function sharedDinner(
  d: Db,
  { token, address }: { token: string; address: string },
  now = new Date(),
): Promise<SharedDinnerView> {
  const key = `dinner-share-view:ip:${address}`;
  const at = now.getTime();
  const [recorded, [row]] = await d.batch([
    d
      .insert(rateEvents)
      .select(sql`SELECT NULL, ${key}, ${now.toISOString()} WHERE ${roomSql(key, SHARE_VIEW_LIMITS, at)}`)
      .returning({ id: rateEvents.id }),
    d
      .select({
        revokedAt: dinnerShares.revokedAt,
        status: eventBookings.status,
        cancelled_at: events.cancelledAt,
        profileName: userProfiles.fullName,
        // Named apart from the profile's `full_name`: drizzle's D1 batch reads rows by column name,
        // and two columns of one name would shift every value after them (as in my-booking.ts).
        accountName: sql<string | null>`${users.fullName}`.as('account_name'),
        title: events.title,
        location: events.location,
        date: events.date,
        starts_at: events.startsAt,
        ends_at: events.endsAt,
        venueName: events.venueName,
        venueAddress: events.venueAddress,
      })
      .from(dinnerShares)
      // The booking must still be the sharer's: a link never follows a booking to anyone else.
      .innerJoin(
        eventBookings,
        and(eq(eventBookings.id, dinnerShares.bookingId), eq(eventBookings.userId, dinnerShares.userId)),
      )
      .innerJoin(events, eq(events.id, eventBookings.eventId))
      .innerJoin(users, eq(users.id, dinnerShares.userId))
      .leftJoin(userProfiles, eq(userProfiles.userId, dinnerShares.userId))
      // A string that cannot be a token reads nothing, but still spends the allowance.
      .where(eq(dinnerShares.token, isShareToken(token) ? token : '')),
  ]);
  if (recorded.length === 0) throw await rateLimited(d, key, SHARE_VIEW_LIMITS, at);
  if (!row || row.revokedAt) throw new ApiError(404, 'share_not_found', `${C.inactive.title}. ${C.inactive.not_found}`);
  const ended = shareEnded(row, now);
  if (ended) throw new ApiError(404, `share_${ended}`, `${C.inactive.title}. ${C.inactive[ended]}`);
  return publicView(row, now);
}
