/**
 * The night (DESIGN.md "Operating the product", docs/decisions/019): who hosts a dinner and how a
 * guest is checked in. The request bodies of `POST /api/admin/events/:id/hosts` and of the host's
 * check-ins, shared by the Worker and the host's pages.
 */
import * as v from 'valibot';
import { CONSOLE_COPY } from './copy-console';
import { emailSchema } from './email';
import { toE164 } from './phone';
import { normalizeTicketCode } from './ticket';

const H = CONSOLE_COPY.host;

/** How a host is named when assigned: the phone or the email they sign in with. */
export type HostWho = { column: 'phone' | 'email'; value: string };

const EmailOnly = emailSchema({ invalid: H.userRequired });

/**
 * A phone (10 digits mean +91, the product's phone rule) or an email (trimmed, lower-cased), as
 * the account stores it; null when it is neither.
 * @example hostWho(' 98765 43210 ') // { column: 'phone', value: '+919876543210' }
 */
export function hostWho(typed: string): HostWho | null {
  const text = typed.trim();
  if (text.includes('@')) {
    const email = v.safeParse(EmailOnly, text);
    return email.success ? { column: 'email', value: email.output } : null;
  }
  const phone = toE164(text);
  return phone ? { column: 'phone', value: phone } : null;
}

/** `POST /api/admin/events/:id/hosts` `{ user }`: a phone or an email of someone who has signed in. */
export const AssignHost = v.strictObject(
  {
    user: v.pipe(
      v.string(H.userRequired),
      v.maxLength(255, H.userRequired),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const who = hostWho(dataset.value);
        if (!who) {
          addIssue({ message: H.userRequired });
          return NEVER;
        }
        return who;
      }),
    ),
  },
  H.userRequired,
);

/** An event id as the pages send it (ids are slugs or UUIDs). */
export const EVENT_ID = /^[\w-]{1,100}$/;

/** A ticket code as typed or scanned, in its stored form (worker/domain/ticket.ts). */
const TicketCode = v.pipe(
  v.string(H.ticketCodeInvalid),
  v.maxLength(64, H.ticketCodeInvalid),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const code = normalizeTicketCode(dataset.value);
    if (!code) {
      addIssue({ message: H.ticketCodeInvalid });
      return NEVER;
    }
    return code;
  }),
);

/**
 * `POST /api/host/check-in` `{ ticket_code, event_id? }`: the code scanned or typed. With
 * `event_id` (the host's pages always send the dinner they are on), a ticket for another of the
 * host's dinners is refused rather than checked in there.
 */
export const CheckInByCode = v.strictObject(
  {
    ticket_code: TicketCode,
    event_id: v.optional(v.pipe(v.string(), v.regex(EVENT_ID, CONSOLE_COPY.admin.eventNotFound))),
  },
  H.ticketCodeInvalid,
);

/** `POST /api/host/events/:id/check-in` `{ booking_id }`: the guest whose name the host tapped. */
export const CheckInByName = v.strictObject(
  { booking_id: v.pipe(v.string(H.bookingRequired), v.regex(/^[\w-]{1,100}$/, H.bookingRequired)) },
  H.bookingRequired,
);
