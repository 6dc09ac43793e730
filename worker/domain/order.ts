/**
 * What a guest sends to book (`POST /api/orders`) and the rules of a party's second guest (issue 14
 * "Booking on a phone"). A couple or a female duo is one purchase for two guests: hosts and the table
 * matching need to know who the second one is, so those tickets carry the second guest's first name
 * (required) and phone (optional, the product's one phone rule, stored as E.164). A single ticket is
 * one guest and carries neither. The browser's form and the API apply this very schema.
 */
import * as v from 'valibot';
import { COPY } from './copy';
import { BOOKING_COPY } from './copy-booking';
import { PhoneSchema } from './phone';
import { TICKET_SEATS, TICKET_TYPES, type TicketType } from './pricing';

/** Longest second-guest first name we keep (a first name, not a life story). */
export const PARTY_NAME_MAX = 40;

/** Letters of any script (with their combining marks), joined by single spaces, apostrophes, dots or hyphens. */
const FIRST_NAME = /^[\p{L}\p{M}]+(?:[ '’.-]{1,2}[\p{L}\p{M}]+)*\.?$/u;

/** Whether a ticket of `type` is for two guests (a couple or a female duo), so names a second guest. */
export const isPartyTicket = (type: TicketType) => TICKET_SEATS[type] === 2;

/**
 * The second guest's first name: trimmed, inner spaces collapsed, 2-40 letters (any script). Only
 * letters and the marks names use, so nothing typed here can start a formula in a CSV either.
 * @example v.parse(PartyNameSchema, '  Priya ') // 'Priya'
 */
export const PartyNameSchema = v.pipe(
  v.string(BOOKING_COPY.partyNameRequired),
  v.trim(),
  v.transform((s) => s.replace(/\s+/g, ' ')),
  v.minLength(1, BOOKING_COPY.partyNameRequired),
  v.minLength(2, BOOKING_COPY.partyNameInvalid),
  v.maxLength(PARTY_NAME_MAX, BOOKING_COPY.partyNameInvalid),
  v.regex(FIRST_NAME, BOOKING_COPY.partyNameInvalid),
);

/**
 * The second guest's phone, optional: blank is no phone (null); anything else must pass the
 * product's phone rule (worker/domain/phone.ts) and leaves as E.164.
 * @example v.parse(PartyPhoneSchema, '') // null
 * @example v.parse(PartyPhoneSchema, '98765 43210') // '+919876543210'
 */
export const PartyPhoneSchema = v.pipe(
  v.nullable(v.string(COPY.auth.phone)),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const typed = dataset.value?.trim() ?? '';
    if (typed === '') return null;
    const parsed = v.safeParse(PhoneSchema, typed);
    if (!parsed.success) {
      addIssue({ message: COPY.auth.phone });
      return NEVER;
    }
    return parsed.output;
  }),
);

/**
 * `POST /api/orders`'s body. Only these fields are read: a client-sent amount, price, user id or
 * status is simply ignored. A couple or female-duo ticket must name its second guest; a single
 * ticket naming one is refused (400 on `party_name`), so what the host sees is what was bought.
 */
export const OrderRequestSchema = v.pipe(
  v.object({
    event_id: v.pipe(
      v.string(COPY.booking.chooseEvent),
      v.trim(),
      v.minLength(1, COPY.booking.chooseEvent),
      v.maxLength(100, COPY.booking.chooseEvent),
    ),
    ticket_type: v.picklist(TICKET_TYPES, COPY.booking.selectTicket),
    coupon: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40, COPY.booking.invalidCoupon))),
    party_name: v.optional(v.nullable(PartyNameSchema)),
    party_phone: v.optional(PartyPhoneSchema),
    /** Pay with credit first (issue 20): the server decides how much, from the balance. */
    use_credit: v.optional(v.boolean()),
  }),
  v.forward(
    v.check((o) => !isPartyTicket(o.ticket_type) || Boolean(o.party_name), BOOKING_COPY.partyNameRequired),
    ['party_name'],
  ),
  v.forward(
    v.check(
      (o) => isPartyTicket(o.ticket_type) || (o.party_name == null && o.party_phone == null),
      BOOKING_COPY.partyOnSingleTicket,
    ),
    ['party_name'],
  ),
);
export type OrderRequest = v.InferOutput<typeof OrderRequestSchema>;
