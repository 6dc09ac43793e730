/**
 * The ledger of seats and money (issue 19, docs/decisions/024-one-ledger.md), as data: every
 * transition of an order and of its booking, the statuses it moves between and the conditions it
 * requires. worker/services/ledger/ is the only code that writes `payment_orders` and
 * `event_bookings` (test/worker/ledger-boundary.test.ts); each of its writes is one conditional
 * statement (or batch) whose WHERE is built from the transition named here — its `from` statuses
 * and one SQL guard per condition (worker/services/ledger/guards.ts) — so a late or alternate path
 * cannot skip a rule another path keeps.
 */
import type { BookingStatus, OrderStatus } from './statuses';

/** What a transition may require; each has exactly one SQL guard in the ledger. */
export const LEDGER_CONDITIONS = {
  owns_seats: 'The order holds its seats: paid or confirmed, a live hold, or a capture reported inside the hold.',
  seat_free: "The dinner has room for all the order's seats right now.",
  dinner_open:
    'The dinner is on sale: available, not cancelled, not started. A payment is judged when the ledger books it (the queue does within seconds), never by an earlier report.',
  dinner_not_cancelled: 'The dinner was not cancelled by us.',
  coupon_countable:
    "The order's coupon, if any, is still usable on this dinner (active, not expired, in scope) and under its cap.",
  price_covered: "What was paid covers the dinner's price for the ticket, with the coupon's own scope applied.",
  not_refund_claimed: "No operator's refund has claimed the order.",
  no_credit_spent:
    'The order spent no credit: credit a lapsed hold gave back may be spent elsewhere by now, so its late payment is refunded, never booked.',
  account_live:
    "The order's guest has not deleted their account, nor been suspended (issue 21): a payment for a checkout begun before the deletion or the suspension, or paid but not yet booked when it came, is refunded, never booked.",
} as const;
export type LedgerCondition = keyof typeof LEDGER_CONDITIONS;

type OrderTransition = {
  entity: 'order';
  from: readonly OrderStatus[];
  to: OrderStatus;
  requires: readonly LedgerCondition[];
  says: string;
};
type BookingTransition = {
  entity: 'booking';
  from: readonly BookingStatus[];
  to: BookingStatus;
  requires: readonly LedgerCondition[];
  says: string;
};

/**
 * Every transition of the ledger. Checked against the status machines (statuses.ts) by
 * test/worker/ledger-rules.test.ts: each `from → to` is an edge they allow.
 */
export const LEDGER_TRANSITIONS = {
  pay_in_time: {
    entity: 'order',
    from: ['created'],
    to: 'paid',
    requires: ['owns_seats', 'dinner_open', 'not_refund_claimed', 'account_live'],
    says: 'A payment captured while its hold held the seats, before the dinner started, takes them for good.',
  },
  pay_late: {
    entity: 'order',
    from: ['created', 'failed', 'expired'],
    to: 'paid',
    requires: [
      'seat_free',
      'dinner_open',
      'coupon_countable',
      'price_covered',
      'not_refund_claimed',
      'no_credit_spent',
      'account_live',
    ],
    says: 'A payment after the hold ended takes seats only on the terms a new order would: the dinner still on sale with room, the coupon still usable and under its cap, the price still covered.',
  },
  retry_late: {
    entity: 'order',
    from: ['needs_attention'],
    to: 'needs_attention',
    requires: [
      'seat_free',
      'dinner_open',
      'coupon_countable',
      'price_covered',
      'not_refund_claimed',
      'no_credit_spent',
      'account_live',
    ],
    says: 'A flagged order that owned no seat takes one (keeps_seat) on the same terms as a late payment.',
  },
  confirm: {
    entity: 'order',
    from: ['paid'],
    to: 'confirmed',
    requires: ['owns_seats', 'not_refund_claimed', 'account_live'],
    says: 'A paid order that owns its seats gets its one booking, in the same batch, while its guest may still book: one suspended or deleted between the payment and the booking is refunded (refund_unbooked).',
  },
  confirm_flagged: {
    entity: 'order',
    from: ['needs_attention'],
    to: 'confirmed',
    requires: ['owns_seats', 'dinner_open', 'not_refund_claimed', 'account_live'],
    says: 'A flagged order (retried by the cron or a person) is booked only while its dinner is still on sale: it may have waited past the start.',
  },
  refund_unbooked: {
    entity: 'order',
    from: ['created', 'failed', 'expired', 'paid', 'needs_attention'],
    to: 'refunded',
    requires: [],
    says: "A payment that cannot be booked is refunded in full, once, and never over another payment. An order that owns its seats is refunded only when they are worth nothing to it: its dinner cancelled or closed, or its guest's account not live (a paid order, then, too: its booking was not recorded yet).",
  },
  refunded_at_razorpay: {
    entity: 'order',
    from: ['confirmed'],
    to: 'refunded',
    requires: [],
    says: 'A booked payment refunded in full from Razorpay’s dashboard: the order and its booking end refunded, the seats go back.',
  },
  operator_refund: {
    entity: 'order',
    from: ['needs_attention'],
    to: 'refunded',
    requires: [],
    says: 'An operator refunds a flagged order: the order is claimed first, so nothing books it meanwhile.',
  },
  move: {
    entity: 'booking',
    from: ['confirmed'],
    to: 'confirmed',
    requires: ['owns_seats', 'dinner_open', 'seat_free', 'price_covered'],
    says: 'A booking moves to another dinner on sale, with room, whose price for its ticket what was paid covers.',
  },
  choose_refund: {
    entity: 'booking',
    from: ['confirmed', 'checked_in'],
    to: 'refund_pending',
    requires: [],
    says: 'A guest of a dinner we cancelled takes the full refund.',
  },
  refunded: {
    entity: 'booking',
    from: ['refund_pending'],
    to: 'refunded',
    requires: [],
    says: 'Razorpay processed the refund.',
  },
  check_in: {
    entity: 'booking',
    from: ['confirmed'],
    to: 'checked_in',
    requires: ['dinner_not_cancelled'],
    says: 'The host checks the guest in.',
  },
  release: {
    entity: 'booking',
    from: ['confirmed'],
    to: 'released',
    requires: ['owns_seats', 'dinner_open'],
    says: "A guest who can't make it, outside the free-reschedule window and before the start, puts the seats back on sale (the order's `released_at`); credit follows only if they are taken again.",
  },
  erase_release: {
    entity: 'booking',
    from: ['confirmed'],
    to: 'released',
    requires: ['owns_seats', 'dinner_not_cancelled'],
    says: 'A guest who deletes their account gives up each booking at a dinner not yet started, as "can\'t make it" does (the seats back on sale, inside the free-reschedule window too: nobody is left to move it), with no refund (SPEC §9) and no credit (nobody is left to spend it).',
  },
  suspend_refund: {
    entity: 'booking',
    from: ['confirmed'],
    to: 'refund_pending',
    requires: ['owns_seats'],
    says: "A suspended guest's booking at a dinner not yet started is refunded in full (issue 21): the seats go back on sale (the order's `released_at`, as a release does) and the refund is asked of Razorpay off the request, as a cancelled dinner's is; the credit part comes back as credit.",
  },
  no_show: {
    entity: 'booking',
    from: ['confirmed'],
    to: 'no_show',
    requires: ['dinner_not_cancelled'],
    says: 'Sixty minutes after the start a guest not checked in is a no-show.',
  },
} as const satisfies Record<string, OrderTransition | BookingTransition>;
export type LedgerTransition = keyof typeof LEDGER_TRANSITIONS;
