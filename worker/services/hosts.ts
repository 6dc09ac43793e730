/**
 * Who hosts a dinner (docs/decisions/019): an operator assigns accounts holding the `host` role to
 * a dinner (`event_hosts`), and removes them. Each write is one conditional statement with its
 * audit row in the same batch; a repeat changes nothing and records nothing.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventHosts, events, userProfiles, users } from '../../db/schema';
import type { HostWho } from '@domain/host';
import { auditRow, auditRowBefore, eventTarget } from './audit';

/** The hosts of one dinner, first assigned first, with how to reach them. */
function hostsOf(d: Db, eventId: string) {
  return d
    .select({
      user_id: eventHosts.userId,
      // Aliased: a D1 batch reads rows by column name, and both tables have `full_name`.
      name: sql<string>`COALESCE(NULLIF(TRIM(${userProfiles.fullName}), ''), NULLIF(TRIM(${users.fullName}), ''), ${users.email}, ${users.phone}, '')`.as(
        'host_name',
      ),
      phone: sql<string | null>`${users.phone}`.as('host_phone'),
      email: sql<string | null>`${users.email}`.as('host_email'),
      assigned_at: eventHosts.createdAt,
    })
    .from(eventHosts)
    .innerJoin(users, eq(users.id, eventHosts.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, eventHosts.userId))
    .where(eq(eventHosts.eventId, eventId))
    .orderBy(asc(eventHosts.createdAt), asc(eventHosts.userId));
}
export type DinnerHost = Awaited<ReturnType<typeof hostsOf>>[number];

const dinnerOf = (d: Db, eventId: string) =>
  d.select({ id: events.id, cancelled_at: events.cancelledAt }).from(events).where(eq(events.id, eventId));

/** A dinner's hosts; null when there is no such dinner. One round trip. */
export async function listDinnerHosts(d: Db, eventId: string) {
  const [[event], hosts] = await d.batch([dinnerOf(d, eventId), hostsOf(d, eventId)]);
  return event ? { hosts } : null;
}

export type AssignResult =
  | { kind: 'not_found' }
  | { kind: 'cancelled' }
  | { kind: 'user_unknown' }
  | { kind: 'not_a_host' }
  | { kind: 'done'; changed: boolean; hosts: DinnerHost[] };

/**
 * Makes `who` a host of the dinner. Idempotent: assigning them again changes nothing and records
 * nothing (`changed: false`). The insert is conditional on the role at the moment of writing, so
 * a role taken away between the read and the write assigns nobody. Two round trips.
 */
export async function assignHost(d: Db, actorId: string, eventId: string, who: HostWho): Promise<AssignResult> {
  const column = who.column === 'phone' ? users.phone : users.email;
  const [[event], [user]] = await d.batch([
    dinnerOf(d, eventId),
    d.select({ id: users.id, role: users.role }).from(users).where(eq(column, who.value)),
  ]);
  if (!event) return { kind: 'not_found' };
  if (event.cancelled_at) return { kind: 'cancelled' };
  if (!user) return { kind: 'user_unknown' };
  if (user.role !== 'host') return { kind: 'not_a_host' };
  const [inserted, , hosts] = await d.batch([
    d
      .insert(eventHosts)
      .select(
        sql`SELECT ${eventId}, ${users.id}, ${actorId}, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM ${users} WHERE ${users.id} = ${user.id} AND ${users.role} = 'host'`,
      )
      .onConflictDoNothing()
      .returning({ user_id: eventHosts.userId }),
    auditRow(d, {
      actorId,
      action: 'event.host_assign',
      target: eventTarget(eventId),
      before: null,
      after: { host_user_id: user.id },
    }),
    hostsOf(d, eventId),
  ]);
  if (inserted.length === 0 && !hosts.some((h) => h.user_id === user.id)) return { kind: 'not_a_host' };
  return { kind: 'done', changed: inserted.length > 0, hosts };
}

/**
 * Takes `userId` off the dinner's hosts; removing someone who is not a host changes nothing
 * (`changed: false`). One round trip: the audit row reads the assignment as it is, then it goes.
 */
export async function removeHost(d: Db, actorId: string, eventId: string, userId: string) {
  const assigned = and(eq(eventHosts.eventId, eventId), eq(eventHosts.userId, userId));
  const [[event], , removed, hosts] = await d.batch([
    dinnerOf(d, eventId),
    auditRowBefore(d, {
      actorId,
      action: 'event.host_remove',
      target: eventTarget(eventId),
      before: sql`json_object('host_user_id', ${eventHosts.userId})`,
      after: null,
      from: sql`${eventHosts}`,
      where: assigned,
    }),
    d.delete(eventHosts).where(assigned).returning({ user_id: eventHosts.userId }),
    hostsOf(d, eventId),
  ]);
  if (!event) return null;
  return { changed: removed.length > 0, hosts };
}
