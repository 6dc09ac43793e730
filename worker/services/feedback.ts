/**
 * The morning-after feedback of one booking and the mutual 'dine again' (issue 21, DESIGN.md
 * "Across nights", docs/decisions/034): `GET`/`PUT /api/bookings/:id/feedback` and
 * `GET /api/connections`.
 *
 * Private by construction: what another guest said of you is read only inside {@link mutualPairs},
 * whose SQL finds a pair only when *both* verdicts are 'again' — a one-sided 'again', a 'rather
 * not' and silence are never selected for anyone but their author. A tablemate is only ever named
 * by the viewer's opaque ref (services/tablemates.ts), never a user id; another guest's contact is
 * read only for a mutual pair.
 */
import { and, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';
import {
  deliveries,
  dinnerFeedback,
  eventBookings,
  events,
  tablemateVerdicts,
  userProfiles,
  users,
} from '../../db/schema';
import { dineAgainEmail, dineAgainWhatsApp, type FeedbackDinner, feedbackUrl } from '@domain/copy-feedback';
import {
  attendedDinner,
  FEEDBACK_WINDOW_MS,
  type FeedbackState,
  type FeedbackValues,
  feedbackClosesAt,
  feedbackState,
  type ShareKind,
  type TablemateVerdict,
} from '@domain/feedback';
import { firstNameOf } from '@domain/first-name';
import type { Env } from '../env';
import { sendEmail } from '../providers/email';
import { sendWhatsAppTemplate } from '../providers/whatsapp';
import { DELIVERY_KEYS, deliverOnce } from './deliveries';
import { consume, type Limit } from './rate-limit';
import { guestContactColumns, toGuestContact } from './guests';
import { listTablemates, type Tablemate, tablemateRef, tablematesQuery, toTablemates } from './tablemates';

/** Saves of one guest's feedback (any dinner): 20 an hour. */
export const FEEDBACK_SAVE_LIMITS: readonly Limit[] = [{ windowS: 3600, max: 20 }];

/** A contact as the wire carries it. */
export type Contact = { kind: ShareKind; value: string };

/** `GET /api/bookings/:id/feedback`: the page's one answer. */
export type FeedbackView = {
  booking_id: string;
  dinner: { title: string; date: string; starts_at: string; ends_at: string };
  state: FeedbackState;
  /** The page takes answers from the dinner's end until `closes_at`. */
  opens_at: string;
  closes_at: string;
  /** What the guest saved, or null. */
  feedback: {
    evening: number;
    host: number;
    venue: number;
    note: string | null;
    share: Contact | null;
    updated_at: string;
  } | null;
  /**
   * The guest's checked-in tablemates (empty unless the page is open or closed): by first name and
   * initial with the table's number, the guest's own verdict, and the other's contact only while
   * both said 'again'.
   */
  tablemates: {
    ref: string;
    name: string;
    table_number: number;
    verdict: TablemateVerdict | null;
    contact: Contact | null;
  }[];
  /** The guest's own sign-in phone: the WhatsApp number the form offers to share. */
  own_whatsapp: string | null;
};

/** What refuses a save, as the route answers it. */
export type SaveRefusal = 'not_found' | 'not_checked_in' | 'not_yet' | 'closed' | 'unknown_tablemate';

/** The guest's own booking `bookingId` with its dinner: none for an unknown id or another guest's. */
const bookingQuery = (d: Db, userId: string, bookingId: string) =>
  d
    .select({
      bookingId: eventBookings.id,
      eventId: eventBookings.eventId,
      status: eventBookings.status,
      checkedInAt: eventBookings.checkedInAt,
      tableNumber: eventBookings.tableNumber,
      title: events.title,
      date: events.date,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      cancelledAt: events.cancelledAt,
    })
    .from(eventBookings)
    .innerJoin(events, eq(events.id, eventBookings.eventId))
    .where(and(eq(eventBookings.id, bookingId), eq(eventBookings.userId, userId)));
type OwnBooking = Awaited<ReturnType<typeof bookingQuery>>[number];

/** The dinner of the guest's own booking, as a subquery (so a batch needs no first read). */
const eventOf = (userId: string, bookingId: string) =>
  sql`(SELECT ${eventBookings.eventId} FROM ${eventBookings} WHERE ${eventBookings.id} = ${bookingId} AND ${eventBookings.userId} = ${userId})`;

const feedbackRowQuery = (d: Db, bookingId: string) =>
  d
    .select({
      evening: dinnerFeedback.evening,
      host: dinnerFeedback.host,
      venue: dinnerFeedback.venue,
      note: dinnerFeedback.note,
      shareKind: dinnerFeedback.shareKind,
      shareValue: dinnerFeedback.shareValue,
      updatedAt: dinnerFeedback.updatedAt,
    })
    .from(dinnerFeedback)
    .where(eq(dinnerFeedback.bookingId, bookingId));
type FeedbackRow = Awaited<ReturnType<typeof feedbackRowQuery>>[number];

/** What the guest said of each tablemate at the dinner of `bookingId`: their own verdicts only. */
const ownVerdictsQuery = (d: Db, userId: string, bookingId: string) =>
  d
    .select({ toUserId: tablemateVerdicts.toUserId, verdict: tablemateVerdicts.verdict })
    .from(tablemateVerdicts)
    .where(
      and(sql`${tablemateVerdicts.eventId} = ${eventOf(userId, bookingId)}`, eq(tablemateVerdicts.fromUserId, userId)),
    );

/** The verdict `recipient` gave: the one row of the pair read as the recipient's. */
const mine = alias(tablemateVerdicts, 'mine');
/** The other's verdict of the recipient: joined only as 'again', so no other verdict is ever read. */
const theirs = alias(tablemateVerdicts, 'theirs');
const otherUser = alias(users, 'other_user');
const otherProfile = alias(userProfiles, 'other_profile');

/**
 * Every mutual 'dine again' matching `where`, once per direction: `recipient` is the one who sees
 * or is told, `other` the one they matched with. Both verdicts are 'again' in the SQL itself, so
 * nothing else another guest said is read. Carries what telling the recipient needs: their booking
 * at the dinner (checked in), their contact, the other's name and the contact the other chose.
 */
function mutualPairs(d: Db, where: SQL | undefined) {
  return d
    .select({
      eventId: mine.eventId,
      recipientId: mine.fromUserId,
      otherId: mine.toUserId,
      recipientBookingId: sql<string | null>`(SELECT eb.id FROM event_bookings AS eb
        WHERE eb.event_id = ${mine.eventId} AND eb.user_id = ${mine.fromUserId} AND eb.status = 'checked_in'
        ORDER BY eb.id LIMIT 1)`,
      otherName: sql<string | null>`coalesce(${otherProfile.fullName}, ${otherUser.fullName})`,
      shareKind: sql<ShareKind | null>`(SELECT df.share_kind FROM dinner_feedback AS df
        WHERE df.event_id = ${mine.eventId} AND df.user_id = ${mine.toUserId} AND df.share_kind IS NOT NULL
        ORDER BY df.updated_at DESC LIMIT 1)`,
      shareValue: sql<string | null>`(SELECT df.share_value FROM dinner_feedback AS df
        WHERE df.event_id = ${mine.eventId} AND df.user_id = ${mine.toUserId} AND df.share_kind IS NOT NULL
        ORDER BY df.updated_at DESC LIMIT 1)`,
      title: events.title,
      date: events.date,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      location: events.location,
      ...guestContactColumns,
    })
    .from(mine)
    .innerJoin(
      theirs,
      and(
        eq(theirs.eventId, mine.eventId),
        eq(theirs.fromUserId, mine.toUserId),
        eq(theirs.toUserId, mine.fromUserId),
        eq(theirs.verdict, 'again'),
      ),
    )
    .innerJoin(events, eq(events.id, mine.eventId))
    .innerJoin(users, eq(users.id, mine.fromUserId))
    .leftJoin(userProfiles, eq(userProfiles.userId, mine.fromUserId))
    .innerJoin(otherUser, eq(otherUser.id, mine.toUserId))
    .leftJoin(otherProfile, eq(otherProfile.userId, mine.toUserId))
    .where(and(eq(mine.verdict, 'again'), sql`${events.cancelledAt} IS NULL`, where));
}
type MutualPair = Awaited<ReturnType<typeof mutualPairs>>[number];

/**
 * The contacts of the guest's mutual 'dine again's at the dinner of their booking `bookingId`, as
 * one statement of a batch (aliased columns: a D1 batch reads rows by column name): what the page
 * shows beside each mutual tablemate. The same double 'again' as {@link mutualPairs}.
 */
const mutualContactsQuery = (d: Db, userId: string, bookingId: string) =>
  d
    .select({
      otherId: mine.toUserId,
      shareKind: sql<ShareKind | null>`(SELECT df.share_kind FROM dinner_feedback AS df
        WHERE df.event_id = ${mine.eventId} AND df.user_id = ${mine.toUserId} AND df.share_kind IS NOT NULL
        ORDER BY df.updated_at DESC LIMIT 1)`.as('share_kind'),
      shareValue: sql<string | null>`(SELECT df.share_value FROM dinner_feedback AS df
        WHERE df.event_id = ${mine.eventId} AND df.user_id = ${mine.toUserId} AND df.share_kind IS NOT NULL
        ORDER BY df.updated_at DESC LIMIT 1)`.as('share_value'),
    })
    .from(mine)
    .innerJoin(
      theirs,
      and(
        eq(theirs.eventId, mine.eventId),
        eq(theirs.fromUserId, mine.toUserId),
        eq(theirs.toUserId, mine.fromUserId),
        eq(theirs.verdict, 'again'),
      ),
    )
    .where(
      and(eq(mine.fromUserId, userId), eq(mine.verdict, 'again'), sql`${mine.eventId} = ${eventOf(userId, bookingId)}`),
    );
type MutualContact = Awaited<ReturnType<typeof mutualContactsQuery>>[number];

const contactOf = (kind: ShareKind | null, value: string | null): Contact | null =>
  kind && value ? { kind, value } : null;

/** The page's answer from what was read (GET) or just written (PUT). */
function toView(
  booking: OwnBooking,
  now: Date,
  ownWhatsApp: string | null,
  facts: {
    feedback: FeedbackRow | null;
    mates: Tablemate[];
    verdicts: Map<string, TablemateVerdict>;
    mutual: MutualContact[];
  },
): FeedbackView {
  const state = feedbackState(attendedDinner(booking), booking.endsAt, now);
  const shown = state === 'open' || state === 'closed';
  const contacts = new Map(facts.mutual.map((m) => [m.otherId, contactOf(m.shareKind, m.shareValue)]));
  const saved = shown ? facts.feedback : null;
  return {
    booking_id: booking.bookingId,
    dinner: { title: booking.title, date: booking.date, starts_at: booking.startsAt, ends_at: booking.endsAt },
    state,
    opens_at: booking.endsAt,
    closes_at: feedbackClosesAt(booking.endsAt),
    feedback: saved
      ? {
          evening: saved.evening,
          host: saved.host,
          venue: saved.venue,
          note: saved.note,
          share: contactOf(saved.shareKind, saved.shareValue),
          updated_at: saved.updatedAt,
        }
      : null,
    tablemates: shown
      ? facts.mates.map((m) => ({
          ref: m.ref,
          name: m.name,
          table_number: m.table_number,
          verdict: facts.verdicts.get(m.userId) ?? null,
          contact: contacts.get(m.userId) ?? null,
        }))
      : [],
    own_whatsapp: ownWhatsApp,
  };
}

/**
 * `GET /api/bookings/:id/feedback` for the guest `user`: null for an unknown booking or another
 * guest's. One round trip: one batch (the booking, what the guest saved and said, the contacts of
 * their mutual 'again's, and their tablemates, services/tablemates.ts).
 */
export async function feedbackView(
  env: Pick<Env, 'SESSION_SECRET'>,
  d: Db,
  user: { id: string; phone: string | null },
  bookingId: string,
  now = new Date(),
): Promise<FeedbackView | null> {
  const [[booking], [feedback], verdictRows, mutual, mateRows] = await d.batch([
    bookingQuery(d, user.id, bookingId),
    feedbackRowQuery(d, bookingId),
    ownVerdictsQuery(d, user.id, bookingId),
    mutualContactsQuery(d, user.id, bookingId),
    tablematesQuery(d, user.id, bookingId),
  ]);
  if (!booking) return null;
  const attended = attendedDinner(booking);
  const mates = attended ? await toTablemates(env.SESSION_SECRET, user.id, booking.eventId, mateRows) : [];
  const verdicts = new Map(verdictRows.map((r) => [r.toUserId, r.verdict]));
  return toView(booking, now, user.phone, { feedback: feedback ?? null, mates, verdicts, mutual });
}

/**
 * `PUT /api/bookings/:id/feedback`: saves the ratings, the note and the contact, and replaces the
 * guest's verdicts for the dinner, all in one D1 batch (one transaction: a failure keeps the old
 * answers whole). Refused, changing nothing, for another guest's booking, a guest who was not at
 * the table, outside the window, or a ref that names nobody at the guest's table. A pair it makes
 * mutual is told, both ways, once ({@link tellMutuals}).
 */
export async function saveFeedback(
  env: Env,
  d: Db,
  user: { id: string; phone: string | null },
  bookingId: string,
  body: FeedbackValues,
  now = new Date(),
): Promise<{ kind: 'saved'; view: FeedbackView } | { kind: SaveRefusal }> {
  const [booking] = await bookingQuery(d, user.id, bookingId);
  if (!booking) return { kind: 'not_found' };
  const state = feedbackState(attendedDinner(booking), booking.endsAt, now);
  if (state === 'not_checked_in') return { kind: 'not_checked_in' };
  if (state === 'upcoming') return { kind: 'not_yet' };
  if (state === 'closed') return { kind: 'closed' };
  // A guest rewrites their answers a few times at most; past that it is a script (429, nothing saved).
  await consume(d, `feedback:user:${user.id}`, FEEDBACK_SAVE_LIMITS, now.getTime());

  const mates = await listTablemates(env.SESSION_SECRET, d, { userId: user.id, eventId: booking.eventId, bookingId });
  const byRef = new Map(mates.map((m) => [m.ref, m]));
  if (body.tablemates.some((t) => !byRef.has(t.ref))) return { kind: 'unknown_tablemate' };

  const nowIso = now.toISOString();
  const hasAgain = body.tablemates.some((t) => t.verdict === 'again');
  const row = {
    evening: body.evening,
    host: body.host,
    venue: body.venue,
    note: body.note ?? null,
    // Kept only while it can be shown to someone: a contact goes with a 'dine again', never alone.
    shareKind: hasAgain ? (body.share?.kind ?? null) : null,
    shareValue: hasAgain ? (body.share?.value ?? null) : null,
    updatedAt: nowIso,
  };
  const verdictRows = body.tablemates.map((t) => ({
    eventId: booking.eventId,
    fromUserId: user.id,
    toUserId: (byRef.get(t.ref) as Tablemate).userId,
    verdict: t.verdict,
    createdAt: nowIso,
  }));
  const ownVerdicts = and(eq(tablemateVerdicts.eventId, booking.eventId), eq(tablemateVerdicts.fromUserId, user.id));
  const upsert = d
    .insert(dinnerFeedback)
    .values({ id: crypto.randomUUID(), bookingId, userId: user.id, eventId: booking.eventId, ...row })
    .onConflictDoUpdate({ target: dinnerFeedback.bookingId, set: row });
  const replace = d.delete(tablemateVerdicts).where(ownVerdicts);
  await (verdictRows.length
    ? d.batch([upsert, replace, d.insert(tablemateVerdicts).values(verdictRows)])
    : d.batch([upsert, replace]));

  // Every mutual pair at this dinner with the guest in it, both directions: the guest's page shows
  // the ones where they are the recipient; each direction not yet told is told now.
  const pairs = verdictRows.some((r) => r.verdict === 'again')
    ? await mutualPairs(
        d,
        and(eq(mine.eventId, booking.eventId), or(eq(mine.fromUserId, user.id), eq(mine.toUserId, user.id))),
      )
    : [];
  await tellMutuals(env, d, pairs, now);

  return {
    kind: 'saved',
    view: toView(booking, now, user.phone, {
      feedback: row,
      mates,
      verdicts: new Map(verdictRows.map((r) => [r.toUserId, r.verdict])),
      mutual: pairs.filter((p) => p.recipientId === user.id),
    }),
  };
}

/** The connection's dinner as its messages name it. */
const dinnerOf = (env: Pick<Env, 'APP_ORIGIN'>, p: MutualPair, bookingId: string): FeedbackDinner => ({
  name: toGuestContact(p).fullName,
  bookingId,
  eventName: p.title,
  eventLocation: p.location,
  startsAt: p.startsAt,
  endsAt: p.endsAt,
  feedbackUrl: feedbackUrl(env.APP_ORIGIN, bookingId),
});

/**
 * Tells each recipient of `pairs` about their mutual 'dine again', by email (a confirmed address
 * only) and WhatsApp (the sign-in phone), each through `deliverOnce` keyed by the recipient's
 * booking and their opaque ref for the other: once, whoever saves again or withdraws and says
 * 'again' once more. What was delivered or refused for good costs no claim (one read of the keys).
 * A failure is logged and left owed: the cron's next run ({@link tellOwedMutuals}) sends it.
 */
async function tellMutuals(env: Env, d: Db, pairs: MutualPair[], now: Date) {
  const owed: { pair: MutualPair; bookingId: string; key: string }[] = [];
  for (const pair of pairs) {
    if (!pair.recipientBookingId) continue;
    const ref = await tablemateRef(env.SESSION_SECRET, pair.recipientId, pair.eventId, pair.otherId);
    owed.push({ pair, bookingId: pair.recipientBookingId, key: DELIVERY_KEYS.dineAgain(pair.recipientBookingId, ref) });
  }
  if (owed.length === 0) return;
  const settled = new Set<string>();
  for (let i = 0; i < owed.length; i += 50) {
    const rows = await d
      .select({ key: deliveries.key, channel: deliveries.channel })
      .from(deliveries)
      .where(
        and(
          inArray(
            deliveries.key,
            owed.slice(i, i + 50).map((o) => o.key),
          ),
          inArray(deliveries.state, ['sent', 'undeliverable']),
        ),
      );
    for (const r of rows) settled.add(`${r.key}/${r.channel}`);
  }
  for (const { pair, bookingId, key } of owed) {
    const guest = toGuestContact(pair);
    const facts = { ...dinnerOf(env, pair, bookingId), other: firstNameOf(pair.otherName) };
    const about = { key, bookingId, userId: pair.recipientId };
    try {
      if (guest.verifiedEmail && !settled.has(`${key}/email`)) {
        const to = guest.verifiedEmail;
        await deliverOnce(
          d,
          { ...about, channel: 'email' },
          (idempotencyKey) => sendEmail(env, { to, ...dineAgainEmail(facts) }, idempotencyKey),
          now,
        );
      }
      if (guest.whatsapp && !settled.has(`${key}/whatsapp`)) {
        const to = guest.whatsapp;
        await deliverOnce(
          d,
          { ...about, channel: 'whatsapp' },
          () => sendWhatsAppTemplate(env, { to, ...dineAgainWhatsApp(facts) }),
          now,
        );
      }
    } catch (err) {
      // The answers are saved; the cron's sweep sends what this could not.
      console.error(JSON.stringify({ level: 'error', msg: 'dine again: telling failed', key, error: String(err) }));
    }
  }
}

/**
 * The cron's safety net for {@link tellMutuals}: every mutual pair at a dinner whose feedback page
 * is open (or closed within the last day, for a send that failed at the very end) whose message is
 * still owed on some channel. A pair withdrawn meanwhile is no longer mutual, so is told nothing.
 */
export async function tellOwedMutuals(env: Env, d: Db, now: Date) {
  const from = new Date(now.getTime() - FEEDBACK_WINDOW_MS - 24 * 3_600_000).toISOString();
  const pairs = await mutualPairs(d, and(gte(events.endsAt, from), lte(events.endsAt, now.toISOString())));
  await tellMutuals(env, d, pairs, now);
}

/** `GET /api/connections`: one entry of the guest's mutual 'dine again's. */
export type Connection = {
  /** The guest's opaque ref for the other (stable, never a user id). */
  ref: string;
  first_name: string;
  dinner: { title: string; date: string };
  /** The guest's own booking at that dinner: its feedback page. */
  booking_id: string;
  contact: Contact | null;
};

/**
 * Every mutual 'dine again' of `userId`, newest dinner first: the other's first name, the dinner,
 * and the contact the other chose. Nothing else: a one-sided 'again' is not a connection.
 */
export async function listConnections(env: Pick<Env, 'SESSION_SECRET'>, d: Db, userId: string): Promise<Connection[]> {
  const pairs = await mutualPairs(d, eq(mine.fromUserId, userId));
  const out: (Connection & { startsAt: string })[] = [];
  for (const p of pairs) {
    if (!p.recipientBookingId) continue;
    out.push({
      ref: await tablemateRef(env.SESSION_SECRET, userId, p.eventId, p.otherId),
      first_name: firstNameOf(p.otherName),
      dinner: { title: p.title, date: p.date },
      booking_id: p.recipientBookingId,
      contact: contactOf(p.shareKind, p.shareValue),
      startsAt: p.startsAt,
    });
  }
  return out
    .sort((a, b) => b.startsAt.localeCompare(a.startsAt) || a.first_name.localeCompare(b.first_name))
    .map(({ startsAt: _, ...c }) => c);
}
