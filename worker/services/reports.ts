/**
 * 'Report a problem' (issue 21, DESIGN.md "Across nights": `POST /api/reports`): the one module
 * that writes `reports`. A guest reports about one of their own dinners from its start on, and may
 * name a tablemate by the opaque ref of their own list (services/tablemates.ts), resolved here by
 * recomputing that list: a guest can only ever name someone who sat with them, and never learns a
 * user id. The report reaches the console at once (needs attention, urgent first) and each operator
 * by email, once (`deliverOnce`, per report and operator). `about_user_id` stays for good: the
 * matching never seats the two together again (services/table-memory.ts). The guest named is told
 * nothing, ever.
 */
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';
import { eventBookings, events, reports, userProfiles, users } from '../../db/schema';
import { REPORT_CATEGORY_COPY, REPORT_CATEGORY_SHORT, REPORT_COPY, reportAlertEmail } from '@domain/copy-reports';
import { DELIVERY_KEYS } from '@domain/deliveries';
import {
  isUrgentCategory,
  REPORT_RATE_LIMITS,
  type ReportCategory,
  type ReportInput,
  type ReportStatus,
  reportOpen,
} from '@domain/reports';
import type { BookingStatus } from '@domain/statuses';
import type { Env } from '../env';
import { ApiError } from '../lib/errors';
import { sendEmail } from '../providers/email';
import { auditRow } from './audit';
import { deliverOnce } from './deliveries';
import { rateLimited, recordAfterStatement, roomSql } from './rate-limit';
import { listTablemates, publicTablemate } from './tablemates';

/** Bookings whose guest held a seat at the dinner, so may report about it. */
const REPORTING_STATUSES: readonly BookingStatus[] = ['confirmed', 'checked_in', 'no_show'];

/** The guest's own booking and its dinner, or null (another guest's answers as an unknown one). */
async function ownBooking(d: Db, userId: string, bookingId: string) {
  const [row] = await d
    .select({
      id: eventBookings.id,
      status: eventBookings.status,
      tableNumber: eventBookings.tableNumber,
      eventId: eventBookings.eventId,
      startsAt: events.startsAt,
      cancelledAt: events.cancelledAt,
    })
    .from(eventBookings)
    .innerJoin(events, eq(events.id, eventBookings.eventId))
    .where(and(eq(eventBookings.id, bookingId), eq(eventBookings.userId, userId)));
  return row ?? null;
}
type OwnBooking = NonNullable<Awaited<ReturnType<typeof ownBooking>>>;

/** Whether the booking was at the table: only then may its guest see and name who sat there. */
const namesTablemates = (b: OwnBooking) => b.status === 'checked_in';

/** Whether the guest may report about this booking now: they held a seat, and the dinner has started (not cancelled). */
const mayReport = (b: OwnBooking, now: Date) => REPORTING_STATUSES.includes(b.status) && reportOpen(b, now);

/**
 * `GET /api/bookings/:id/tablemates`: whether the guest may report about the booking now, from
 * when, and the tablemates they may name (first name and initial, table, opaque ref; never a user
 * id). Null for another guest's booking or an unknown one.
 */
export async function tablematesForReport(
  env: Pick<Env, 'SESSION_SECRET'>,
  d: Db,
  userId: string,
  bookingId: string,
  now: Date,
) {
  const booking = await ownBooking(d, userId, bookingId);
  if (!booking) return null;
  const open = mayReport(booking, now);
  // Only a guest who was at the table may name who sat there: a no-show (or a guest not yet
  // checked in) reports without naming anyone, and learns nobody's name.
  const mates =
    open && namesTablemates(booking)
      ? await listTablemates(env.SESSION_SECRET, d, { userId, eventId: booking.eventId, bookingId })
      : [];
  return { report_open: open, opens_at: booking.startsAt, tablemates: mates.map(publicTablemate) };
}

/** `report:<user>`: the guest's allowance ({@link REPORT_RATE_LIMITS}), recorded only with a report filed. */
const rateKey = (userId: string) => `report:user:${userId}`;

/**
 * Files a report. 404 `booking_not_found` for a booking that is not the guest's, 409
 * `report_not_open` before the dinner's start (or for a dinner we cancelled), 422 `unknown_guest`
 * for a ref that names nobody at the guest's table, 429 past the allowance: each changes nothing.
 * The report and the allowance's event are written in one batch; the operators are emailed after.
 */
export async function fileReport(env: Env, d: Db, o: { userId: string; input: ReportInput; now?: Date }) {
  const now = o.now ?? new Date();
  const { input } = o;
  let eventId: string | null = null;
  let about: { userId: string; name: string; table_number: number } | null = null;
  if (input.booking_id) {
    const booking = await ownBooking(d, o.userId, input.booking_id);
    if (!booking) throw new ApiError(404, 'booking_not_found', REPORT_COPY.invalid.booking);
    if (!mayReport(booking, now)) throw new ApiError(409, 'report_not_open', REPORT_COPY.errors.notOpen);
    eventId = booking.eventId;
    if (input.about_ref) {
      const mates = !namesTablemates(booking)
        ? []
        : await listTablemates(env.SESSION_SECRET, d, {
            userId: o.userId,
            eventId: booking.eventId,
            bookingId: input.booking_id,
          });
      const mate = mates.find((m) => m.ref === input.about_ref);
      if (!mate)
        throw new ApiError(422, 'unknown_guest', REPORT_COPY.errors.unknownGuest, {
          about_ref: REPORT_COPY.errors.unknownGuest,
        });
      about = { userId: mate.userId, name: mate.name, table_number: mate.table_number };
    }
  } else if (input.about_ref) {
    // The schema forwards this already; kept so the service never trusts its caller.
    throw new ApiError(422, 'unknown_guest', REPORT_COPY.errors.unknownGuest, {
      about_ref: REPORT_COPY.errors.unknownGuest,
    });
  }

  const id = `rpt_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const urgent = isUrgentCategory(input.category);
  const nowIso = now.toISOString();
  const key = rateKey(o.userId);
  // Every column in the table's order; written only while the guest's allowance has room.
  await d.batch([
    d.insert(reports).select(
      sql`SELECT ${id}, ${o.userId}, ${input.booking_id ?? null}, ${eventId}, ${input.category}, ${input.description},
          ${about?.userId ?? null}, ${urgent ? 1 : 0}, 'open', ${nowIso}, NULL, NULL
          WHERE ${roomSql(key, REPORT_RATE_LIMITS, now.getTime())}`,
    ),
    recordAfterStatement(d, key, now.getTime()),
  ]);
  const [filed] = await d.select({ id: reports.id }).from(reports).where(eq(reports.id, id));
  if (!filed) throw await rateLimited(d, key, REPORT_RATE_LIMITS, now.getTime());

  await alertOperators(env, d, id).catch((err) =>
    console.error(JSON.stringify({ level: 'error', alert: 'report_alert_failed', report: id, error: String(err) })),
  );
  return {
    id,
    category: input.category,
    urgent,
    status: 'open' as ReportStatus,
    created_at: nowIso,
    booking_id: input.booking_id ?? null,
    about: about ? { name: about.name, table_number: about.table_number } : null,
  };
}

/**
 * Emails every operator with an address (the confirmed profile email, else the account's) that a
 * report came in: its category and dinner, and the console's link; never the names nor the words
 * (they stay in the console). Once per report and operator, whoever asks again.
 */
export async function alertOperators(env: Env, d: Db, reportId: string) {
  const [report] = await d
    .select({ category: reports.category, urgent: reports.urgent, title: events.title, date: events.date })
    .from(reports)
    .leftJoin(events, eq(events.id, reports.eventId))
    .where(eq(reports.id, reportId));
  if (!report) return;
  const operators = await d
    .select({
      id: users.id,
      email: sql<
        string | null
      >`COALESCE(CASE WHEN ${userProfiles.emailVerifiedAt} IS NOT NULL THEN ${userProfiles.email} END, ${users.email})`,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(and(eq(users.role, 'operator'), isNull(users.erasedAt)));
  const mail = reportAlertEmail({
    urgent: Boolean(report.urgent),
    category: REPORT_CATEGORY_COPY[report.category].label,
    dinner: report.title ? `${report.title} (${report.date})` : null,
    reportsUrl: `${env.APP_ORIGIN.replace(/\/+$/, '')}/admin/reports`,
  });
  for (const op of operators) {
    const to = op.email;
    if (!to) continue;
    await deliverOnce(d, { key: DELIVERY_KEYS.reportAlert(reportId, op.id), channel: 'email', userId: op.id }, (k) =>
      sendEmail(env, { to, ...mail }, k),
    );
  }
}

const reporter = alias(users, 'report_reporter');
const reporterProfile = alias(userProfiles, 'report_reporter_profile');
const about = alias(users, 'report_about');
const aboutProfile = alias(userProfiles, 'report_about_profile');
const nameOf = (account: { fullName: SQLiteColumn }, profile: { fullName: SQLiteColumn }) =>
  sql<string | null>`COALESCE(NULLIF(TRIM(${profile.fullName}), ''), ${account.fullName})`;

/**
 * The console's reports (one query, for a batch too): open ones first, urgent first, newest first.
 * Every column has a name of its own (D1 batch rows are keyed by column name).
 */
export function reportRowsQuery(d: Db, filter: { status: 'open' | 'all' } | { id: string }) {
  const where: SQL | undefined =
    'id' in filter ? eq(reports.id, filter.id) : filter.status === 'open' ? eq(reports.status, 'open') : undefined;
  return d
    .select({
      id: reports.id,
      category: reports.category,
      description: reports.description,
      urgent: reports.urgent,
      status: reports.status,
      created_at: reports.createdAt,
      resolved_at: reports.resolvedAt,
      booking_id: reports.bookingId,
      event_id: reports.eventId,
      event_title: sql<string | null>`${events.title}`.as('event_title'),
      event_date: sql<string | null>`${events.date}`.as('event_date'),
      event_starts_at: sql<string | null>`${events.startsAt}`.as('event_starts_at'),
      reporter_id: reports.reporterId,
      reporter_name: nameOf(reporter, reporterProfile).as('reporter_name'),
      about_id: reports.aboutUserId,
      about_name: nameOf(about, aboutProfile).as('about_name'),
      about_role: sql<string | null>`${about.role}`.as('about_role'),
      about_suspended_at: sql<string | null>`${about.suspendedAt}`.as('about_suspended_at'),
    })
    .from(reports)
    .leftJoin(events, eq(events.id, reports.eventId))
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(reporterProfile, eq(reporterProfile.userId, reports.reporterId))
    .leftJoin(about, eq(about.id, reports.aboutUserId))
    .leftJoin(aboutProfile, eq(aboutProfile.userId, reports.aboutUserId))
    .where(where)
    .orderBy(sql`CASE ${reports.status} WHEN 'open' THEN 0 ELSE 1 END`, desc(reports.urgent), desc(reports.createdAt))
    .limit(200);
}
type ReportRow = Awaited<ReturnType<typeof reportRowsQuery>>[number];

/** A report as the console shows it: the dinner, the reporter (by name), the guest concerned, what and when. */
export const reportWire = (r: ReportRow) => ({
  id: r.id,
  category: r.category as ReportCategory,
  category_label: REPORT_CATEGORY_SHORT[r.category as ReportCategory],
  urgent: Boolean(r.urgent),
  status: r.status as ReportStatus,
  description: r.description,
  created_at: r.created_at,
  resolved_at: r.resolved_at,
  booking_id: r.booking_id,
  event: r.event_id
    ? { id: r.event_id, title: r.event_title ?? '', date: r.event_date, starts_at: r.event_starts_at }
    : null,
  reporter: { id: r.reporter_id, name: r.reporter_name ?? '' },
  about: r.about_id
    ? {
        id: r.about_id,
        name: r.about_name ?? '',
        suspended_at: r.about_suspended_at,
        can_suspend: r.about_role !== 'operator',
      }
    : null,
});
export type ConsoleReport = ReturnType<typeof reportWire>;

/** `GET /api/admin/reports`: `?status=all` for the resolved ones too. */
export async function listReports(d: Db, status: 'open' | 'all') {
  return (await reportRowsQuery(d, { status })).map(reportWire);
}

export type ResolveResult =
  | { kind: 'not_found' }
  | { kind: 'already_resolved' }
  | { kind: 'done'; report: ConsoleReport };

/** Marks a report resolved, with its audit row in the same batch; a second click changes nothing. */
export async function resolveReport(
  d: Db,
  actorId: string,
  reportId: string,
  now = new Date(),
): Promise<ResolveResult> {
  const nowIso = now.toISOString();
  const [moved] = await d.batch([
    d
      .update(reports)
      .set({ status: 'resolved', resolvedAt: nowIso, resolvedBy: actorId })
      .where(and(eq(reports.id, reportId), eq(reports.status, 'open')))
      .returning({ id: reports.id }),
    auditRow(d, {
      actorId,
      action: 'report.resolve',
      target: `report:${reportId}`,
      before: { status: 'open' },
      after: { status: 'resolved' },
    }),
  ]);
  const [row] = await reportRowsQuery(d, { id: reportId });
  if (!row) return { kind: 'not_found' };
  if (moved.length === 0) return { kind: 'already_resolved' };
  return { kind: 'done', report: reportWire(row) };
}
