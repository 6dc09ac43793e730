/**
 * Coupons (DESIGN.md "Operating the product", docs/decisions/015): the shape the console writes
 * (`POST /api/admin/coupons`, `PATCH /api/admin/coupons/:code`) and what a coupon does to a
 * ticket. The console's form parses with the same schemas before it sends, so the browser and the
 * API never disagree on what is valid. What a coupon takes off a price is pricing.ts's
 * {@link discountedPrice}; this module says which tickets it applies to.
 *
 * Whether a coupon is still usable (active, not expired, for this dinner, under its cap) is also
 * one SQL predicate in worker/services/coupons.ts: the cap depends on every order, so it can only
 * be judged atomically in the statement that holds the seats.
 */
import * as v from 'valibot';
import { CONSOLE_COPY } from './copy-console';
import {
  COUPON_KINDS,
  type CouponKind,
  type CouponTerms,
  discountedPrice,
  type PricedEvent,
  priceFor,
  TICKET_TYPES,
  type TicketType,
} from './pricing';

const C = CONSOLE_COPY.coupon;

/**
 * Coupon codes are case-insensitive: stored, compared and shown upper-cased.
 * @example couponKey(' welcome-10 ') // 'WELCOME-10'
 */
export const couponKey = (code: string) => code.trim().toUpperCase();

/** A code once upper-cased: letters, digits and dashes, starting with a letter or digit. */
export const COUPON_CODE = /^[A-Z0-9][A-Z0-9-]{2,31}$/;
/** The largest fixed discount and usage cap the console accepts (a typo guard, not a business rule). */
export const MAX_FIXED_RUPEES = 100_000;
export const MAX_REDEMPTIONS = 100_000;
/** A dinner's id as the console sends it (ids are slugs or UUIDs). */
const EVENT_ID = /^[\w-]{1,100}$/;

const wholeNumber = (max: number, message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(max, message));

/**
 * Ticket types as stored: each once, in the booking dialog's order.
 * @example normaliseTicketTypes(['couple', 'male', 'couple']) // ['male', 'couple']
 */
export const normaliseTicketTypes = (types: readonly TicketType[]): TicketType[] =>
  TICKET_TYPES.filter((t) => types.includes(t));

/** Every field of a coupon the console may set, each on its own (cross-field rules below). */
export const couponFields = {
  code: v.pipe(v.string(C.codeInvalid), v.transform(couponKey), v.regex(COUPON_CODE, C.codeInvalid)),
  kind: v.picklist(COUPON_KINDS, C.kindInvalid),
  /** Percent off (1-100) or whole rupees off, by `kind`. */
  value: wholeNumber(MAX_FIXED_RUPEES, C.valueInvalid),
  /** The tickets it applies to; null (or left out) for every ticket. */
  ticket_types: v.nullable(
    v.pipe(
      v.array(v.picklist(TICKET_TYPES, C.ticketTypesInvalid), C.ticketTypesInvalid),
      v.minLength(1, C.ticketTypesInvalid),
      v.transform((types) => normaliseTicketTypes(types)),
    ),
  ),
  /** The one dinner it is for; null for every dinner. */
  event_id: v.nullable(v.pipe(v.string(C.eventInvalid), v.trim(), v.regex(EVENT_ID, C.eventInvalid))),
  /** How many orders may hold it at once (paid or holding seats); null for no cap. */
  max_redemptions: v.nullable(wholeNumber(MAX_REDEMPTIONS, C.maxRedemptionsInvalid)),
  /** When it stops working (UTC ISO-8601, any offset accepted); null for never. */
  expires_at: v.nullable(
    v.pipe(
      v.string(C.expiresAtInvalid),
      v.isoTimestamp(C.expiresAtInvalid),
      v.transform((s) => new Date(s).toISOString()),
    ),
  ),
  active: v.boolean(C.activeInvalid),
};

const percentInRange = (x: { kind?: CouponKind; value?: number }) =>
  x.kind !== 'percent' || x.value === undefined || x.value <= 100;

const f = couponFields;

/** `POST /api/admin/coupons`. `active` defaults to true; the expiry must be ahead ({@link expiryError}). */
export const NewCoupon = v.pipe(
  v.strictObject(
    {
      code: f.code,
      kind: f.kind,
      value: f.value,
      ticket_types: v.optional(f.ticket_types, null),
      event_id: v.optional(f.event_id, null),
      max_redemptions: v.optional(f.max_redemptions, null),
      expires_at: v.optional(f.expires_at, null),
      active: v.optional(f.active, true),
    },
    C.couponInvalid,
  ),
  v.forward(
    v.check((x) => percentInRange(x), C.percentRange),
    ['value'],
  ),
);
export type NewCouponInput = v.InferOutput<typeof NewCoupon>;

/**
 * `PATCH /api/admin/coupons/:code`: any field but the code (orders name their coupon by it). A
 * percent value is checked against the kind it will have, in the update itself when the kind is
 * not sent (worker/services/coupons.ts).
 */
export const CouponPatch = v.pipe(
  v.strictObject(
    {
      kind: v.optional(f.kind),
      value: v.optional(f.value),
      ticket_types: v.optional(f.ticket_types),
      event_id: v.optional(f.event_id),
      max_redemptions: v.optional(f.max_redemptions),
      expires_at: v.optional(f.expires_at),
      active: v.optional(f.active),
    },
    C.couponInvalid,
  ),
  v.check((x) => Object.keys(x).length > 0, C.nothingToChange),
  v.forward(
    v.check((x) => percentInRange(x), C.percentRange),
    ['value'],
  ),
);
export type CouponPatchInput = v.InferOutput<typeof CouponPatch>;

/**
 * The message for an expiry that is not ahead of `now`, or null. An expiry is set to end a coupon
 * later; to stop one now, the console switches it off.
 */
export function expiryError(expiresAt: string | null | undefined, now: Date): string | null {
  if (expiresAt === null || expiresAt === undefined) return null;
  return new Date(expiresAt).getTime() > now.getTime() ? null : C.expiresInPast;
}

/** The ticket types a coupon applies to as stored (`coupons.ticket_types`, JSON), or null for all. */
export function parseTicketTypes(stored: string | null): TicketType[] | null {
  if (stored === null) return null;
  const parsed: unknown = JSON.parse(stored);
  return Array.isArray(parsed) ? normaliseTicketTypes(parsed as TicketType[]) : null;
}

/** Whether a coupon limited to `ticketTypes` (null: every ticket) applies to a `type` ticket. */
export const couponAppliesTo = (ticketTypes: readonly TicketType[] | null, type: TicketType) =>
  ticketTypes === null || ticketTypes.includes(type);

/** A coupon as far as the price goes. */
export type CouponRule = CouponTerms & { ticketTypes: readonly TicketType[] | null };

/**
 * What the guest pays for one ticket with the coupon, or null when it does not apply to that
 * ticket. The one computation both the order (which charges it) and the coupon box (which shows
 * it) use, both on the server.
 * @example chargedPrice(event, 'male', { kind: 'percent', value: 20, ticketTypes: null }) // 399 for ₹499
 */
export function chargedPrice(event: PricedEvent, type: TicketType, coupon: CouponRule): number | null {
  return couponAppliesTo(coupon.ticketTypes, type) ? discountedPrice(priceFor(event, type), coupon) : null;
}

/**
 * Every ticket type's price and its price with the coupon (null where it does not apply), as
 * `POST /api/coupons/validate` answers it.
 */
export function couponPrices(event: PricedEvent, coupon: CouponRule) {
  return TICKET_TYPES.map((type) => ({
    type,
    price: priceFor(event, type),
    discounted_price: chargedPrice(event, type, coupon),
  }));
}
