/**
 * Consents (issue 22, DPDP Act 2023): the one writer of `consents`. Rows are never updated; the
 * newest row per guest and purpose is the current state (ties within a millisecond broken by
 * insertion order). Writes are single conditional INSERTs, so a repeat (a double click, a retry)
 * adds no row and two racing requests cannot both record the same change.
 */
import { and, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consents, newsletterSignups, userProfiles, users } from '../../db/schema';
import {
  CONSENT_NOTICE_VERSION,
  CONSENT_REQUIRED,
  type ConsentPurpose,
  type ConsentSource,
  type ConsentsView,
  hasCurrentConsent,
} from '@domain/consent';
import { CONSENT_COPY } from '@domain/copy-consent';
import { ApiError } from '../lib/errors';

/** The newest row of `purpose` for `userId`, as a query a caller can put in its own batch. */
export const newestConsent = (d: Db, userId: string, purpose: ConsentPurpose) =>
  d
    .select({ noticeVersion: consents.noticeVersion, granted: consents.granted, createdAt: consents.createdAt })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.purpose, purpose)))
    .orderBy(desc(consents.createdAt), desc(sql`${consents}.rowid`))
    .limit(1);

type Newest = Array<{ noticeVersion: string; granted: number }>;

/** The wire shape from the two newest rows (service, marketing). */
const view = (service: Newest, marketing: Newest): ConsentsView => ({
  notice_version: service[0]?.granted === 1 ? service[0].noticeVersion : null,
  current_notice_version: CONSENT_NOTICE_VERSION,
  notice_required: !hasCurrentConsent(service[0]),
  marketing: marketing[0]?.granted === 1,
});

/** The guest's consents: one round trip. */
export async function consentsOf(d: Db, userId: string): Promise<ConsentsView> {
  const [service, marketing] = await d.batch([
    newestConsent(d, userId, 'service'),
    newestConsent(d, userId, 'marketing'),
  ]);
  return view(service, marketing);
}

/** The refusal of a write that needs the current notice agreed: nothing is changed. */
export const consentRequired = () => new ApiError(403, CONSENT_REQUIRED, CONSENT_COPY.errors.required);

/** Throws {@link consentRequired} unless the newest `service` row (from the caller's batch) agrees to the current notice. */
export function assertConsented(newestService: Newest): void {
  if (!hasCurrentConsent(newestService[0])) throw consentRequired();
}

/**
 * 1 when `userId`'s newest `service` row agrees to the current notice, else 0, as a column a
 * caller adds to a read it makes anyway (orders, waitlist joins and offers): the check costs no
 * round trip of its own.
 */
export const consentedSql = (userId: string) =>
  sql<number>`coalesce((SELECT c.granted = 1 AND c.notice_version = ${CONSENT_NOTICE_VERSION} FROM consents AS c
    WHERE c.user_id = ${userId} AND c.purpose = 'service' ORDER BY c.created_at DESC, c.rowid DESC LIMIT 1), 0)`;

/** Throws {@link consentRequired} unless {@link consentedSql}'s column is 1. */
export function assertConsentedColumn(consented: number | null | undefined): void {
  if (Number(consented) !== 1) throw consentRequired();
}

/** The newest `granted` of a purpose, as SQL (NULL without a row). */
const newestGranted = (userId: string, purpose: ConsentPurpose) =>
  sql`(SELECT c.granted FROM consents AS c WHERE c.user_id = ${userId} AND c.purpose = ${purpose} ORDER BY c.created_at DESC, c.rowid DESC LIMIT 1)`;

/** Now, as the table's default writes it. */
const NOW = sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

/**
 * One consents row, inserted only `when` the SQL condition holds (INSERT … SELECT … WHERE, so
 * the check and the write are one statement, batchable). Columns in the table's order.
 */
const insertWhen = (
  d: Db,
  row: { userId: string; purpose: ConsentPurpose; granted: 0 | 1; source: ConsentSource },
  when: SQL,
) =>
  d
    .insert(consents)
    .select(
      sql`SELECT ${crypto.randomUUID()}, ${row.userId}, ${row.purpose}, ${CONSENT_NOTICE_VERSION}, ${row.granted}, ${row.source}, ${NOW} WHERE ${when}`,
    );

/** Agrees to the current notice, unless the newest row already does. */
const agreeStatement = (d: Db, userId: string) =>
  insertWhen(
    d,
    { userId, purpose: 'service', granted: 1, source: 'notice' },
    sql`coalesce((SELECT c.granted = 1 AND c.notice_version = ${CONSENT_NOTICE_VERSION} FROM consents AS c
      WHERE c.user_id = ${userId} AND c.purpose = 'service' ORDER BY c.created_at DESC, c.rowid DESC LIMIT 1), 0) = 0`,
  );

/** Marketing on or off, unless it already is (no row counts as off: marketing is opt-in). */
const marketingStatement = (d: Db, userId: string, on: boolean, source: ConsentSource) =>
  insertWhen(
    d,
    { userId, purpose: 'marketing', granted: on ? 1 : 0, source },
    sql`coalesce(${newestGranted(userId, 'marketing')}, 0) != ${on ? 1 : 0}`,
  );

/**
 * Withdrawing marketing also takes the guest's own addresses off the newsletter list: a footer
 * sign-up with the same address must not keep mailing someone who just said no.
 */
const dropOwnAddresses = (d: Db, userId: string) =>
  d
    .delete(newsletterSignups)
    .where(
      or(
        sql`${newsletterSignups.email} = (SELECT lower(${userProfiles.email}) FROM ${userProfiles} WHERE ${userProfiles.userId} = ${userId})`,
        sql`${newsletterSignups.email} = (SELECT lower(${users.email}) FROM ${users} WHERE ${users.id} = ${userId})`,
      ),
    );

/**
 * `PUT /api/me/consents`: agrees to the notice and/or turns marketing on or off, then answers the
 * consents as they now stand, all in one batch. `notice_version` must be the current one (the
 * guest agreed to what they saw): an older one is 409 and nothing is recorded.
 */
export async function updateConsents(
  d: Db,
  userId: string,
  change: { notice_version?: string; marketing?: boolean },
  source: ConsentSource = 'profile',
): Promise<ConsentsView> {
  if (change.notice_version !== undefined && change.notice_version !== CONSENT_NOTICE_VERSION)
    throw new ApiError(409, 'notice_outdated', CONSENT_COPY.errors.outdated);
  const writes = [
    ...(change.notice_version !== undefined ? [agreeStatement(d, userId)] : []),
    ...(change.marketing !== undefined ? [marketingStatement(d, userId, change.marketing, source)] : []),
    ...(change.marketing === false ? [dropOwnAddresses(d, userId)] : []),
  ];
  const results = await d.batch([
    ...writes,
    newestConsent(d, userId, 'service'),
    newestConsent(d, userId, 'marketing'),
  ] as unknown as [ReturnType<typeof newestConsent>, ...ReturnType<typeof newestConsent>[]]);
  const [service, marketing] = results.slice(-2) as unknown as [Newest, Newest];
  return view(service, marketing);
}

/** The statements recording a signed-in guest's marketing choice (e.g. the footer form), for the caller's batch. */
export const recordMarketingStatements = (d: Db, userId: string, on: boolean, source: ConsentSource) =>
  [marketingStatement(d, userId, on, source), ...(on ? [] : [dropOwnAddresses(d, userId)])] as const;

/**
 * An unsubscribe link's withdrawal for `email` (no sign-in: the link's signature is the proof):
 * the address leaves the newsletter list, and every live (not erased) account whose address it
 * is gets a marketing withdrawal (source `unsubscribe_link`) unless it is off already, and loses
 * its other addresses from the list too, as the /profile switch does. Two round trips.
 */
export async function withdrawByEmail(d: Db, email: string): Promise<void> {
  const owners = await d
    .select({ id: users.id })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(
      and(
        // An erased account has nothing to withdraw, and gets no new row.
        isNull(users.erasedAt),
        // Addresses are stored lower-cased (domain/email.ts), so plain equality uses their indexes.
        or(eq(users.email, email), eq(userProfiles.email, email)),
      ),
    );
  const ids = [...new Set(owners.map((o) => o.id))];
  await d.batch([
    d.delete(newsletterSignups).where(eq(newsletterSignups.email, email)),
    ...ids.flatMap((id) => [marketingStatement(d, id, false, 'unsubscribe_link'), dropOwnAddresses(d, id)]),
  ]);
}

/**
 * Whether marketing may go to a guest (a promotional WhatsApp, a newsletter to their profile
 * email): only with their newest marketing row granted. Booking messages never ask this.
 */
export async function marketingAllowed(d: Db, userId: string): Promise<boolean> {
  const [row] = await newestConsent(d, userId, 'marketing');
  return row?.granted === 1;
}
