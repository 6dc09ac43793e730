import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { deliveries, eventBookings } from '../../db/schema';
import { handleScheduled } from '../../worker/scheduled';
import { dueReminder } from '../../worker/services/reminders';
import {
  createEvent,
  createGuest,
  message,
  orderRow,
  outboxFor,
  placeOrder,
  runQueue,
  sandboxPay,
} from './helpers/booking-fixtures';

const controller = {} as ScheduledController;

describe('dueReminder (cron runs in UTC, dinners are in IST)', () => {
  const startsAt = '2026-11-28T13:30:00.000Z'; // Saturday 28 Nov, 7:00 PM IST
  it.each([
    ['2026-11-26T14:00:00.000Z', '48h'],
    ['2026-11-27T14:00:00.000Z', '24h'],
    // 01:30 IST on the 28th is still the 27th in UTC: it is the day of the dinner in India.
    ['2026-11-27T20:00:00.000Z', 'day_of'],
    ['2026-11-28T02:00:00.000Z', 'day_of'],
    ['2026-11-26T10:00:00.000Z', null],
    ['2026-11-28T14:00:00.000Z', null],
  ])('at %s the due reminder is %s', (now, kind) => {
    expect(dueReminder(startsAt, new Date(now))).toBe(kind);
  });
});

async function confirmedBooking(inHours: number) {
  const guest = await createGuest();
  const event = await createEvent({ inHours });
  const order = await placeOrder(guest.cookie, event.id);
  const paid = await sandboxPay(order.orderId);
  await runQueue('bookings', [message(order.orderId, paid.razorpay_payment_id)]);
  const row = await orderRow(order.orderId);
  const [booking] = await db(env.DB).select().from(eventBookings).where(eq(eventBookings.orderId, row.id));
  return { guest, event, booking };
}

describe('scheduled reminders', () => {
  it('sends the due reminder once by email and WhatsApp, however often the cron runs', async () => {
    const { guest, booking } = await confirmedBooking(30);
    await handleScheduled(controller, env);
    await handleScheduled(controller, env);
    const rows = await db(env.DB)
      .select()
      .from(deliveries)
      // 30 hours before the dinner: the 48-hour reminder (SPEC §9), named as a literal, not by the rule under test.
      .where(eq(deliveries.key, `reminder:48h:${booking.id}`));
    expect(rows.map((r) => [r.channel, r.state]).sort()).toEqual([
      ['email', 'sent'],
      ['whatsapp', 'sent'],
    ]);
    const emails = (await outboxFor(guest.email)).filter((m) => m.subject?.includes(' is '));
    expect(emails).toHaveLength(1);
    const whatsapps = (await outboxFor(guest.phone)).filter((m) => m.body.includes('event_reminder_'));
    expect(whatsapps).toHaveLength(1);
  });

  it('the 48-hour reminder reveals the venue', async () => {
    const { guest, event } = await confirmedBooking(47);
    await handleScheduled(controller, env);
    const [mail] = (await outboxFor(guest.email)).filter((m) => m.subject?.includes('in two days'));
    expect(mail.body).toContain(event.venueName as string);
  });

  it('sends nothing for a dinner more than 48 hours away', async () => {
    const { booking } = await confirmedBooking(72);
    await handleScheduled(controller, env);
    const claims = await db(env.DB).select().from(deliveries).where(eq(deliveries.bookingId, booking.id));
    expect(claims.filter((r) => r.key.startsWith('reminder:'))).toEqual([]);
  });
});
