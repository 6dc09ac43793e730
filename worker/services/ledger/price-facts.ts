/**
 * What the domain's price rule (`priceAt`, domain/ledger-rules.ts) needs from D1: a dinner's prices
 * and the coupon an order redeemed, selected the same way wherever a price is judged (a late
 * payment, a move, the dinners a booking may move to).
 */
import { coupons, events } from '../../../db/schema';
import { parseTicketTypes } from '../../domain/coupon';
import type { RedeemedCoupon } from '../../domain/ledger-rules';
import type { CouponKind } from '../../domain/pricing';

/** The `events` row's id and prices, as `priceAt` takes a dinner. */
export const dinnerPriceColumns = {
  id: events.id,
  ticketPriceSingle: events.ticketPriceSingle,
  ticketPriceCouple: events.ticketPriceCouple,
  ticketPriceGroup: events.ticketPriceGroup,
};

/** The joined `coupons` row (null columns when the order redeemed none). */
export const redeemedCouponColumns = {
  kind: coupons.kind,
  value: coupons.value,
  ticketTypes: coupons.ticketTypes,
  eventId: coupons.eventId,
};

/** The coupon columns of a row as the price rule takes them, or null when the order redeemed none. */
export const redeemedCoupon = (
  c: { kind: CouponKind | null; value: number | null; ticketTypes: string | null; eventId: string | null } | null,
): RedeemedCoupon | null =>
  c?.kind != null && c.value != null
    ? { kind: c.kind, value: c.value, ticketTypes: parseTicketTypes(c.ticketTypes), eventId: c.eventId }
    : null;
