/**
 * Where a guest's personal data lives (issue 22, DPDP Act 2023): every table of the database,
 * classified once. A table either holds a guest's data — then it says how their rows are found,
 * and what erasure does to them (delete the rows, strip columns, or keep them for the law with
 * what is kept) — or it holds none, and says why. `GET /api/me/export` and `DELETE /api/me`
 * (worker/services/data-rights.ts) have one step per guest table, keyed by these names, and
 * test/worker/data-rights.test.ts reads the real schema from D1 and fails on a table that is not
 * here, or a guest table the export or the erasure forgets.
 *
 * "The account's phone" and "its emails" below are only identities the guest proved: the sign-in
 * phone (a code), the sign-in email (a password or Google account) and the profile's email once
 * verified. Never the profile's phone or an unverified email, nor the quiz's: anyone can type a
 * stranger's there.
 *
 * Pure data: the SQL is the service's; this file is the rule it must meet.
 */
import { HOUR_MS } from './time';

const DAY_MS = 24 * HOUR_MS;

/** What erasure does to a guest's rows of one table. */
export type ErasureRule =
  /** The rows go. */
  | { how: 'delete' }
  /** The rows stay, with `columns` cleared: nothing in them names the guest afterwards. */
  | { how: 'strip'; columns: readonly string[] }
  /**
   * The rows stay because tax or payment law requires them (`why`), with `columns` cleared: what
   * remains is what an invoice or a payment record needs.
   */
  | { how: 'keep'; columns: readonly string[]; why: string };

export type GuestTable = {
  holds: 'guest';
  /** How the guest's rows are found (the service's WHERE, in words). */
  found: string;
  /** What erasure does. */
  erase: ErasureRule;
  /**
   * Columns that may still carry the guest's (now nameless) user id, or their booking's and
   * order's ids, after erasure: references that kept payment records need. Nothing else may.
   */
  keptReferences?: readonly string[];
};

export type NoGuestData = { holds: 'none'; why: string };

/** Every table, by its SQL name; erasure runs in this order (a session's tokens before the session). */
export const PERSONAL_DATA = {
  users: {
    holds: 'guest',
    found: 'The account itself (id).',
    // The row stays: kept orders, bookings and credit point at it. It names no one afterwards.
    erase: {
      how: 'strip',
      columns: [
        'email',
        'phone',
        'google_sub',
        'password_hash',
        'full_name',
        'last_active_at',
        'inactivity_notice_at',
        'suspended_at',
      ],
    },
    keptReferences: ['id'],
  },
  refresh_tokens: {
    holds: 'guest',
    found: "Tokens of the account's sessions (session_id); exported without their hashes.",
    erase: { how: 'delete' },
  },
  sessions: { holds: 'guest', found: "The account's signed-in devices (user_id).", erase: { how: 'delete' } },
  otp_codes: {
    holds: 'guest',
    found: "Sign-in codes sent to the account's phone (phone); exported without their hashes.",
    erase: { how: 'delete' },
  },
  rate_events: {
    holds: 'guest',
    found:
      "Rate-limit events keyed by the account's phone, email or id (`…:phone:<phone>`, `…:email:<email>`, `…:user:<id>`). Events keyed by a client address cannot be tied to one guest: we never store which address a guest used.",
    erase: { how: 'delete' },
  },
  user_profiles: { holds: 'guest', found: 'The profile (user_id).', erase: { how: 'delete' } },
  quiz_responses: { holds: 'guest', found: 'The quiz answers (user_id).', erase: { how: 'delete' } },
  events: { holds: 'none', why: 'Dinners. `tables_published_by` names an operator, never a guest.' },
  payment_orders: {
    holds: 'guest',
    found: "The account's orders (user_id), holds and waitlist offers included.",
    erase: {
      how: 'keep',
      columns: ['party_name', 'party_phone'],
      why: 'A payment record (amount, Razorpay order and payment ids, dinner, ticket, date) is kept for 8 years (Income-tax Act s. 44AA, CGST Act s. 36).',
    },
    keptReferences: ['id', 'user_id', 'receipt'],
  },
  event_bookings: {
    holds: 'guest',
    found: "The account's bookings (user_id), with a second guest's name and phone given by the booker.",
    erase: {
      how: 'keep',
      columns: ['party_name', 'party_phone', 'ticket_code'],
      why: 'What an invoice needs (the dinner, ticket, seats, amount, payment id) is kept for 8 years with the payment.',
    },
    keptReferences: ['id', 'user_id', 'order_id'],
  },
  event_hosts: {
    holds: 'guest',
    found: 'Dinners the account hosts (user_id).',
    erase: { how: 'delete' },
  },
  event_tables: { holds: 'none', why: 'Locked tables of a dinner: `locked_by` is an operator.' },
  payment_issues: {
    holds: 'guest',
    found: "Payment problems of the account's orders (razorpay_order_id).",
    erase: {
      how: 'keep',
      columns: [],
      why: 'A payment record (Razorpay ids, amounts, the refund): it holds no name, phone or email.',
    },
    keptReferences: ['razorpay_order_id', 'payment_id'],
  },
  coupons: { holds: 'none', why: "Operators' coupon codes; a redemption is an order (payment_orders)." },
  reminders_sent: {
    holds: 'guest',
    found: "The ledger's refund markers of the account's bookings (booking_id).",
    erase: {
      how: 'keep',
      columns: [],
      why: 'Part of a refund still owed or made: a booking id and a marker, no name.',
    },
    keptReferences: ['booking_id'],
  },
  deliveries: {
    holds: 'guest',
    found:
      "Every message sent to the account (user_id) or about its bookings (booking_id), and each one's outcome; the newsletter welcome to one of its emails (keyed by the email's hash).",
    erase: { how: 'delete' },
  },
  newsletter_signups: {
    holds: 'guest',
    found: "Newsletter sign-ups with any of the account's emails (email).",
    erase: { how: 'delete' },
  },
  cities: { holds: 'none', why: 'The cities on the home page.' },
  city_waitlist: {
    holds: 'guest',
    found: "'Notify me' for a city, by the account (user_id) or with its phone or email as the contact.",
    erase: { how: 'delete' },
  },
  audit_log: {
    holds: 'guest',
    found:
      "Operators' and hosts' changes whose target is the account, one of its bookings or orders (their before/after cleared), or whose before/after holds one of those ids, its phone or one of its emails as a value (only those fields, and any field that is exactly its name, removed); never found by a name. Exported as what was done, to what kind of thing, and when: not the operator's id, nor the before/after, which may be about someone else too.",
    erase: { how: 'strip', columns: ['before', 'after'] },
    keptReferences: ['target'],
  },
  guest_messages: {
    holds: 'none',
    why: "A message to every guest of a dinner, written by an operator: no guest is named. Each guest's copy is a delivery (deliveries), exported with the text.",
  },
  waitlist_entries: {
    holds: 'guest',
    found: "The account's places in line (user_id).",
    erase: { how: 'delete' },
  },
  credit_entries: {
    holds: 'guest',
    found: "The account's credit, one row per grant, spend and expiry (user_id).",
    // Kept: spends are part of kept orders' payments. The balance is forfeited, as nobody can
    // sign in to the account again; the operator's note may name the guest, so it goes.
    erase: { how: 'strip', columns: ['note'] },
    keptReferences: ['user_id', 'booking_id', 'order_id'],
  },
  consents: { holds: 'guest', found: "The account's consents and withdrawals (user_id).", erase: { how: 'delete' } },
  grievances: {
    holds: 'guest',
    found:
      'Grievances the account filed (user_id) or filed with one of its emails (email), with the replies. An open one (not yet answered) holds the erasure up: the officer replies first.',
    erase: { how: 'delete' },
  },
  invoices: {
    holds: 'guest',
    found: 'Invoices and credit notes of the account (user_id) or of its orders (order_id).',
    erase: {
      how: 'keep',
      columns: ['user_id', 'buyer_name', 'buyer_email'],
      why: 'Tax invoices and credit notes are kept for 8 years (CGST Act s. 36 read with Rule 56): the seller, number, date, dinner and amounts, without the buyer.',
    },
    keptReferences: ['order_id', 'booking_id'],
  },
  erasures: { holds: 'none', why: 'That an account was erased, when and why, with counts: never who.' },
  dinner_feedback: {
    holds: 'guest',
    found: "The account's morning-after ratings, notes and chosen contact (user_id).",
    erase: { how: 'delete' },
  },
  tablemate_verdicts: {
    holds: 'guest',
    found:
      'What the account said of its tablemates (from_user_id). What others said of the account (to_user_id) is never shown to it, so it is not exported; it is erased with the account.',
    erase: { how: 'delete' },
  },
  reports: {
    holds: 'guest',
    found:
      "Problems the account reported (reporter_id). Reports about the account (about_user_id) are the reporter's and never shown to it, so they are not exported; they are erased with the account.",
    erase: { how: 'delete' },
  },
  dinner_shares: {
    holds: 'guest',
    found: 'Links the account made to share a dinner with a trusted contact (user_id).',
    erase: { how: 'delete' },
  },
  webhook_events: { holds: 'none', why: "Razorpay's event ids already processed." },
} as const satisfies Record<string, GuestTable | NoGuestData>;

export type TableName = keyof typeof PERSONAL_DATA;
/** The tables that hold a guest's data: the export and the erasure each have a step for every one. */
export type GuestTableName = {
  [K in TableName]: (typeof PERSONAL_DATA)[K] extends { holds: 'guest' } ? K : never;
}[TableName];

export const GUEST_TABLES = (Object.keys(PERSONAL_DATA) as TableName[]).filter(
  (t): t is GuestTableName => PERSONAL_DATA[t].holds === 'guest',
);

/**
 * What we hold that is not a table row: said in the export, so the file is complete in words too.
 * Feedback (DESIGN.md "feedback and memory") is not built yet: when it is, its table joins
 * {@link PERSONAL_DATA} (the schema test insists) and what others said about a guest stays out.
 */
export const NOT_STORED = {
  feedback: 'You have given no feedback: we do not collect any yet.',
  email_verification:
    'Email confirmation links are signed, not stored: only the time you confirmed is kept (profile.email_verified_at).',
  payment_methods: 'Card, UPI and bank details are held by Razorpay, never by us: we keep the payment ids only.',
} as const;

/** How long a kept payment record or invoice is kept after the financial year it belongs to. */
export const TAX_RECORD_YEARS = 8;

/** Accounts with no sign-in or session refresh for this long are erased (issue 22). */
export const INACTIVE_AFTER_MS = 3 * 365 * DAY_MS;
/** The notice goes out this long before an inactive account is erased; a visit in between cancels it. */
export const INACTIVITY_NOTICE_MS = 48 * HOUR_MS;
/** `users.last_active_at` is written at most this often (sign-in always, a session refresh only when older). */
export const ACTIVITY_STAMP_EVERY_MS = DAY_MS;
/** Inactive accounts noticed and erased per cron run: bounded, the next run takes the rest. */
export const INACTIVITY_BATCH = 20;
