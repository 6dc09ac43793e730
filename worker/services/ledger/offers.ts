/**
 * Offers of freed seats to the waitlist (issue 20, docs/decisions/027). The sweep runs for one
 * dinner right after seats free up (a release, a reschedule out, a refund, capacity raised) and for
 * every dinner with a line on each cron run (a hold or an offer that lapsed): it settles offers that
 * were booked or lapsed, then, while seats are free and offers are open, offers them one by one to
 * the guest `pickOffer` chooses (domain/waitlist-pick.ts). Each offer is a hold (ledger/waitlist.ts
 * offerSeats), so concurrent sweeps can never offer the same seat twice. From 3 hours before the
 * start, whoever still waits is told the dinner is full.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { events, paymentOrders, waitlistEntries } from '../../../db/schema';
import { priceFor } from '@domain/pricing';
import { offerHoldMs, offersOpen } from '@domain/waitlist';
import { pickOffer, type SexCount, ticketParty } from '@domain/waitlist-pick';
import type { Env } from '../../env';
import { sendFull, sendOffer } from '../waitlist-messages';
import { creditNotesForReleaseCredit } from '../invoices';
import { grantResoldReleases } from './credit';
import { ownsSeatsSql, seatsTakenSql } from './seats';
import { closeWaitlist, offerSeats, settleOffers } from './waitlist';

/** Offers the sweep makes for one dinner in one pass at most (a dinner frees a few seats at a time). */
const MAX_OFFERS_PER_PASS = 8;

/** The dinner as the sweep reads it: on sale, its capacity, seats taken now, prices, start. */
async function readDinner(d: Db, eventId: string, nowIso: string) {
  const [row] = await d
    .select({
      event: events,
      taken: seatsTakenSql(sql`${events.id}`, nowIso),
    })
    .from(events)
    .where(eq(events.id, eventId));
  return row ?? null;
}

/** Who holds the dinner's seats now (bookings, holds and offers), as women and men, by ticket. */
async function seatedMix(d: Db, eventId: string, nowIso: string): Promise<SexCount> {
  const rows = await d
    .select({ ticket: paymentOrders.ticketType, n: sql<number>`COUNT(*)` })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.eventId, eventId), ownsSeatsSql('payment_orders', nowIso)))
    .groupBy(paymentOrders.ticketType);
  const mix = { women: 0, men: 0 };
  for (const r of rows) {
    const p = ticketParty(r.ticket);
    mix.women += p.women * Number(r.n);
    mix.men += p.men * Number(r.n);
  }
  return mix;
}

/**
 * Those still waiting, in order, but not a guest who already holds or owns seats at the dinner (a
 * Book Now of their own): their hold refuses an offer, and they are booked or lapse by themselves.
 */
const waitingLine = (d: Db, eventId: string, nowIso: string) =>
  d
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.eventId, eventId),
        eq(waitlistEntries.status, 'waiting'),
        sql`NOT EXISTS (SELECT 1 FROM payment_orders AS own WHERE own.user_id = ${waitlistEntries.userId}
          AND own.event_id = ${waitlistEntries.eventId} AND ${ownsSeatsSql('own', nowIso)})`,
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));

/**
 * One dinner's sweep: settle, then offer while seats are free, or close the line once offers have
 * stopped. Messages go out after each offer is written (a failed send is owed by deliverOnce).
 * @returns how many offers were made
 */
export async function sweepDinner(env: Env, d: Db, eventId: string, now = new Date()): Promise<number> {
  const nowIso = now.toISOString();
  await settleOffers(d, now, eventId);
  const dinner = await readDinner(d, eventId, nowIso);
  if (!dinner) return 0;
  const { event } = dinner;
  if (event.cancelledAt || event.startsAt <= nowIso) {
    await closeWaitlist(d, eventId, now);
    return 0;
  }
  if (!offersOpen(event.startsAt, now)) {
    for (const closed of await closeWaitlist(d, eventId, now)) await sendFull(env, d, closed.id, now);
    return 0;
  }
  if (!event.available) return 0;
  let made = 0;
  let free = event.capacity - Number(dinner.taken);
  // An entry whose offer was refused in this pass is not tried again in it: the pick is pure, and
  // would choose it again and again (a bounded pass, whatever the line holds).
  const refused = new Set<string>();
  for (let tries = 0; free > 0 && made < MAX_OFFERS_PER_PASS && tries < MAX_OFFERS_PER_PASS * 2; tries++) {
    const line = (await waitingLine(d, eventId, nowIso)).filter((e) => !refused.has(e.id));
    const pick = pickOffer(
      line.map((e) => ({ id: e.id, ticketType: e.ticketType, seats: e.seats, passedOver: e.passedOver })),
      free,
      await seatedMix(d, eventId, nowIso),
    );
    if (!pick) break;
    const entry = line.find((e) => e.id === pick.chosen.id);
    if (!entry) break;
    const token = await offerSeats(d, {
      entry,
      amount: priceFor(event, entry.ticketType),
      holdMs: offerHoldMs(event.startsAt, now),
      passedOver: pick.passedOver,
      operatorId: null,
      now,
    });
    // Refused: another sweep or a guest took the seat meanwhile, or the guest left. Read again.
    const again = await readDinner(d, eventId, nowIso);
    free = again ? again.event.capacity - Number(again.taken) : 0;
    if (!token) {
      refused.add(entry.id);
      continue;
    }
    made++;
    await sendOffer(env, d, entry.id);
  }
  return made;
}

/** The cron's pass: every dinner with someone in line or an offer out. Each dinner fails on its own. */
export async function sweepAllOffers(env: Env, d: Db, now = new Date()): Promise<number> {
  const dinners = await d
    .selectDistinct({ eventId: waitlistEntries.eventId })
    .from(waitlistEntries)
    .where(inArray(waitlistEntries.status, ['waiting', 'offered']));
  let made = 0;
  for (const { eventId } of dinners) {
    try {
      made += await sweepDinner(env, d, eventId, now);
    } catch (err) {
      console.error('waitlist sweep failed for', eventId, err);
    }
  }
  return made;
}

export type OfferNowResult =
  | { ok: true; entry: typeof waitlistEntries.$inferSelect }
  | { ok: false; reason: 'no_seat' | 'not_waiting' | 'closed' };

/** The console's "offer now": this entry, whoever is ahead, if a seat fits; audited. */
export async function offerNow(
  env: Env,
  d: Db,
  o: { eventId: string; entryId: string; operatorId: string; now?: Date },
): Promise<OfferNowResult> {
  const now = o.now ?? new Date();
  await settleOffers(d, now, o.eventId);
  const [row] = await d
    .select({ entry: waitlistEntries, event: events })
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.eventId))
    .where(and(eq(waitlistEntries.id, o.entryId), eq(waitlistEntries.eventId, o.eventId)));
  if (row?.entry.status !== 'waiting') return { ok: false, reason: 'not_waiting' };
  // A hidden dinner sells no seat (the hold's dinner_open), so it is closed to offers too, not "no seat".
  if (row.event.cancelledAt || !row.event.available || !offersOpen(row.event.startsAt, now))
    return { ok: false, reason: 'closed' };
  const token = await offerSeats(d, {
    entry: row.entry,
    amount: priceFor(row.event, row.entry.ticketType),
    holdMs: offerHoldMs(row.event.startsAt, now),
    passedOver: [],
    operatorId: o.operatorId,
    now,
  });
  if (!token) {
    const [still] = await d
      .select({ status: waitlistEntries.status })
      .from(waitlistEntries)
      .where(eq(waitlistEntries.id, o.entryId));
    return { ok: false, reason: still?.status === 'waiting' ? 'no_seat' : 'not_waiting' };
  }
  await sendOffer(env, d, o.entryId);
  const [entry] = await d.select().from(waitlistEntries).where(eq(waitlistEntries.id, o.entryId));
  return { ok: true, entry };
}

/**
 * After the answer, without a D1 round trip in the request: the sweep of the dinner seats left and
 * the credit of releases at the dinner seats were taken at, from the `bookings` queue (retried
 * there; the cron does both within 5 minutes anyway).
 */
export async function queueSeatsFreed(env: Env, eventId: string | null, resoldAt?: string) {
  try {
    await env.BOOKINGS.send({ kind: 'seats-freed', eventId, ...(resoldAt ? { resoldAt } : {}) });
  } catch (err) {
    console.error('could not queue the waitlist sweep; the cron will run it', eventId, err);
  }
}

/** The `seats-freed` message: the sweep and the credit, each idempotent. */
export async function handleSeatsFreed(env: Env, d: Db, msg: { eventId: string | null; resoldAt?: string }) {
  if (msg.resoldAt) {
    await grantResoldReleases(d, msg.resoldAt);
    // The credit granted is money given back: its credit note now (decision 030).
    await creditNotesForReleaseCredit(env, d, msg.resoldAt);
  }
  if (msg.eventId) await sweepDinner(env, d, msg.eventId);
}
