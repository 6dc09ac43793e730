/**
 * The Tablemates data model (SPEC §3 plus what DESIGN.md needs). Times are ISO-8601 UTC text,
 * money is whole rupees, booleans are 0/1 integers. Enumerations are CHECK constraints so a bad
 * value can never reach the table, whatever code path writes it.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CANCELLATION_CHOICES } from '@domain/booking-policy';
import { CITY_STATUSES } from '@domain/city';
import { DELIVERY_STATES } from '@domain/deliveries';
import { GUEST_MESSAGE_KINDS, MESSAGE_CHANNELS } from '@domain/guest-messages';
import { COUPON_KINDS, TICKET_TYPES } from '@domain/pricing';
import { RELATIONSHIP_STATUSES, SEXES, WORK_PROFILES } from '@domain/profile';
import { AUDIT_ACTIONS, ROLES } from '@domain/roles';
import { BOOKING_STATUSES, ORDER_STATUSES } from '@domain/statuses';
import { CREDIT_KINDS } from '@domain/credit';
import { WAITLIST_STATUSES } from '@domain/waitlist';
import { CONSENT_PURPOSES, CONSENT_SOURCES } from '@domain/consent';
import { ERASURE_REASONS } from '@domain/erasure';
import { GRIEVANCE_STATUSES } from '@domain/grievance';
import { INVOICE_KINDS } from '@domain/invoice';
import { SHARE_KINDS, TABLEMATE_VERDICTS } from '@domain/feedback';
import { REPORT_CATEGORIES, REPORT_STATUSES } from '@domain/reports';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const id = () => text('id').primaryKey();
const createdAt = () => text('created_at').notNull().default(now);
/** `'a','b'` for a CHECK … IN (…): the domain's enumerations are the only source of allowed values. */
const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(','));

/** An account. Each way of signing in is an identity column: phone, Google subject, email+password. */
export const users = sqliteTable(
  'users',
  {
    id: id(),
    email: text('email').unique(),
    phone: text('phone').unique(),
    googleSub: text('google_sub').unique(),
    /** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`; iterations stored so they can change. */
    passwordHash: text('password_hash'),
    /**
     * Sign-up metadata (SPEC §3: "Sign-up metadata carries full_name and phone_number"). Kept on
     * the account, not the profile: a profile counts as complete only once the guest saves it.
     */
    fullName: text('full_name'),
    disabledAt: text('disabled_at'),
    /** What the account may do beyond booking (worker/domain/roles.ts); granted by `npm run role`. */
    role: text('role', { enum: ROLES }).notNull().default('guest'),
    createdAt: createdAt(),
    /** The last sign-in or session refresh: 3 years without one and the account is erased (issue 22). */
    lastActiveAt: text('last_active_at'),
    /** When the 48-hour notice before an inactive account's erasure went out; cleared by a visit. */
    inactivityNoticeAt: text('inactivity_notice_at'),
    /** Set when the account was erased: every identity and name is gone; what tax law keeps points here. */
    erasedAt: text('erased_at'),
    /**
     * When an operator suspended the account (issue 21): no new bookings or waitlist places; its
     * future bookings were refunded in full. Cleared when the suspension is lifted.
     */
    suspendedAt: text('suspended_at'),
  },
  (t) => [check('users_role_chk', sql`${t.role} IN (${sqlList(ROLES)})`)],
);

/** A signed-in device. Revoking it ends every token issued for it. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: text('expires_at').notNull(),
    revokedAt: text('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens by hash. A token used twice means it was stolen: the whole session is revoked. */
export const refreshTokens = sqliteTable(
  'refresh_tokens',
  {
    hash: text('hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    usedAt: text('used_at'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** One-time sign-in codes, stored only as a keyed hash. */
export const otpCodes = sqliteTable(
  'otp_codes',
  {
    id: id(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: text('expires_at').notNull(),
    consumedAt: text('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_phone_idx').on(t.phone, t.createdAt)],
);

/** Durable rate-limit events (the rate-limit binding is approximate and per location). */
export const rateEvents = sqliteTable(
  'rate_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    key: text('key').notNull(),
    at: text('at').notNull().default(now),
  },
  (t) => [index('rate_events_key_idx').on(t.key, t.at)],
);

export const userProfiles = sqliteTable(
  'user_profiles',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name'),
    email: text('email').unique(),
    /**
     * When the guest proved `email` is theirs (the link of docs/decisions/026, or Google saying so);
     * null until then, and cleared by a save that changes the email. Guest emails go only to a
     * verified one (`GuestContact.verifiedEmail`).
     */
    emailVerifiedAt: text('email_verified_at'),
    phoneNumber: text('phone_number'),
    age: integer('age'),
    sex: text('sex', { enum: SEXES }),
    dateOfBirth: text('date_of_birth'),
    relationshipStatus: text('relationship_status', { enum: RELATIONSHIP_STATUSES }),
    workProfile: text('work_profile', { enum: WORK_PROFILES }),
    /** 'Seat me only at tables with at least two other women' (issue 21): a hard rule of the matching when feasible. */
    seatWithWomen: integer('seat_with_women', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    check('user_profiles_sex_chk', sql`${t.sex} IS NULL OR ${t.sex} IN (${sqlList(SEXES)})`),
    check(
      'user_profiles_rel_chk',
      sql`${t.relationshipStatus} IS NULL OR ${t.relationshipStatus} IN (${sqlList(RELATIONSHIP_STATUSES)})`,
    ),
    check('user_profiles_work_chk', sql`${t.workProfile} IS NULL OR ${t.workProfile} IN (${sqlList(WORK_PROFILES)})`),
    check('user_profiles_age_chk', sql`${t.age} IS NULL OR ${t.age} >= 18`),
  ],
);

export const quizResponses = sqliteTable(
  'quiz_responses',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    ageRange: text('age_range').notNull(),
    dietaryPreferences: text('dietary_preferences').notNull(),
    /** JSON string of the listed interest keys (SPEC §3). */
    interests: text('interests').notNull(),
    personalityType: text('personality_type').notNull(),
    conversationStyle: text('conversation_style').notNull(),
    /** Every answer as submitted, for matching later. */
    answers: text('answers').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('quiz_personality_chk', sql`${t.personalityType} IN ('extrovert','introvert')`),
    check('quiz_diet_chk', sql`${t.dietaryPreferences} IN ('vegetarian','non_vegetarian')`),
  ],
);

export const events = sqliteTable(
  'events',
  {
    id: id(),
    /** City slug, e.g. `gurugram`; `/event/gurugram` resolves to that city's next available event. */
    city: text('city').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    location: text('location').notNull(),
    /** Local (IST) calendar date, yyyy-MM-dd. */
    date: text('date').notNull(),
    /** UTC instant the dinner starts (a new dinner defaults to 7:00 PM IST). */
    startsAt: text('starts_at').notNull(),
    /** UTC instant the dinner ends (a new dinner defaults to 10:00 PM IST), after `starts_at` on the same IST date. */
    endsAt: text('ends_at').notNull(),
    imageUrl: text('image_url').notNull(),
    available: integer('available', { mode: 'boolean' }).notNull().default(true),
    ticketPriceSingle: integer('ticket_price_single').notNull(),
    ticketPriceCouple: integer('ticket_price_couple').notNull(),
    ticketPriceGroup: integer('ticket_price_group').notNull(),
    capacity: integer('capacity').notNull(),
    /** Secret until 48 hours before the start. */
    venueName: text('venue_name'),
    venueAddress: text('venue_address'),
    /**
     * Set once when an operator cancels the dinner (it is hidden in the same write); its guests
     * are told and offered a refund or a move. A cancelled dinner is never shown again.
     */
    cancelledAt: text('cancelled_at'),
    cancelReason: text('cancel_reason'),
    /**
     * When the tables were published (by an operator, or by the cron at the 48-hour reveal) and by
     * whom (null for the cron). Until then the seating in `event_bookings.table_number` is a draft
     * only operators see; afterwards guests and hosts see it, and later bookings join a table
     * without moving anyone already told (docs/decisions/022).
     */
    tablesPublishedAt: text('tables_published_at'),
    tablesPublishedBy: text('tables_published_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_city_date_idx').on(t.city, t.startsAt),
    check(
      'events_prices_chk',
      sql`${t.ticketPriceSingle} >= 0 AND ${t.ticketPriceCouple} >= 0 AND ${t.ticketPriceGroup} >= 0`,
    ),
    check('events_capacity_chk', sql`${t.capacity} >= 0`),
  ],
);

/** A Razorpay order and the seats it holds until `hold_expires_at` (or for good once confirmed). */
export const paymentOrders = sqliteTable(
  'payment_orders',
  {
    id: id(),
    razorpayOrderId: text('razorpay_order_id').unique(),
    receipt: text('receipt').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    ticketType: text('ticket_type', { enum: TICKET_TYPES }).notNull(),
    seats: integer('seats').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('created'),
    holdExpiresAt: text('hold_expires_at').notNull(),
    paymentId: text('payment_id'),
    failureReason: text('failure_reason'),
    /**
     * When a captured payment for this order was first reported (verify, webhook, reconcile),
     * written before it is queued. While it is set, a `payment.failed` for another attempt changes
     * nothing, and a capture reported inside the hold keeps the seat until the queue decides
     * (worker/services/ledger/seats.ts, docs/decisions/012).
     */
    capturePendingAt: text('capture_pending_at'),
    /**
     * `needs_attention` only: whether the order owned a seat when it was flagged (it was paid, or
     * its hold or an in-time capture still held one). A flagged order without one takes no seat
     * until a retry finds one free.
     */
    keepsSeat: integer('keeps_seat', { mode: 'boolean' }).notNull().default(false),
    /**
     * When an operator's refund of this flagged order began (worker/services/ledger/operator.ts):
     * set before Razorpay is asked, so no retry, reconcile or queue message books the order while
     * its money is on the way back, even if Razorpay's answer is lost.
     */
    refundClaimedAt: text('refund_claimed_at'),
    /**
     * The coupon this order redeemed (its `amount` is already discounted). An order redeems its
     * coupon while it holds or owns seats, so an expired or failed order gives it back; the cap
     * is checked in the statement that holds the seats (worker/services/orders.ts).
     */
    couponCode: text('coupon_code'),
    /**
     * Credit (₹) this order spends beside `amount`, which is only what Razorpay charges: an order
     * paid wholly by credit has `amount` 0 and no Razorpay order. The spend is a `credit_entries`
     * row written in the hold's own statement (worker/services/ledger/credit.ts).
     */
    creditAmount: integer('credit_amount').notNull().default(0),
    /**
     * When its guest said "can't make it" (issue 20): a paid or confirmed order releases its seats
     * for good, and its booking is `released` in the same batch (ledger/seats.ts ownsSeatsSql).
     */
    releasedAt: text('released_at'),
    /** A couple's or female duo's second guest, as the booker gave them (copied onto the booking). */
    partyName: text('party_name'),
    partyPhone: text('party_phone'),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    index('payment_orders_event_idx').on(t.eventId, t.status),
    index('payment_orders_user_idx').on(t.userId),
    index('payment_orders_coupon_idx').on(t.couponCode, t.status),
    check('payment_orders_ticket_chk', sql`${t.ticketType} IN (${sqlList(TICKET_TYPES)})`),
    check('payment_orders_status_chk', sql`${t.status} IN (${sqlList(ORDER_STATUSES)})`),
    check('payment_orders_seats_chk', sql`${t.seats} IN (1, 2)`),
  ],
);

export const eventBookings = sqliteTable(
  'event_bookings',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    orderId: text('order_id')
      .notNull()
      .unique()
      .references(() => paymentOrders.id),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    eventName: text('event_name').notNull(),
    eventLocation: text('event_location').notNull(),
    eventDate: text('event_date').notNull(),
    ticketType: text('ticket_type', { enum: TICKET_TYPES }).notNull(),
    seats: integer('seats').notNull(),
    amount: integer('amount').notNull(),
    /** Unique: however often a payment is reported, it makes one booking. */
    paymentId: text('payment_id').notNull().unique(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('confirmed'),
    bookingDate: text('booking_date').notNull().default(now),
    /**
     * What the guest's QR code carries and the host checks in: random, unguessable, never the
     * booking id. Rows from before it existed were given one by migration 0005.
     */
    ticketCode: text('ticket_code'),
    checkedInAt: text('checked_in_at'),
    /** The host who checked the guest in. */
    checkedInBy: text('checked_in_by').references(() => users.id),
    /** "Running late": how late the guest said they would be, and when they said it. */
    runningLateMinutes: integer('running_late_minutes'),
    runningLateAt: text('running_late_at'),
    /** When we cancelled the dinner: the guest's choice, and when they made it. */
    cancellationChoice: text('cancellation_choice', { enum: CANCELLATION_CHOICES }),
    cancellationChoiceAt: text('cancellation_choice_at'),
    /** The Razorpay refund of this booking (idempotency key `refund_<payment id>`), and when it was processed. */
    refundId: text('refund_id'),
    refundRequestedAt: text('refund_requested_at'),
    refundedAt: text('refunded_at'),
    /** The dinner this booking was moved from (reschedule, or a move after we cancelled), and when. */
    rescheduledFrom: text('rescheduled_from').references(() => events.id),
    rescheduledAt: text('rescheduled_at'),
    /** The guest's free reschedules so far, at most MAX_MOVES_PER_BOOKING (a move after we cancel does not count). */
    moveCount: integer('move_count').notNull().default(0),
    /**
     * The table this booking (the whole party) sits at, 1-based within its dinner, or null before
     * the matching has seated it. Guests see it once `events.tables_published_at` is set.
     */
    tableNumber: integer('table_number'),
    /** A couple's or female duo's second guest: first name and, optionally, phone (E.164). */
    partyName: text('party_name'),
    partyPhone: text('party_phone'),
    /** "Can't make it": when the guest released the seats (status `released`). */
    releasedAt: text('released_at'),
    /** "Still coming?" answered yes (the host sees it on the night). */
    attendanceConfirmedAt: text('attendance_confirmed_at'),
  },
  (t) => [
    index('event_bookings_user_idx').on(t.userId, t.bookingDate),
    uniqueIndex('event_bookings_ticket_code_unique').on(t.ticketCode),
    index('event_bookings_event_idx').on(t.eventId, t.status),
    check(
      'event_bookings_choice_chk',
      sql`${t.cancellationChoice} IS NULL OR ${t.cancellationChoice} IN (${sqlList(CANCELLATION_CHOICES)})`,
    ),
  ],
);

/** The hosts of a dinner: who sees its guest list and checks guests in (DESIGN.md "The night"). */
export const eventHosts = sqliteTable(
  'event_hosts',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    assignedBy: text('assigned_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_hosts_user_idx').on(t.userId)],
);

/**
 * The tables of a dinner that exist as more than a number: one row per table an operator has
 * locked (a re-run of the matching never moves its guests). Unlocked tables need no row.
 */
export const eventTables = sqliteTable(
  'event_tables',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    number: integer('number').notNull(),
    lockedAt: text('locked_at').notNull().default(now),
    lockedBy: text('locked_by')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.number] })],
);

/**
 * Captured payments a person must look at that no order row can carry: an amount or currency that
 * differs from its order (refunded in full, never booked), or a dead-lettered payment whose order
 * is already settled by another payment. One row per payment, so repeated reports add nothing.
 */
export const paymentIssues = sqliteTable(
  'payment_issues',
  {
    paymentId: text('payment_id').primaryKey(),
    razorpayOrderId: text('razorpay_order_id').notNull(),
    kind: text('kind', { enum: ['amount_mismatch', 'dead_lettered'] }).notNull(),
    detail: text('detail').notNull(),
    /** Set once Razorpay accepted the full refund (idempotency key `refund_<payment id>`). */
    refundedAt: text('refunded_at'),
    resolvedAt: text('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [check('payment_issues_kind_chk', sql`${t.kind} IN ('amount_mismatch', 'dead_lettered')`)],
);

/** Razorpay webhook deliveries already processed (X-Razorpay-Event-Id). */
export const webhookEvents = sqliteTable('webhook_events', {
  id: text('id').primaryKey(),
  event: text('event').notNull(),
  receivedAt: text('received_at').notNull().default(now),
});

/**
 * Operator-created coupons (DESIGN.md "Operating the product"). None exist by default, so every
 * code is refused (SPEC §5). Codes are stored upper-cased. `ticket_types` is a JSON array of
 * ticket types, or null for all; `event_id` null means every dinner; `max_redemptions` null
 * means no cap; `expires_at` null means never.
 */
export const coupons = sqliteTable(
  'coupons',
  {
    code: text('code').primaryKey(),
    kind: text('kind', { enum: COUPON_KINDS }).notNull(),
    /** Percent off (1-100) or whole rupees off, by `kind`. */
    value: integer('value').notNull(),
    ticketTypes: text('ticket_types'),
    eventId: text('event_id').references(() => events.id),
    maxRedemptions: integer('max_redemptions'),
    expiresAt: text('expires_at'),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    check('coupons_kind_chk', sql`${t.kind} IN (${sqlList(COUPON_KINDS)})`),
    check('coupons_value_chk', sql`${t.value} > 0 AND (${t.kind} <> 'percent' OR ${t.value} <= 100)`),
    check('coupons_max_chk', sql`${t.maxRedemptions} IS NULL OR ${t.maxRedemptions} > 0`),
  ],
);

/**
 * Markers of the ledger's refunds of cancelled dinners (`refund_failed:<refund id>`,
 * `refund:requeued`: services/ledger/cancelled-refunds.ts). Messages left it for `deliveries`
 * (migration 0008); the table goes once these markers have a home of their own.
 */
export const remindersSent = sqliteTable(
  'reminders_sent',
  {
    bookingId: text('booking_id')
      .notNull()
      .references(() => eventBookings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    sentAt: text('sent_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.kind] })],
);

/**
 * Every message to a guest (or a dinner's host) on one channel, claimed once per (key, channel)
 * before the provider is called: confirmations, reminders, notices, console messages, the welcome
 * email (worker/services/deliveries.ts, docs/decisions/025). `key` names the message and what it is
 * about (`confirmation:<booking>`, `reminder:24h:<booking>[:moved:<at>]`, `message:<gm id>:<booking>`…).
 */
export const deliveries = sqliteTable(
  'deliveries',
  {
    key: text('key').notNull(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    /** The booking the message is about, if any (gone with it). */
    bookingId: text('booking_id').references(() => eventBookings.id, { onDelete: 'cascade' }),
    /** The person it concerns, if known without the booking (the welcome email). */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** `sending` (claimed), `sent`, `failed` (transient: the next try claims it again) or `undeliverable`. */
    state: text('state', { enum: DELIVERY_STATES }).notNull(),
    claimedAt: text('claimed_at').notNull().default(now),
    sentAt: text('sent_at'),
    attempts: integer('attempts').notNull().default(1),
    /** The provider's HTTP status and words of the last failure. */
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.channel] }),
    index('deliveries_booking_idx').on(t.bookingId),
    index('deliveries_user_idx').on(t.userId),
    check('deliveries_channel_chk', sql`${t.channel} IN (${sqlList(MESSAGE_CHANNELS)})`),
    check('deliveries_state_chk', sql`${t.state} IN (${sqlList(DELIVERY_STATES)})`),
  ],
);

export const newsletterSignups = sqliteTable('newsletter_signups', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
});

/**
 * The cities on the home page (SPEC §2), edited in the console: opening a city is a form, not a
 * deploy. `position` orders the cards. A dinner's `city` is one of these slugs.
 */
export const cities = sqliteTable(
  'cities',
  {
    slug: text('slug').primaryKey(),
    name: text('name').notNull(),
    /** The card's line, e.g. "Coming soon to your area". */
    blurb: text('blurb').notNull(),
    status: text('status', { enum: CITY_STATUSES }).notNull().default('coming_soon'),
    position: integer('position').notNull().default(0),
    /** The GST state code of the city's dinners (e.g. '06' Haryana): the place of supply on their invoices. */
    gstStateCode: text('gst_state_code'),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [check('cities_status_chk', sql`${t.status} IN (${sqlList(CITY_STATUSES)})`)],
);

/** "Notify Me" interest in a city that has no dinners yet. */
export const cityWaitlist = sqliteTable(
  'city_waitlist',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    city: text('city').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    contact: text('contact'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('city_waitlist_city_user_idx').on(t.city, t.userId)],
);

/**
 * Every operator or host write (docs/decisions/013-roles-and-audit.md): who, what, on which
 * target, the target's fields before and after (JSON), when. Written in the same D1 batch as the
 * change itself (worker/services/audit.ts), so neither exists without the other. Never updated.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: id(),
    actorId: text('actor_id')
      .notNull()
      .references(() => users.id),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    /** `<kind>:<id>`, e.g. `event:gurugram-2025-06-07`. */
    target: text('target').notNull(),
    before: text('before'),
    after: text('after'),
    at: text('at').notNull().default(now),
  },
  (t) => [index('audit_log_at_idx').on(t.at, t.id), index('audit_log_target_idx').on(t.target, t.at)],
);

/**
 * A message the console sent to every confirmed guest of one dinner: its cancellation notice or
 * an operator's announcement. `recipients` is how many bookings it was addressed to.
 */
export const guestMessages = sqliteTable(
  'guest_messages',
  {
    id: id(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    kind: text('kind', { enum: GUEST_MESSAGE_KINDS }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    sentBy: text('sent_by')
      .notNull()
      .references(() => users.id),
    recipients: integer('recipients').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('guest_messages_event_idx').on(t.eventId, t.createdAt),
    check('guest_messages_kind_chk', sql`${t.kind} IN (${sqlList(GUEST_MESSAGE_KINDS)})`),
  ],
);

/**
 * A guest in line for a sold-out dinner, for one ticket (issue 20). An offer is an ordinary hold in
 * `payment_orders` (`order_id`) made by the ledger when seats free up; `token` is the unguessable
 * link the offer's message carries. At most one active (waiting or offered) entry per guest and dinner.
 */
export const waitlistEntries = sqliteTable(
  'waitlist_entries',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    ticketType: text('ticket_type', { enum: TICKET_TYPES }).notNull(),
    seats: integer('seats').notNull(),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('waiting'),
    /** How often a guest behind was offered first to keep the tables balanced (at most 2: waitlist-pick.ts). */
    passedOver: integer('passed_over').notNull().default(0),
    /** The offer: its hold, its link, when it went out and until when it holds the seats. */
    orderId: text('order_id').references(() => paymentOrders.id),
    token: text('token').unique(),
    offeredAt: text('offered_at'),
    offerExpiresAt: text('offer_expires_at'),
    /** Who made the offer by hand ("offer now" in the console), null for the cron's. */
    offeredBy: text('offered_by').references(() => users.id),
    createdAt: createdAt(),
    endedAt: text('ended_at'),
  },
  (t) => [
    index('waitlist_event_idx').on(t.eventId, t.status, t.createdAt),
    index('waitlist_user_idx').on(t.userId),
    uniqueIndex('waitlist_active_unique').on(t.userId, t.eventId).where(sql`status IN ('waiting', 'offered')`),
    check('waitlist_status_chk', sql`${t.status} IN (${sqlList(WAITLIST_STATUSES)})`),
    check('waitlist_ticket_chk', sql`${t.ticketType} IN (${sqlList(TICKET_TYPES)})`),
  ],
);

/**
 * Credit, one row per movement (issue 20, worker/domain/credit.ts): a grant (`release`: the
 * released booking's seats were taken again; `operator`: with a note and who), a spend (its order;
 * it counts only while that order keeps it), or the expiry of a grant's rest (`grant_id`). Amounts
 * are positive rupees; the kind gives the sign. Unique keys make each grant, spend and expiry once.
 */
export const creditEntries = sqliteTable(
  'credit_entries',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: CREDIT_KINDS }).notNull(),
    amount: integer('amount').notNull(),
    bookingId: text('booking_id').references(() => eventBookings.id),
    orderId: text('order_id').references(() => paymentOrders.id),
    grantId: text('grant_id'),
    note: text('note'),
    grantedBy: text('granted_by').references(() => users.id),
    createdAt: createdAt(),
    expiresAt: text('expires_at'),
  },
  (t) => [
    index('credit_entries_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('credit_release_unique').on(t.bookingId).where(sql`kind = 'release'`),
    uniqueIndex('credit_spent_unique').on(t.orderId).where(sql`kind = 'spent'`),
    uniqueIndex('credit_expired_unique').on(t.grantId).where(sql`kind = 'expired'`),
    check('credit_kind_chk', sql`${t.kind} IN (${sqlList(CREDIT_KINDS)})`),
    // A grant spent in full is still written off (with 0), so the expiry job never reads it again.
    check('credit_amount_chk', sql`${t.amount} > 0 OR (${t.kind} = 'expired' AND ${t.amount} = 0)`),
  ],
);

/**
 * Consents (issue 22, DPDP Act 2023): every agreement and withdrawal is a row with the notice's
 * version and time, never updated; the newest row per guest and purpose is the current state.
 */
export const consents = sqliteTable(
  'consents',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: CONSENT_PURPOSES }).notNull(),
    noticeVersion: text('notice_version').notNull(),
    /** 1 agreed, 0 withdrawn. */
    granted: integer('granted').notNull(),
    source: text('source', { enum: CONSENT_SOURCES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('consents_user_idx').on(t.userId, t.purpose, t.createdAt),
    check('consents_purpose_chk', sql`${t.purpose} IN (${sqlList(CONSENT_PURPOSES)})`),
    check('consents_source_chk', sql`${t.source} IN (${sqlList(CONSENT_SOURCES)})`),
    check('consents_granted_chk', sql`${t.granted} IN (0, 1)`),
  ],
);

/**
 * Grievances (issue 22, Consumer Protection (E-Commerce) Rules 2020): from anyone, signed in or
 * not; `reference` is what the guest quotes. Acknowledged at once, due a month after filing.
 */
export const grievances = sqliteTable(
  'grievances',
  {
    id: id(),
    /** Consecutive, from 1: the reference is built from it (e.g. 'GRV-000042'). */
    seq: integer('seq').notNull().unique(),
    reference: text('reference').notNull().unique(),
    userId: text('user_id').references(() => users.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: GRIEVANCE_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
    acknowledgedAt: text('acknowledged_at'),
    dueAt: text('due_at').notNull(),
    reply: text('reply'),
    repliedAt: text('replied_at'),
    repliedBy: text('replied_by').references(() => users.id),
  },
  (t) => [
    index('grievances_status_idx').on(t.status, t.dueAt),
    check('grievances_status_chk', sql`${t.status} IN (${sqlList(GRIEVANCE_STATUSES)})`),
  ],
);

/**
 * Tax invoices and credit notes (issue 22): one invoice per paid order, one credit note per
 * refund. Immutable once written: the seller's details, the place of supply and the split are
 * copied in at issue, so a later change of config never rewrites an old invoice. Numbers are
 * consecutive per kind and financial year ('2026-27'), taken in the INSERT itself so two
 * payments at the same moment can never share one or leave a gap. Money in paise (tax splits).
 * An erased guest's invoices stay (tax law), with `user_id`, `buyer_name` and `buyer_email` cleared.
 */
export const invoices = sqliteTable(
  'invoices',
  {
    id: id(),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    financialYear: text('financial_year').notNull(),
    serial: integer('serial').notNull(),
    number: text('number').notNull().unique(),
    orderId: text('order_id')
      .notNull()
      .references(() => paymentOrders.id),
    bookingId: text('booking_id').references(() => eventBookings.id),
    /** A credit note's invoice. */
    invoiceId: text('invoice_id'),
    /** A credit note's refund (Razorpay's refund id, or our own key for a credit refund): one note per refund. */
    refundRef: text('refund_ref'),
    userId: text('user_id').references(() => users.id),
    buyerName: text('buyer_name'),
    buyerEmail: text('buyer_email'),
    /** 1 a tax invoice (a GSTIN in config at issue), 0 a receipt. */
    isTaxInvoice: integer('is_tax_invoice').notNull(),
    sellerName: text('seller_name').notNull(),
    sellerAddress: text('seller_address').notNull(),
    sellerStateCode: text('seller_state_code').notNull(),
    sellerGstin: text('seller_gstin'),
    placeOfSupplyCode: text('place_of_supply_code').notNull(),
    sacCode: text('sac_code').notNull(),
    gstRatePercent: integer('gst_rate_percent').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    totalPaise: integer('total_paise').notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    igstPaise: integer('igst_paise').notNull(),
    /** Of the total, what the guest's credit paid (the rest went through Razorpay). */
    creditPaise: integer('credit_paise').notNull().default(0),
    issuedAt: text('issued_at').notNull(),
  },
  (t) => [
    uniqueIndex('invoices_serial_unique').on(t.kind, t.financialYear, t.serial),
    uniqueIndex('invoices_order_unique').on(t.orderId).where(sql`kind = 'invoice'`),
    uniqueIndex('invoices_refund_unique').on(t.refundRef).where(sql`kind = 'credit_note'`),
    index('invoices_issued_idx').on(t.issuedAt),
    index('invoices_user_idx').on(t.userId),
    check('invoices_kind_chk', sql`${t.kind} IN (${sqlList(INVOICE_KINDS)})`),
    check(
      'invoices_split_chk',
      sql`${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} = ${t.totalPaise}`,
    ),
  ],
);

/** That an account was erased, when and why, and how many rows went: never who (issue 22). */
export const erasures = sqliteTable(
  'erasures',
  {
    id: id(),
    reason: text('reason', { enum: ERASURE_REASONS }).notNull(),
    /** JSON: rows deleted or stripped per table. */
    summary: text('summary').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('erasures_reason_chk', sql`${t.reason} IN (${sqlList(ERASURE_REASONS)})`)],
);

/**
 * The morning-after feedback of one booking (issue 21): the evening, the host and the venue, 1-5
 * each, an optional note for the operators, and the contact the guest chose to share with a
 * mutual 'dine again' (both or neither). Editable while the feedback window is open.
 */
export const dinnerFeedback = sqliteTable(
  'dinner_feedback',
  {
    id: id(),
    bookingId: text('booking_id')
      .notNull()
      .unique()
      .references(() => eventBookings.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    evening: integer('evening').notNull(),
    host: integer('host').notNull(),
    venue: integer('venue').notNull(),
    note: text('note'),
    shareKind: text('share_kind', { enum: SHARE_KINDS }),
    shareValue: text('share_value'),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    index('dinner_feedback_event_idx').on(t.eventId),
    index('dinner_feedback_user_idx').on(t.userId),
    check(
      'dinner_feedback_ratings_chk',
      sql`${t.evening} BETWEEN 1 AND 5 AND ${t.host} BETWEEN 1 AND 5 AND ${t.venue} BETWEEN 1 AND 5`,
    ),
    check('dinner_feedback_share_chk', sql`(${t.shareKind} IS NULL) = (${t.shareValue} IS NULL)`),
    check('dinner_feedback_kind_chk', sql`${t.shareKind} IS NULL OR ${t.shareKind} IN (${sqlList(SHARE_KINDS)})`),
  ],
);

/**
 * What one guest said of a tablemate after a dinner (issue 21): 'again' or 'rather_not'; saying
 * nothing is no row. Private: read only to find mutual 'again's and to keep a 'rather_not' apart.
 */
export const tablemateVerdicts = sqliteTable(
  'tablemate_verdicts',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    fromUserId: text('from_user_id')
      .notNull()
      .references(() => users.id),
    toUserId: text('to_user_id')
      .notNull()
      .references(() => users.id),
    verdict: text('verdict', { enum: TABLEMATE_VERDICTS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.fromUserId, t.toUserId] }),
    index('tablemate_verdicts_to_idx').on(t.toUserId),
    index('tablemate_verdicts_from_idx').on(t.fromUserId),
    check('tablemate_verdicts_verdict_chk', sql`${t.verdict} IN (${sqlList(TABLEMATE_VERDICTS)})`),
    check('tablemate_verdicts_self_chk', sql`${t.fromUserId} <> ${t.toUserId}`),
  ],
);

/**
 * 'Report a problem' (issue 21): from a guest, about a dinner (optionally a booking of theirs) and
 * optionally another guest. `urgent` is the category's, copied so the console sorts in SQL.
 */
export const reports = sqliteTable(
  'reports',
  {
    id: id(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id),
    bookingId: text('booking_id').references(() => eventBookings.id),
    eventId: text('event_id').references(() => events.id),
    category: text('category', { enum: REPORT_CATEGORIES }).notNull(),
    description: text('description').notNull(),
    /** The guest the report is about, resolved on the server from an opaque reference. */
    aboutUserId: text('about_user_id').references(() => users.id),
    urgent: integer('urgent', { mode: 'boolean' }).notNull(),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: text('resolved_at'),
    resolvedBy: text('resolved_by').references(() => users.id),
  },
  (t) => [
    index('reports_status_idx').on(t.status, t.urgent, t.createdAt),
    index('reports_reporter_idx').on(t.reporterId),
    index('reports_about_idx').on(t.aboutUserId),
    check('reports_category_chk', sql`${t.category} IN (${sqlList(REPORT_CATEGORIES)})`),
    check('reports_status_chk', sql`${t.status} IN (${sqlList(REPORT_STATUSES)})`),
  ],
);

/**
 * 'Share my dinner' (issue 21): a link for a trusted contact with the dinner, its time and (once
 * revealed) its venue; nothing about other guests. The token is the link; revoking ends it.
 */
export const dinnerShares = sqliteTable(
  'dinner_shares',
  {
    token: text('token').primaryKey(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => eventBookings.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    revokedAt: text('revoked_at'),
  },
  (t) => [index('dinner_shares_booking_idx').on(t.bookingId, t.revokedAt)],
);
