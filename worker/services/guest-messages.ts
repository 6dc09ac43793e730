/**
 * Cancelling a dinner and writing to its guests (DESIGN.md "Operating the product",
 * docs/decisions/016). The change and its `guest_messages` row and audit row are one D1 batch;
 * delivery goes through the `bookings` queue, one message per (console message, booking), and
 * each (message, booking, channel) is delivered once through `deliverOnce` (`deliveries`, key
 * `message:<message>:<booking>`), so a redelivered or re-enqueued queue message sends nothing twice.
 */
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, db } from '../../db/client';
import { eventBookings, events, deliveries, guestMessages, userProfiles, users } from '../../db/schema';
import { guestMessage } from '@domain/booking-messages';
import { CONSOLE_COPY } from '@domain/copy-console';
import type { GuestMessageKind, MessageChannel } from '@domain/guest-messages';
import { CANCELLABLE_BOOKING_STATUSES } from '@domain/statuses';
import type { BookingMessage, Env } from '../env';
import { sendEmail } from '../providers/email';
import { sendWhatsAppTemplate } from '../providers/whatsapp';
import { creditReleasesOfCancelledDinner } from './ledger/credit';
import { endHoldsOfCancelledDinner } from './ledger/expiry';
import { auditRow, auditRowBefore, eventTarget } from './audit';
import { DELIVERY_KEYS, deliverOnce } from './deliveries';
import { guestContactColumns, reachableSql, toGuestContact } from './guests';

export type GuestMessageDelivery = Extract<BookingMessage, { kind: 'guest-message' }>;

/** Queue messages per `sendBatch` call (the platform's limit is 100 messages, 256 KB). */
const SEND_BATCH = 100;
/** The cron re-enqueues a console message's undelivered guests for this long after it was sent. */
export const REQUEUE_WINDOW_MS = 24 * 3_600_000;
/** …but not before this, so a message still on its way through the queue is not doubled needlessly. */
export const REQUEUE_AFTER_MS = 2 * 60_000;
/** Pairs re-enqueued per cron run at most. */
const REQUEUE_LIMIT = 500;

/** A console message on the wire. */
const messageColumns = {
  id: guestMessages.id,
  kind: guestMessages.kind,
  subject: guestMessages.subject,
  body: guestMessages.body,
  recipients: guestMessages.recipients,
  created_at: guestMessages.createdAt,
};
export type GuestMessageRow = {
  id: string;
  kind: GuestMessageKind;
  subject: string;
  body: string;
  recipients: number;
  created_at: string;
};

/**
 * True when the console message `messageId` has reached (or is reaching, or was refused for good
 * by) booking `bookingId` on some channel: a delivery of {@link DELIVERY_KEYS.guestMessage} other
 * than a transient failure (whose queue message is retrying). SQL expressions in, as the key is built.
 */
const reachedSql = (messageId: SQL, bookingId: SQL) =>
  sql`EXISTS (SELECT 1 FROM ${deliveries} WHERE ${deliveries.key} = 'message:' || ${messageId} || ':' || ${bookingId} AND ${deliveries.state} <> 'failed')`;

/** The statuses a cancellation notice goes to: confirmed guests and those already checked in. */
const CANCELLED_IN = CANCELLABLE_BOOKING_STATUSES.map((s) => `'${s}'`).join(', ');

/**
 * Who a console message goes to, against `m` (guest_messages) and `b` (event_bookings): a
 * cancellation, the dinner's confirmed and checked-in bookings; an announcement, its confirmed
 * bookings booked before it was sent.
 */
const RECIPIENT = `b.event_id = m.event_id AND ((m.kind = 'cancellation' AND b.status IN (${CANCELLED_IN})) OR (b.status = 'confirmed' AND b.booking_date <= m.created_at))`;

/**
 * The confirmed bookings of a dinner its cancellation notice has not reached on any channel yet
 * (a dinner is cancelled once, so it has one notice): what a (re-)enqueue must cover.
 */
function untoldOfCancellation(d: Db, eventId: string) {
  return d
    .select({ id: eventBookings.id })
    .from(eventBookings)
    .where(
      and(
        eq(eventBookings.eventId, eventId),
        inArray(eventBookings.status, [...CANCELLABLE_BOOKING_STATUSES]),
        sql`NOT EXISTS (SELECT 1 FROM ${guestMessages} WHERE ${guestMessages.eventId} = ${eventId} AND ${guestMessages.kind} = 'cancellation'
          AND ${reachedSql(sql`${guestMessages.id}`, sql`${eventBookings.id}`)})`,
      ),
    );
}

const confirmedCount = (eventId: string) =>
  sql`(SELECT COUNT(*) FROM ${eventBookings} WHERE ${eventBookings.eventId} = ${eventId} AND ${eventBookings.status} = 'confirmed')`;
/** A cancellation's recipients: confirmed and checked-in bookings. */
const cancelledCount = (eventId: string) =>
  sql`(SELECT COUNT(*) FROM ${eventBookings} WHERE ${eventBookings.eventId} = ${eventId} AND ${inArray(eventBookings.status, [...CANCELLABLE_BOOKING_STATUSES])})`;

export type CancelResult =
  | {
      kind: 'done';
      message: GuestMessageRow;
      bookingIds: string[];
      cancelledAt: string;
      reason: string;
      /** Released bookings credited in the batch (each owes its invoice a credit note). */
      creditedReleases: number;
    }
  | { kind: 'not_found' }
  | { kind: 'started' }
  | { kind: 'already_cancelled'; messageId: string | null; bookingIds: string[] };

/**
 * Cancels a dinner that has not started, in ONE batch: the dinner hidden for good
 * (`cancelled_at`, `cancel_reason`, `available = 0`), its `event.cancel` audit row, its
 * cancellation notice (`guest_messages`, addressed to every confirmed booking), and every unpaid
 * hold released (`created → expired`). An order with a reported capture keeps its state: the
 * pipeline refunds that payment (the dinner is cancelled) rather than drop it. Nothing is read
 * before the write; the answer is read in the same batch. One round trip.
 * @returns `done` with the bookings to tell, or why nothing changed; a dinner already cancelled
 * answers its notice and the bookings it has not reached yet (to be enqueued again: the
 * deliveries' claims make that safe).
 */
export async function cancelDinner(
  d: Db,
  actorId: string,
  eventId: string,
  reason: string,
  now: Date,
): Promise<CancelResult> {
  const nowIso = now.toISOString();
  const messageId = `gm_${crypto.randomUUID()}`;
  const where = and(eq(events.id, eventId), sql`${events.cancelledAt} IS NULL`, sql`${events.startsAt} > ${nowIso}`);
  const [, , inserted, , credited, [event], [notice], untold] = await d.batch([
    auditRowBefore(d, {
      actorId,
      action: 'event.cancel',
      target: eventTarget(eventId),
      before: sql`json_object('available', json(CASE WHEN ${events.available} THEN 'true' ELSE 'false' END), 'cancelled_at', ${events.cancelledAt}, 'cancel_reason', ${events.cancelReason})`,
      after: { available: false, cancelled_at: nowIso, cancel_reason: reason, message_id: messageId },
      from: sql`${events}`,
      where,
    }),
    d.update(events).set({ cancelledAt: nowIso, cancelReason: reason, available: false }).where(where),
    // Only if the UPDATE above changed the dinner (same connection, same transaction).
    d
      .insert(guestMessages)
      .select(
        sql`SELECT ${messageId}, ${eventId}, 'cancellation', ${CONSOLE_COPY.guestMessages.cancellationSubject}, ${reason}, ${actorId}, ${cancelledCount(eventId)}, ${nowIso} WHERE changes() > 0`,
      )
      .returning({ id: guestMessages.id }),
    // Live holds end now; a reported capture is the pipeline's to refund (ledger/capture.ts).
    endHoldsOfCancelledDinner(d, eventId, nowIso),
    // A guest who released their seats is credited what they paid: nobody can take them now.
    creditReleasesOfCancelledDinner(d, eventId, now),
    d.select({ id: events.id, cancelledAt: events.cancelledAt }).from(events).where(eq(events.id, eventId)),
    d
      .select(messageColumns)
      .from(guestMessages)
      .where(and(eq(guestMessages.eventId, eventId), eq(guestMessages.kind, 'cancellation')))
      .orderBy(desc(guestMessages.createdAt))
      .limit(1),
    untoldOfCancellation(d, eventId),
  ]);
  if (!event) return { kind: 'not_found' };
  const bookingIds = untold.map((b) => b.id);
  if (inserted.length === 1 && notice?.id === messageId) {
    return {
      kind: 'done',
      message: notice as GuestMessageRow,
      bookingIds,
      cancelledAt: nowIso,
      reason,
      creditedReleases: credited.length,
    };
  }
  if (!event.cancelledAt) return { kind: 'started' };
  return { kind: 'already_cancelled', messageId: notice?.id ?? null, bookingIds: notice ? bookingIds : [] };
}

export type MessageResult =
  | { kind: 'done'; message: GuestMessageRow; bookingIds: string[]; repeated: boolean }
  | { kind: 'not_found' }
  | { kind: 'cancelled' }
  | { kind: 'no_guests' }
  | { kind: 'id_reused' };

/**
 * An operator's announcement to every confirmed guest of a dinner: its `guest_messages` row and
 * `event.message` audit row in ONE batch, written only if the dinner exists, is not cancelled and
 * has at least one confirmed booking (else nothing is written). One round trip.
 *
 * Idempotent: the row's id comes from the console (`gm_<message_id>`) and the INSERT does nothing
 * on a conflict (nor does the audit row, written only if it changed a row). A repeat with the same
 * dinner and words answers the stored message (`repeated`) and its recipients not reached on any
 * channel yet, to enqueue again (the claims keep anyone from hearing it twice); the same id with
 * another dinner or other words is `id_reused`.
 */
export async function postAnnouncement(
  d: Db,
  actorId: string,
  eventId: string,
  input: { message_id: string; subject: string; body: string },
  now: Date,
): Promise<MessageResult> {
  const nowIso = now.toISOString();
  const messageId = `gm_${input.message_id}`;
  const [inserted, , [event], [message], bookings] = await d.batch([
    d
      .insert(guestMessages)
      .select(
        sql`SELECT ${messageId}, ${events.id}, 'announcement', ${input.subject}, ${input.body}, ${actorId}, ${confirmedCount(eventId)}, ${nowIso}
          FROM ${events} WHERE ${events.id} = ${eventId} AND ${events.cancelledAt} IS NULL AND ${confirmedCount(eventId)} > 0`,
      )
      .onConflictDoNothing()
      .returning({ id: guestMessages.id }),
    auditRow(d, {
      actorId,
      action: 'event.message',
      target: eventTarget(eventId),
      before: null,
      after: { message_id: messageId, subject: input.subject },
    }),
    d.select({ id: events.id, cancelledAt: events.cancelledAt }).from(events).where(eq(events.id, eventId)),
    d
      .select({ ...messageColumns, eventId: guestMessages.eventId })
      .from(guestMessages)
      .where(eq(guestMessages.id, messageId)),
    // The message's recipients (those booked before it) it has reached on no channel yet: all of
    // them for a new message.
    d
      .select({ id: eventBookings.id })
      .from(eventBookings)
      .innerJoin(guestMessages, eq(guestMessages.id, messageId))
      .where(
        and(
          eq(eventBookings.eventId, eventId),
          eq(guestMessages.eventId, eventId),
          eq(eventBookings.status, 'confirmed'),
          sql`${eventBookings.bookingDate} <= ${guestMessages.createdAt}`,
          sql`NOT ${reachedSql(sql`${messageId}`, sql`${eventBookings.id}`)}`,
        ),
      ),
  ]);
  if (message) {
    const { eventId: messageEventId, ...row } = message;
    const same =
      messageEventId === eventId &&
      row.kind === 'announcement' &&
      row.subject === input.subject &&
      row.body === input.body;
    if (!same) return { kind: 'id_reused' };
    return {
      kind: 'done',
      message: row as GuestMessageRow,
      bookingIds: bookings.map((b) => b.id),
      repeated: inserted.length === 0,
    };
  }
  if (!event) return { kind: 'not_found' };
  return event.cancelledAt ? { kind: 'cancelled' } : { kind: 'no_guests' };
}

/**
 * What the console shows on a dinner's page: the dinner (cancelled or not), how many confirmed
 * guests a message would reach now, and the messages already sent with how many guests each
 * channel reached. One round trip (a batch of three reads); null for an unknown dinner.
 */
export async function guestMessagesOf(d: Db, eventId: string) {
  // Its deliveries are the keys `message:<id>:…`: a range of the primary key (';' follows ':').
  const delivered = (channel: MessageChannel) =>
    sql<number>`(SELECT COUNT(*) FROM ${deliveries} WHERE ${deliveries.key} > 'message:' || ${guestMessages.id} || ':'
      AND ${deliveries.key} < 'message:' || ${guestMessages.id} || ';' AND ${deliveries.channel} = ${channel} AND ${deliveries.state} = 'sent')`;
  const [[event], [count], messages] = await d.batch([
    d
      .select({
        id: events.id,
        title: events.title,
        location: events.location,
        starts_at: events.startsAt,
        ends_at: events.endsAt,
        cancelled_at: events.cancelledAt,
        cancel_reason: events.cancelReason,
      })
      .from(events)
      .where(eq(events.id, eventId)),
    d
      .select({ n: sql<number>`COUNT(*)` })
      .from(eventBookings)
      .where(and(eq(eventBookings.eventId, eventId), eq(eventBookings.status, 'confirmed'))),
    d
      .select({
        ...messageColumns,
        // Aliased: D1 answers columns by name, and the two subqueries' SQL text is the same.
        delivered_email: delivered('email').as('delivered_email'),
        delivered_whatsapp: delivered('whatsapp').as('delivered_whatsapp'),
      })
      .from(guestMessages)
      .where(eq(guestMessages.eventId, eventId))
      .orderBy(desc(guestMessages.createdAt)),
  ]);
  if (!event) return null;
  return {
    event,
    recipients: Number(count?.n ?? 0),
    messages: messages.map((m) => ({
      ...m,
      recipients: Number(m.recipients),
      delivered_email: Number(m.delivered_email),
      delivered_whatsapp: Number(m.delivered_whatsapp),
    })),
  };
}

/**
 * Puts one `guest-message` per booking on the `bookings` queue. A failure is logged as an alert
 * and answered `false`, never thrown: the change is already committed, and the cron
 * ({@link requeueUndelivered}) or a repeated request enqueues whatever was not delivered.
 */
export async function enqueueDeliveries(env: Env, messageId: string, bookingIds: string[]): Promise<boolean> {
  try {
    for (let i = 0; i < bookingIds.length; i += SEND_BATCH) {
      await env.BOOKINGS.sendBatch(
        bookingIds
          .slice(i, i + SEND_BATCH)
          .map((bookingId) => ({ body: { kind: 'guest-message' as const, messageId, bookingId } })),
      );
    }
    return true;
  } catch (err) {
    console.error(
      JSON.stringify({
        level: 'error',
        alert: 'guest_message_enqueue_failed',
        message: messageId,
        bookings: bookingIds.length,
        error: String(err),
      }),
    );
    return false;
  }
}

/**
 * The cron's safety net: console messages of the last {@link REQUEUE_WINDOW_MS} whose recipients
 * have no delivery on any channel yet (the enqueue after the batch failed, or never ran) go back
 * on the queue if we can reach them at all (guests.ts `reachableSql`); an announcement of a dinner
 * cancelled since does not (it is never delivered). A pair still travelling through the queue may be
 * doubled; its claims keep the guest from hearing it twice.
 */
export async function requeueUndelivered(env: Env, d: Db, now: Date) {
  const from = new Date(now.getTime() - REQUEUE_WINDOW_MS).toISOString();
  const until = new Date(now.getTime() - REQUEUE_AFTER_MS).toISOString();
  const results = await d.all<{ message_id: string; booking_id: string }>(
    sql`SELECT m.id AS message_id, b.id AS booking_id FROM guest_messages m JOIN event_bookings b ON ${sql.raw(RECIPIENT)}
       WHERE m.created_at > ${from} AND m.created_at <= ${until}
         AND (m.kind = 'cancellation' OR NOT EXISTS (SELECT 1 FROM events e WHERE e.id = m.event_id AND e.cancelled_at IS NOT NULL))
         AND NOT EXISTS (SELECT 1 FROM deliveries g WHERE g.key = 'message:' || m.id || ':' || b.id AND g.state <> 'failed')
         AND ${reachableSql(sql`b.user_id`)}
       ORDER BY m.created_at LIMIT ${sql.raw(String(REQUEUE_LIMIT))}`,
  );
  const byMessage = new Map<string, string[]>();
  for (const r of results) byMessage.set(r.message_id, [...(byMessage.get(r.message_id) ?? []), r.booking_id]);
  for (const [messageId, bookingIds] of byMessage) await enqueueDeliveries(env, messageId, bookingIds);
}

/**
 * One `guest-message` queue message: the console message rendered for this booking's guest and
 * sent by email and WhatsApp (the verified sign-in phone only), each channel through `deliverOnce`,
 * so a redelivery or a doubled enqueue sends nothing twice. A transient provider failure leaves it
 * owed and throws (the queue retries with backoff); a permanent refusal (an invalid address, a
 * number not on WhatsApp) is recorded and alerted once (docs/decisions/025).
 * A booking that is not (or no longer) a recipient is skipped, and so is an announcement whose
 * dinner has been cancelled since.
 */
export async function deliverGuestMessage(env: Env, msg: GuestMessageDelivery): Promise<void> {
  const d = db(env.DB);
  const [row] = await d
    .select({
      kind: guestMessages.kind,
      subject: guestMessages.subject,
      body: guestMessages.body,
      messageEventId: guestMessages.eventId,
      createdAt: guestMessages.createdAt,
      eventName: events.title,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      eventCancelledAt: events.cancelledAt,
      bookingEventId: eventBookings.eventId,
      bookingStatus: eventBookings.status,
      bookingDate: eventBookings.bookingDate,
      ...guestContactColumns,
    })
    .from(guestMessages)
    .innerJoin(events, eq(events.id, guestMessages.eventId))
    .innerJoin(eventBookings, eq(eventBookings.id, msg.bookingId))
    .innerJoin(users, eq(users.id, eventBookings.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, eventBookings.userId))
    .where(eq(guestMessages.id, msg.messageId));
  if (!row) {
    console.error('guest message: no such message or booking', msg.messageId, msg.bookingId);
    return;
  }
  const recipient =
    row.bookingEventId === row.messageEventId &&
    (row.kind === 'cancellation'
      ? (CANCELLABLE_BOOKING_STATUSES as readonly string[]).includes(row.bookingStatus)
      : row.bookingStatus === 'confirmed' && row.bookingDate <= row.createdAt);
  if (!recipient) return;
  // An announcement still retrying (an outage, the cron's re-enqueue) must not reach a guest after
  // the dinner's cancellation ("use gate 2" after "cancelled"): the notice is its last word.
  if (row.kind === 'announcement' && row.eventCancelledAt !== null) return;
  const guest = toGuestContact(row);
  const rendered = guestMessage({
    kind: row.kind,
    name: guest.fullName,
    bookingId: msg.bookingId,
    eventName: row.eventName,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    subject: row.subject,
    body: row.body,
    origin: env.APP_ORIGIN,
  });

  const about = { key: DELIVERY_KEYS.guestMessage(msg.messageId, msg.bookingId), bookingId: msg.bookingId };
  let owed = false;
  if (guest.verifiedEmail) {
    const to = guest.verifiedEmail;
    owed = await deliverOnce(d, { ...about, channel: 'email' }, (idempotencyKey) =>
      sendEmail(env, { to, ...rendered.email }, idempotencyKey),
    );
  }
  if (guest.whatsapp) {
    const to = guest.whatsapp;
    const { name, params } = rendered.whatsapp;
    owed =
      (await deliverOnce(d, { ...about, channel: 'whatsapp' }, () =>
        sendWhatsAppTemplate(env, { to, name, params }),
      )) || owed;
  }
  if (owed) throw new Error(`guest message ${msg.messageId} to ${msg.bookingId} not delivered yet`);
}
