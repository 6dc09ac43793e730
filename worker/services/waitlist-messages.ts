/**
 * The waitlist's messages on WhatsApp and email (domain/waitlist-messages.ts), each once per entry
 * and channel through deliverOnce (`waitlist-offer:<entry>`, `waitlist-full:<entry>`).
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events, waitlistEntries } from '../../db/schema';
import { TICKET_LABELS } from '@domain/pricing';
import { fullEmail, fullWhatsApp, offerEmail, offerWhatsApp } from '@domain/waitlist-messages';
import type { Env } from '../env';
import { emailTo, whatsAppTo } from './booking-notices';
import { deliverOnce } from './deliveries';
import { isBookable } from './events';
import { type GuestContact, guestContact } from './guests';
import { seatsTakenSql } from './ledger/seats';

const origin = (env: Env) => env.APP_ORIGIN.replace(/\/+$/, '');

/** One message of the waitlist on each channel the guest can be reached on, once per key and channel. */
async function toGuest(
  env: Env,
  d: Db,
  key: string,
  userId: string,
  guest: GuestContact,
  message: { whatsapp: { name: string; params: string[] }; email: { subject: string; text: string; html: string } },
) {
  const outgoing = [
    ...(guest.whatsapp ? [whatsAppTo(env, guest.whatsapp, message.whatsapp)] : []),
    ...(guest.verifiedEmail ? [emailTo(env, guest.verifiedEmail, message.email)] : []),
  ];
  await Promise.all(outgoing.map((out) => deliverOnce(d, { key, channel: out.channel, userId }, out.send)));
}

/** Sends the offer of entry `entryId` on every channel the guest can be reached on. */
export async function sendOffer(env: Env, d: Db, entryId: string) {
  const [row] = await d
    .select({ entry: waitlistEntries, event: events })
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.eventId))
    .where(eq(waitlistEntries.id, entryId));
  if (!row?.entry.token || !row.entry.offerExpiresAt) return;
  const guest = await guestContact(d, row.entry.userId);
  const facts = {
    name: guest.fullName,
    eventName: row.event.title,
    startsAt: row.event.startsAt,
    endsAt: row.event.endsAt,
    location: row.event.location,
    ticketLabel: TICKET_LABELS[row.entry.ticketType],
    expiresAt: row.entry.offerExpiresAt,
    offerUrl: `${origin(env)}/offers/${row.entry.token}`,
  };
  await toGuest(env, d, `waitlist-offer:${entryId}`, row.entry.userId, guest, {
    whatsapp: offerWhatsApp(facts),
    email: offerEmail(facts),
  });
}

/** Tells a guest still waiting when offers stopped that the dinner is full, with the next one in the city with room. */
export async function sendFull(env: Env, d: Db, entryId: string, now: Date) {
  const [row] = await d
    .select({ entry: waitlistEntries, event: events })
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.eventId))
    .where(eq(waitlistEntries.id, entryId));
  if (!row) return;
  const nowIso = now.toISOString();
  const [next] = await d
    .select({ id: events.id, title: events.title, startsAt: events.startsAt, endsAt: events.endsAt })
    .from(events)
    .where(
      and(
        eq(events.city, row.event.city),
        isBookable(nowIso),
        gt(events.startsAt, row.event.startsAt),
        sql`${seatsTakenSql(sql`${events.id}`, nowIso)} + ${row.entry.seats} <= ${events.capacity}`,
      ),
    )
    .orderBy(asc(events.startsAt))
    .limit(1);
  const guest = await guestContact(d, row.entry.userId);
  const facts = {
    name: guest.fullName,
    eventName: row.event.title,
    startsAt: row.event.startsAt,
    endsAt: row.event.endsAt,
    next: next
      ? { title: next.title, startsAt: next.startsAt, endsAt: next.endsAt, url: `${origin(env)}/event/${next.id}` }
      : null,
    eventsUrl: `${origin(env)}/events`,
  };
  await toGuest(env, d, `waitlist-full:${entryId}`, row.entry.userId, guest, {
    whatsapp: fullWhatsApp(facts),
    email: fullEmail(facts),
  });
}
