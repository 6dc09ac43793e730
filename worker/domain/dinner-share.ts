/**
 * 'Share my dinner' (issue 21): a guest gives someone they trust a link to their dinner's date,
 * hours and venue (once revealed, by the same rule as My Booking), and nothing about the other
 * guests. The rules of when a link may be made and when it answers live here, once, for the
 * service that enforces them and the page that explains them.
 */
import { type BookingStatus, SEATED_BOOKING_STATUSES } from './statuses';
import { istDate, istToUtc, todayIst } from './time';

/** Random bytes in a share token: 256 bits, base64url (43 characters), never derived from an id. */
export const SHARE_TOKEN_BYTES = 32;
const SHARE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A string shaped like a share token; anything else is answered as an unknown link without a read. */
export const isShareToken = (s: string) => SHARE_TOKEN.test(s);

/** The public page of a share token, e.g. '/shared/3q2-…'. */
export const sharePath = (token: string) => `/shared/${token}`;

/**
 * The public view's allowance per client address: a contact opening and refreshing the page now
 * and then stays far below it; a script walking tokens does not get far.
 */
export const SHARE_VIEW_LIMITS = [
  { windowS: 60, max: 30 },
  { windowS: 3600, max: 300 },
] as const;

/** Links a guest may create per hour (create and turn off, again and again, is not a use). */
export const SHARE_CREATE_LIMITS = [{ windowS: 3600, max: 30 }] as const;

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * Until when (exclusive) a link answers: the end of the day after the dinner ends, in IST. A trusted
 * contact checks in during the evening and the morning after ("did you get home?"); after that the
 * time and place of a past dinner are only a record of where the guest was, which nobody needs.
 * @example shareOpenUntil('2026-11-28T16:30:00.000Z') // '2026-11-29T18:30:00.000Z' (midnight IST ending Sunday 29th)
 */
export function shareOpenUntil(endsAt: string): string {
  return istToUtc(addDays(istDate(endsAt), 2), '00:00');
}

/** What the rules read of a booking and its dinner. */
export type ShareBooking = {
  status: BookingStatus;
  /** When we cancelled the dinner; null while it goes ahead. */
  cancelled_at: string | null;
  /** The dinner's IST calendar date (yyyy-MM-dd). */
  date: string;
  ends_at: string;
};

const seated = (status: BookingStatus) => (SEATED_BOOKING_STATUSES as readonly string[]).includes(status);

/** Why a booking cannot be shared now, or null when it can. */
export type ShareRefusal = 'not_seated' | 'dinner_cancelled' | 'over';

/**
 * Whether a link may be created for this booking now: it holds a seat at a dinner going ahead,
 * today or later (IST), or still under way.
 * @example shareRefusal({ status: 'released', cancelled_at: null, date: '2030-01-05', ends_at: '…' }, now) // 'not_seated'
 */
export function shareRefusal(b: ShareBooking, now: Date): ShareRefusal | null {
  if (b.cancelled_at) return 'dinner_cancelled';
  if (!seated(b.status)) return 'not_seated';
  if (b.date < todayIst(now) && now.toISOString() >= b.ends_at) return 'over';
  return null;
}

/** Why a link that exists and was not turned off shows nothing, or null while it answers. */
export type ShareEnded = 'dinner_cancelled' | 'booking_ended' | 'expired';

/**
 * Whether an active (not turned off) link still answers: the dinner goes ahead, the booking holds
 * its seat, and it is before {@link shareOpenUntil}. A cancelled dinner is named first: it is the
 * truest thing to tell a contact, whatever became of the booking after it.
 */
export function shareEnded(b: ShareBooking, now: Date): ShareEnded | null {
  if (b.cancelled_at) return 'dinner_cancelled';
  if (!seated(b.status)) return 'booking_ended';
  if (now.toISOString() >= shareOpenUntil(b.ends_at)) return 'expired';
  return null;
}
